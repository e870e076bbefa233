import type { Diagnostic } from '../../diagnostics/diagnostic.js';

/**
 * Tags of Docusaurus' component mapping whose override docsgen cannot apply exactly, and why:
 * docsgen draws these itself at build time. The override is left out (the page is as without it).
 */
const NOT_APPLIED: Readonly<Record<string, { why: string; hint: string }>> = {
  pre: {
    why: 'docsgen renders code blocks itself (highlighted at build time), so a `pre` override is not applied',
    hint: 'Style code blocks with CSS (`pre.hljs`, `.code-block`), or use <CodeBlock> from @theme/CodeBlock in the pages that need more.',
  },
  code: {
    why: 'docsgen renders code blocks itself (highlighted at build time), so the `code` override is applied to inline code only',
    hint: 'Inline `code` uses your component; to change code blocks, style them with CSS (`pre.hljs`), or remove the override if it was meant for them.',
  },
  details: {
    why: 'a <details> written in an MDX page is rendered as written, so a `details` override is not applied',
    hint: "Use <Details> (from @theme/Details, or your mapping's `Details` key, which is applied) in the pages.",
  },
  admonition: {
    why: 'docsgen renders `:::note` admonitions itself, so an `admonition` override is not applied',
    hint: 'Style admonitions with CSS (`.admonition`, `.admonition-note`…), or use <Admonition> from @theme/Admonition.',
  },
  mermaid: {
    why: 'docsgen draws ```mermaid diagrams itself, so a `mermaid` override is not applied',
    hint: 'Remove the override; diagrams are drawn with mermaid in the browser.',
  },
};

/** Where `key` is written as a key of an object in the scope file (`code:`, `'code':`, `code,`, `code(`). */
export function placeOfKey(source: string, key: string): { line?: number; column?: number } {
  const pattern = new RegExp(`(^|[\\s{,])(['"]?)${key}\\2\\s*(?=[:,}(])`, 'gm');
  let match: RegExpExecArray | null;
  let last: RegExpExecArray | undefined;
  // The last one: an override follows the `...MDXComponents` it replaces, and helpers come first.
  while ((match = pattern.exec(source))) last = match;
  if (!last) return {};
  const offset = last.index + last[1].length;
  const before = source.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/**
 * The mapping a page is rendered with: the scope's entries, without the tag overrides docsgen
 * cannot apply exactly; each such override (one that is not docsgen's own default) is DG255 at its
 * place in the scope file.
 */
export function unappliedOverrides(
  components: Record<string, unknown>,
  defaults: Readonly<Record<string, unknown>>,
  where: { file: string; source: string },
): { applied: Record<string, unknown>; diagnostics: Diagnostic[] } {
  const applied: Record<string, unknown> = {};
  const diagnostics: Diagnostic[] = [];
  for (const [key, value] of Object.entries(components)) {
    const limit = Object.hasOwn(NOT_APPLIED, key) ? NOT_APPLIED[key] : undefined;
    const overridden = value !== defaults[key];
    if (limit && overridden)
      diagnostics.push({
        code: 'DG255',
        severity: 'warning',
        message: `The MDX component mapping overrides \`${key}\`, but ${limit.why}`,
        file: where.file,
        ...placeOfKey(where.source, key),
        hint: limit.hint,
      });
    if (!limit || key === 'code') applied[key] = value;
  }
  // In the order they are written in the file.
  diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { applied, diagnostics };
}

/** A state or effect hook call, or an event handler prop, in a component's compiled code. */
const NEEDS_BROWSER =
  /\b(use(?:State|Reducer|Effect|LayoutEffect|InsertionEffect|SyncExternalStore|Transition|Optimistic|ActionState|ImperativeHandle))\)?\s*\(|\b(on[A-Z]\w*)\s*:/;

/** A component of the mapping that needs the browser: its key, and what it uses (`useState()`, `an onClick handler`). */
export interface InteractiveScopeComponent {
  key: string;
  uses: string;
}

/**
 * Components the mapping defines itself (or takes from a package, or as a property of an
 * imported one: `Step: Stepper.Step`) whose code uses state, effects or event handlers: they
 * hydrate as islands of the mapping's module (mdx-scope.ts). The site's modules it imports are
 * islands of their own and docsgen's are its own (`known`); markup-only ones stay server HTML.
 */
export function interactiveScopeComponents(
  components: Record<string, unknown>,
  known: ReadonlySet<unknown>,
): InteractiveScopeComponent[] {
  const found: InteractiveScopeComponent[] = [];
  for (const [key, value] of Object.entries(components)) {
    if (typeof value !== 'function' || known.has(value)) continue;
    const match = NEEDS_BROWSER.exec(Function.prototype.toString.call(value));
    if (match) found.push({ key, uses: match[1] ? `${match[1]}()` : `an ${match[2]} handler` });
  }
  return found;
}

/**
 * An interactive component of the mapping that cannot hydrate, because the mapping's module does
 * not bundle for the browser (`why`: esbuild's message): DG257 at its key instead of silently inert.
 */
export function inertScopeComponent(
  component: InteractiveScopeComponent,
  why: string,
  where: { file: string; source: string },
): Diagnostic {
  return {
    code: 'DG257',
    severity: 'warning',
    message: `<${component.key}> of the MDX component mapping uses ${component.uses}, but is shown as rendered on the server, without interactivity: the mapping does not bundle for the browser (${why})`,
    file: where.file,
    ...placeOfKey(where.source, component.key),
    hint: `The mapping's own components hydrate from a browser bundle of ${where.file}: keep what runs in Node only (fs, path, process) out of it, or move <${component.key}> to a file of the site (src/components/${component.key}.jsx) and import it into the mapping.`,
  };
}
