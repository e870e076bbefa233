/**
 * A JSON value written as a JavaScript literal in the layout @scalar/snippetz gives the fetch and
 * undici samples (objects one property a line, arrays on one line unless an item spans lines).
 * snippetz 0.6.19, the last release for Node 20, writes arrays nested in arrays as objects
 * (`{ 0: …, 1: … }`), leaves `'` and `\` in strings unescaped and keys such as `a.b` or `@id`
 * unquoted: valid-looking samples that send another body, or no sample that runs. docsgen prints
 * the JSON bodies of those samples itself with this (code-samples.ts).
 */
export function jsLiteral(value: unknown, indent = 0): string {
  if (Array.isArray(value)) return arrayLiteral(value, indent);
  if (value !== null && typeof value === 'object') return objectLiteral(value as Record<string, unknown>, indent);
  if (typeof value === 'string') return stringLiteral(value);
  return JSON.stringify(value) ?? 'null';
}

/**
 * A single-quoted string literal: JSON's escapes, with `'` escaped instead of `"`, and the line
 * and paragraph separators escaped too (JSON leaves them raw; older engines end a line there).
 */
export function stringLiteral(text: string): string {
  const escaped = JSON.stringify(text)
    .slice(1, -1)
    .replace(/\\"/g, '"')
    .replace(/'/g, "\\'")
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `'${escaped}'`;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const keyLiteral = (key: string) => (IDENTIFIER.test(key) ? key : stringLiteral(key));

function objectLiteral(object: Record<string, unknown>, indent: number): string {
  const keys = Object.keys(object);
  if (keys.length === 0) return '{}';
  const inner = ' '.repeat(indent + 2);
  const lines = keys.map((key) => `${inner}${keyLiteral(key)}: ${jsLiteral(object[key], indent + 2)}`);
  return `{\n${lines.join(',\n')}\n${' '.repeat(indent)}}`;
}

/**
 * `indent` is that of the line the array starts on. Items are printed unindented; when one spans
 * lines, each goes on its own lines, 2 spaces further in, and `]` on a line of its own.
 */
function arrayLiteral(items: unknown[], indent: number): string {
  const printed = items.map((item) => jsLiteral(item, 0));
  if (!printed.some((item) => item.includes('\n'))) return `[${printed.join(', ')}]`;
  const pad = ' '.repeat(indent + 2);
  const indented = printed.map((item) =>
    item
      .split('\n')
      .map((line) => pad + line)
      .join('\n'),
  );
  return `[\n${indented.join(',\n')}\n${' '.repeat(indent)}]`;
}
