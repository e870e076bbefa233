import { createLowlight, common } from 'lowlight';
import { toHtml } from 'hast-util-to-html';
import type { Root, ElementContent, Element, Text } from 'hast';
import { warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import http from 'highlight.js/lib/languages/http';
import powershell from 'highlight.js/lib/languages/powershell';
import dart from 'highlight.js/lib/languages/dart';
import ocaml from 'highlight.js/lib/languages/ocaml';

/**
 * highlight.js' HTTP grammar guesses the language of a message body by highlighting it with every
 * registered language and keeping the best (a fifth of the site's highlighting time for three
 * small bodies). API bodies are JSON or XML, so the guess is between those two.
 */
function httpWithApiBodies(hljs: Parameters<typeof http>[0]): ReturnType<typeof http> {
  const language = http(hljs);
  const visit = (mode: unknown): void => {
    if (!mode || typeof mode !== 'object') return;
    const record = mode as Record<string, unknown>;
    if (Array.isArray(record.subLanguage) && record.subLanguage.length === 0) record.subLanguage = ['json', 'xml'];
    for (const key of ['contains', 'starts', 'variants']) {
      const child = record[key];
      if (Array.isArray(child)) child.forEach(visit);
      else visit(child);
    }
  };
  visit(language);
  return language;
}

/** Aliases for the code-sample language ids that highlight.js names differently. */
const LANGUAGE_ALIASES: Record<string, string> = {
  curl: 'bash',
  shell: 'bash',
  sh: 'bash',
  zsh: 'bash',
  console: 'bash',
  nodejs: 'javascript',
  node: 'javascript',
  js: 'javascript',
  ts: 'typescript',
  jsx: 'javascript',
  tsx: 'typescript',
  'objective-c': 'objectivec',
  objc: 'objectivec',
  csharp: 'csharp',
  cs: 'csharp',
  py: 'python',
  rb: 'ruby',
  yml: 'yaml',
  kt: 'kotlin',
  rs: 'rust',
  ml: 'ocaml',
  'c#': 'csharp',
  golang: 'go',
  json5: 'json',
  jsonc: 'json',
  text: 'plaintext',
  txt: 'plaintext',
};

export interface HighlightedCode {
  /** HTML of the code's content (spans with hljs-* classes), one string per source line. */
  lines: string[];
  language: string;
  /** Why the code is shown plain or cut short (too large, or highlight.js failed): shown above the code, and a warning. */
  notice?: string;
}

/**
 * Larger code is shown without highlighting: highlight.js takes about 8 s a megabyte here (a 6.8 MB
 * response example took 53 s), and on some inputs it gives up with an error.
 */
export const HIGHLIGHT_LIMIT = 100_000;

/** The warning for code shown plain or cut short, at the place the caller knows. */
export function highlightNotice(
  notice: string,
  where: Omit<Partial<Diagnostic>, 'code' | 'message' | 'severity'>,
): Diagnostic {
  return warningDiagnostic('DG504', notice, {
    ...where,
    hint: 'Large examples belong in a file readers download; shorten the sample shown on the page (the API description keeps the full example).',
  });
}
/** Larger code is cut at a line end: a page that embeds megabytes of one example is not readable either. */
export const DISPLAY_LIMIT = 500_000;

export interface Highlighter {
  /** Highlights code at build time; results are cached by language and content. */
  highlight(code: string, language: string | undefined): HighlightedCode;
}

/**
 * highlight.js through lowlight: fast (no WASM, no regex engine start-up) and it emits classes,
 * so a theme is one stylesheet and pages stay small. One cache per highlighter instance.
 */
export function createHighlighter(): Highlighter {
  const lowlight = createLowlight({ ...common, http: httpWithApiBodies, powershell, dart, ocaml });
  const cache = new Map<string, HighlightedCode>();
  return {
    highlight(code, language) {
      const requested = (language ?? '').toLowerCase();
      const name = LANGUAGE_ALIASES[requested] ?? requested;
      const key = `${name}\u0000${code}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const registered = Boolean(name && name !== 'plaintext' && lowlight.registered(name));
      const result = highlightWithin(lowlight, code, registered ? name : undefined);
      cache.set(key, result);
      return result;
    },
  };
}

/** Highlights code of a registered language; too large or failing code comes back plain, with a notice. */
function highlightWithin(
  lowlight: ReturnType<typeof createLowlight>,
  code: string,
  language?: string,
): HighlightedCode {
  const lineEnd = code.lastIndexOf('\n', DISPLAY_LIMIT);
  const shown = code.length > DISPLAY_LIMIT ? code.slice(0, lineEnd > 0 ? lineEnd : DISPLAY_LIMIT) : code;
  const cut = shown.length < code.length ? truncationNotice(shown, code) : undefined;
  if (language && code.length <= HIGHLIGHT_LIMIT) {
    try {
      return { lines: linesOf(lowlight.highlight(language, shown)), language };
    } catch (error) {
      const notice = `Shown without highlighting: highlight.js could not highlight it as ${language} (${(error as Error).message}).`;
      return { lines: linesOf(plain(shown)), language: 'plaintext', notice };
    }
  }
  const tooLarge = language
    ? `Shown without highlighting: ${sizeOf(code.length)} is more than the ${sizeOf(HIGHLIGHT_LIMIT)} that is highlighted.`
    : undefined;
  const notice = [tooLarge, cut].filter(Boolean).join(' ') || undefined;
  return {
    lines: linesOf(plain(shown)),
    language: language && !tooLarge ? language : 'plaintext',
    ...(notice ? { notice } : {}),
  };
}

const plain = (code: string): Root => ({ type: 'root', children: [{ type: 'text', value: code }] });
const linesOf = (tree: Root) => splitLines(tree.children as ElementContent[]).map((line) => toHtml(line));
const sizeOf = (chars: number) =>
  chars >= 1_000_000 ? `${(chars / 1_000_000).toFixed(1)} MB` : `${Math.round(chars / 1000)} KB`;

function truncationNotice(shown: string, code: string): string {
  const count = (text: string) => text.split('\n').length;
  return `Cut short: the first ${count(shown).toLocaleString('en')} of ${count(code).toLocaleString('en')} lines (${sizeOf(shown.length)} of ${sizeOf(code.length)}).`;
}

/** Splits highlighted nodes at newlines, re-opening spans that cross a line break. */
function splitLines(nodes: ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  const walk = (list: ElementContent[], wrap: (children: ElementContent[]) => ElementContent[]): void => {
    for (const node of list) {
      if (node.type === 'text') {
        const parts = (node as Text).value.split('\n');
        parts.forEach((part, index) => {
          if (index > 0) lines.push([]);
          if (part) lines[lines.length - 1].push(...wrap([{ type: 'text', value: part }]));
        });
      } else if (node.type === 'element') {
        const element = node as Element;
        walk(element.children, (children) => wrap([{ ...element, children }]));
      }
    }
  };
  walk(nodes, (children) => children);
  // Merge consecutive fragments of the same span chain is unnecessary for correctness; keep it simple.
  return lines;
}
