import type { ServerObject } from './openapi-types.js';

/** A server's URL with its `{variables}` set to their defaults, without a trailing slash. */
export function serverUrl(server: ServerObject | undefined): string {
  if (!server || typeof server.url !== 'string') return '';
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
  return url.replace(/\/+$/, '');
}
