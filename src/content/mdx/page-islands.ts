import type { Node as EstreeNode, Program } from 'estree';
import { visit as visitEstree } from 'estree-util-visit';

/** One ESM block of an MDX page (`import …` / `export …` lines): its program and its text. */
export interface EsmBlock {
  program: Program;
  /** The block's source text, as MDX read it. */
  value: string;
  /** Offset of the block's text in the document (estree offsets are the document's). */
  offset: number;
}

/**
 * The components a page defines itself that hydrate in the browser: their names, and the module
 * the browser loads them from (the page's imports and exports, without its MDX partials and its
 * layout), a chunk of the client loaded only on the page.
 */
export interface PageIslands {
  names: string[];
  code: string;
  /** Where each is first used in the page's JSX (for messages). */
  firstUse: Record<string, { file?: string; line?: number; column?: number }>;
}

/** Imports the browser module leaves out: `.md`/`.mdx` partials are compiled for the server only. */
const isPartial = (source: string) => /\.mdx?$/.test(source);

/** Every identifier a declaration names (a superset of what it refers to: enough to follow dependencies). */
function namesIn(node: EstreeNode): Set<string> {
  const names = new Set<string>();
  visitEstree(node, (child) => {
    if (child.type === 'Identifier') names.add(child.name);
    const jsx = child as unknown as { type: string; name?: string };
    if (jsx.type === 'JSXIdentifier' && jsx.name) names.add(jsx.name);
  });
  return names;
}

/** Names an export declaration binds. */
function exportedNames(statement: Program['body'][number]): string[] {
  if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) return [];
  const declaration = statement.declaration;
  if (declaration.type === 'VariableDeclaration')
    return declaration.declarations.flatMap((item) => (item.id.type === 'Identifier' ? [item.id.name] : []));
  return declaration.id ? [declaration.id.name] : [];
}

/** The partial a component reaches through the page's other exports, if any. */
function partialReached(start: string, uses: Map<string, Set<string>>, partials: Map<string, string>) {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const used of uses.get(name) ?? []) {
      if (partials.has(used)) return partials.get(used);
      if (uses.has(used)) queue.push(used);
    }
  }
  return undefined;
}

/**
 * Splits the page's interactive components (`interactive`: name → what needs the browser) into
 * those that hydrate, with the browser module of the page's exports, and those that cannot (they
 * render an MDX partial, which exists only on the server), with the reason.
 */
export function pageIslandsOf(
  blocks: readonly EsmBlock[],
  interactive: ReadonlyMap<string, string>,
): { islands?: PageIslands; blocked: Map<string, string> } {
  const kept: string[] = [];
  const uses = new Map<string, Set<string>>();
  const partials = new Map<string, string>();
  for (const block of blocks)
    for (const statement of block.program.body) {
      const text = block.value.slice(
        (statement as { start?: number }).start! - block.offset,
        (statement as { end?: number }).end! - block.offset,
      );
      if (statement.type === 'ImportDeclaration' && isPartial(String(statement.source.value))) {
        for (const specifier of statement.specifiers)
          partials.set(specifier.local.name, String(statement.source.value));
        continue;
      }
      // The MDX layout (`export default`) wraps the content, which the browser module has none of.
      if (statement.type === 'ExportDefaultDeclaration') continue;
      kept.push(text);
      const references = namesIn(statement as EstreeNode);
      for (const name of exportedNames(statement)) uses.set(name, references);
    }
  const names: string[] = [];
  const blocked = new Map<string, string>();
  for (const name of [...interactive.keys()].sort()) {
    const partial = partialReached(name, uses, partials);
    if (partial) blocked.set(name, `the MDX partial "${partial}", which renders on the server only`);
    else names.push(name);
  }
  return { islands: names.length ? { names, code: `${kept.join('\n')}\n`, firstUse: {} } : undefined, blocked };
}
