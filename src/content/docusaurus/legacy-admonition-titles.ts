import { ADMONITION_TYPES } from './admonition-types.js';

// `> > :::note Title` → quote, indentation, colons+name, title (Docusaurus' own pattern).
const LEGACY_TITLE = new RegExp(`^((?:> ?)*)([ \\t]*)(:{3,}(?:${ADMONITION_TYPES.join('|')}))[ \\t]+(\\S.*?)[ \\t]*$`);
const FENCE = /^(?:> ?)*[ \t]*(`{3,}|~{3,})(.*)$/;

/**
 * Rewrites the Docusaurus 1–2 admonition title syntax `:::note Some title` into the directive
 * label `:::note[Some title]` that remark-directive reads (what Docusaurus 3 does before parsing).
 * Unlike Docusaurus, lines inside fenced code blocks are left alone, so a code sample that shows
 * the syntax stays as written. Line count and line starts are unchanged, so positions still hold.
 */
export function convertLegacyAdmonitionTitles(markdown: string): string {
  if (!markdown.includes(':::')) return markdown;
  const lines = markdown.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const [, marks, rest] = FENCE.exec(lines[i]) ?? [];
    if (fence) {
      // A closing fence: the same character, at least as long, nothing after it.
      if (marks && marks[0] === fence[0] && marks.length >= fence.length && !rest.trim()) fence = undefined;
      continue;
    }
    if (marks) {
      fence = marks;
      continue;
    }
    const match = LEGACY_TITLE.exec(lines[i]);
    if (match && !match[4].startsWith('[') && !match[4].startsWith('{')) {
      lines[i] = `${match[1]}${match[2]}${match[3]}[${match[4]}]`;
    }
  }
  return lines.join('\n');
}
