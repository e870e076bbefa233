import { createLowlight, common } from 'lowlight';
import { toHtml } from 'hast-util-to-html';
import type { Root, ElementContent, Element, Text } from 'hast';
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
  curl: 'bash', shell: 'bash', sh: 'bash', zsh: 'bash', console: 'bash', nodejs: 'javascript', node: 'javascript',
  js: 'javascript', ts: 'typescript', jsx: 'javascript', tsx: 'typescript', 'objective-c': 'objectivec', objc: 'objectivec',
  csharp: 'csharp', cs: 'csharp', py: 'python', rb: 'ruby', yml: 'yaml', kt: 'kotlin', rs: 'rust', ml: 'ocaml',
  'c#': 'csharp', golang: 'go', json5: 'json', jsonc: 'json', text: 'plaintext', txt: 'plaintext',
};

export interface HighlightedCode {
  /** HTML of the code's content (spans with hljs-* classes), one string per source line. */
  lines: string[];
  language: string;
}

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
      const registered = name && name !== 'plaintext' && lowlight.registered(name);
      const tree: Root = registered ? lowlight.highlight(name, code) : { type: 'root', children: [{ type: 'text', value: code }] };
      const result: HighlightedCode = { lines: splitLines(tree.children as ElementContent[]).map((line) => toHtml(line)), language: registered ? name : 'plaintext' };
      cache.set(key, result);
      return result;
    },
  };
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
