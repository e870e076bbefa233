import { convertLegacyAdmonitionTitles } from '../docusaurus/legacy-admonition-titles.js';

const FENCE = /^(?:> ?)*[ \t]*(`{3,}|~{3,})(.*)$/;
const HEADING_ID = /^(\s{0,3}#{1,6}\s.*?)\{(#[^{}\s]+)\}(\s*)$/gm;
const COMMENT = /<!--([\s\S]*?)-->/g;

/** Applies `change` to each run of lines outside fenced code blocks (line count kept). */
function outsideFences(source: string, change: (text: string) => string): string {
  const lines = source.split('\n');
  const out: string[] = [];
  let run: string[] = [];
  let fence: string | undefined;
  const flush = () => {
    if (run.length) out.push(change(run.join('\n')));
    run = [];
  };
  for (const line of lines) {
    const [, marks, rest] = FENCE.exec(line) ?? [];
    if (fence) {
      if (marks && marks[0] === fence[0] && marks.length >= fence.length && !rest.trim()) fence = undefined;
      out.push(line);
    } else if (marks) {
      flush();
      fence = marks;
      out.push(line);
    } else run.push(line);
  }
  flush();
  return out.join('\n');
}

/**
 * What Docusaurus 3 accepts in MDX beyond the MDX grammar (its `mdx1Compat` options, on by
 * default), rewritten before parsing so that positions stay those of the file:
 * `:::note Title` admonition titles, `## Heading {#custom-id}` (the braces would be a JavaScript
 * expression: escaped, the heading plugin reads the id) and `<!-- comments -->` (MDX comments).
 */
export function prepareMdxSource(body: string): string {
  const admonitions = convertLegacyAdmonitionTitles(body);
  if (!admonitions.includes('{#') && !admonitions.includes('<!--')) return admonitions;
  return outsideFences(admonitions, (text) =>
    text
      .replace(HEADING_ID, '$1\\{$2}$3')
      .replace(COMMENT, (_, inner: string) => `{/*${inner.replace(/\*\//g, '* /')}*/}`),
  );
}
