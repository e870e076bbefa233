import type { ServerObject } from './openapi-types.js';

/** A server's URL with its `{variables}` set to their defaults, without a trailing slash. */
export function serverUrl(server: ServerObject | undefined): string {
  if (!server || typeof server.url !== 'string') return '';
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value: unknown = server.variables?.[name]?.default;
    // A default that is not a string or finite number cannot be written in a URL: the variable stays as written.
    return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : whole;
  });
  return url.replace(/\/+$/, '');
}
