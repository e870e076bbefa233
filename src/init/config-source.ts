/**
 * Writes a config value as TypeScript source, the way people write configs: identifiers unquoted,
 * strings in single quotes, short objects and arrays on one line. Deterministic: the same value
 * always gives the same text.
 */

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const LINE_WIDTH = 110;

export function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function scalarSource(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (value === undefined) return 'undefined';
  return JSON.stringify(value);
}

/** `value` as source, its first line at `indent` columns. */
export function valueSource(value: unknown, indent = 0): string {
  if (value === null || typeof value !== 'object') return scalarSource(value);
  const pad = ' '.repeat(indent + 2);
  const entries = Array.isArray(value)
    ? value.map((item) => valueSource(item, indent + 2))
    : Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => `${IDENTIFIER.test(key) ? key : quote(key)}: ${valueSource(item, indent + 2)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{ ', ' }'];
  if (entries.length === 0) return Array.isArray(value) ? '[]' : '{}';
  const inline = `${open}${entries.join(', ')}${close}`.replace(/^\[ | \]$/g, '');
  if (inline.length + indent <= LINE_WIDTH && !inline.includes('\n')) return inline;
  return `${open.trim()}\n${entries.map((entry) => `${pad}${entry},`).join('\n')}\n${' '.repeat(indent)}${close.trim()}`;
}

/** A whole site.config.ts exporting `config`, with a comment on top. */
export function configFileSource(config: Record<string, unknown>, comment: string[]): string {
  return [
    ...comment.map((line) => `// ${line}`.trimEnd()),
    "import { defineConfig } from 'docsgen';",
    '',
    `export default defineConfig(${valueSource(config)});`,
    '',
  ].join('\n');
}
