/** JSON pointer helpers (RFC 6901) for `$ref`s and diagnostics. */

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** ['paths', '/gateways', 'get'] → '#/paths/~1gateways/get'. */
export function toPointer(tokens: readonly (string | number)[]): string {
  return `#${tokens.map((t) => `/${escapePointerToken(String(t))}`).join('')}`;
}

/** The value at a local pointer ('#/components/schemas/Gateway'), or undefined. */
export function getAtPointer(document: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#')) return undefined;
  const path = pointer.slice(1);
  if (path === '') return document;
  if (!path.startsWith('/')) return undefined;
  let node: unknown = document;
  for (const raw of path.slice(1).split('/')) {
    // Most tokens are plain names: decoding is skipped unless the token has an escape (a hot path: every `$ref`).
    const decoded = raw.includes('%') ? decodeURIComponent(raw) : raw;
    const token = decoded.includes('~') ? decoded.replace(/~1/g, '/').replace(/~0/g, '~') : decoded;
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, token))
      return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** The last token of a pointer, used as a schema's name: '#/components/schemas/Gateway' → 'Gateway'. */
export function pointerName(pointer: string): string {
  const last = pointer.split('/').pop() ?? pointer;
  return last.replace(/~1/g, '/').replace(/~0/g, '~');
}
