/**
 * Docusaurus' magic comments: `highlight-next-line`, `highlight-start` … `highlight-end`, written
 * as a comment of the block's language; the comment lines are removed from the shown code.
 * Comment syntaxes and the languages that use them are Docusaurus' own table (theme-common's
 * codeBlockUtils), so a block highlights the same lines in both tools; an unknown language
 * accepts every syntax.
 */
const COMMENT_SYNTAX = {
  js: ['\\/\\/', ''],
  jsBlock: ['\\/\\*', '\\*\\/'],
  jsx: ['\\{\\s*\\/\\*', '\\*\\/\\s*\\}'],
  bash: ['#', ''],
  html: ['<!--', '-->'],
  lua: ['--', ''],
  wasm: ['\\;\\;', ''],
  tex: ['%', ''],
  vb: ["['‘’]", ''],
  vbnet: ["(?:_\\s*)?['‘’]", ''],
  rem: ['[Rr][Ee][Mm]\\b', ''],
  f90: ['!', ''],
  ml: ['\\(\\*', '\\*\\)'],
  cobol: ['\\*>', ''],
} as const;

type CommentSyntax = keyof typeof COMMENT_SYNTAX;

const SYNTAXES_OF: Record<string, CommentSyntax[]> = {
  js: ['js', 'jsBlock'],
  javascript: ['js', 'jsBlock'],
  ts: ['js', 'jsBlock'],
  typescript: ['js', 'jsBlock'],
  jsx: ['js', 'jsBlock', 'jsx'],
  tsx: ['js', 'jsBlock', 'jsx'],
  html: ['js', 'jsBlock', 'html'],
  python: ['bash'],
  py: ['bash'],
  bash: ['bash'],
  markdown: ['html', 'jsx', 'bash'],
  md: ['html', 'jsx', 'bash'],
  tex: ['tex'],
  latex: ['tex'],
  matlab: ['tex'],
  lua: ['lua'],
  haskell: ['lua'],
  sql: ['lua', 'jsBlock'],
  wasm: ['wasm'],
  vb: ['vb', 'rem'],
  vba: ['vb', 'rem'],
  'visual-basic': ['vb', 'rem'],
  vbnet: ['vbnet', 'rem'],
  batch: ['rem'],
  basic: ['rem', 'f90'],
  fsharp: ['js', 'ml'],
  ocaml: ['ml'],
  sml: ['ml'],
  fortran: ['f90'],
  cobol: ['cobol'],
};

const DIRECTIVES = '(highlight-next-line|highlight-start|highlight-end)';

function directivePattern(language: string): RegExp {
  const syntaxes = SYNTAXES_OF[language] ?? (Object.keys(COMMENT_SYNTAX) as CommentSyntax[]);
  const alternatives = syntaxes.map((name) => {
    const [start, end] = COMMENT_SYNTAX[name];
    return `(?:${start}\\s*${DIRECTIVES}\\s*${end})`;
  });
  return new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
}

export interface MagicCommentResult {
  /** The code without the magic comment lines. */
  code: string;
  /** 1-based numbers of the lines to highlight, in the returned code. */
  highlightLines: Set<number>;
}

/** Applies the magic comments of one code block. Blocks without any are returned unchanged. */
export function applyMagicComments(code: string, language: string | undefined): MagicCommentResult {
  const highlightLines = new Set<number>();
  if (language === undefined || !code.includes('highlight-')) return { code, highlightLines };
  const pattern = directivePattern(language.toLowerCase());
  const kept: string[] = [];
  let nextLine = false;
  let openRanges = 0;
  for (const line of code.split('\n')) {
    const match = pattern.exec(line);
    const directive = match?.slice(1).find(Boolean);
    if (directive === 'highlight-next-line') nextLine = true;
    else if (directive === 'highlight-start') openRanges++;
    else if (directive === 'highlight-end') openRanges = Math.max(0, openRanges - 1);
    else {
      kept.push(line);
      if (nextLine || openRanges > 0) highlightLines.add(kept.length);
      nextLine = false;
    }
  }
  return { code: kept.join('\n'), highlightLines };
}
