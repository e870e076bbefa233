import { visit } from 'unist-util-visit';
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import type { Node as EstreeNode, Program } from 'estree';
import { EXIT, visit as visitEstree } from 'estree-util-visit';
import { contextOf } from '../markdown-context.js';
import { DOC_CARD_LIST } from '../plugins/remark-docs-features.js';
import { GLOBAL_COMPONENTS, THEME_MODULES } from './theme-modules.js';
import { pageIslandsOf, type EsmBlock, type PageIslands } from './page-islands.js';

/** An `import` of an MDX page: the module as written and where it is (in the page's file). */
export interface MdxImport {
  source: string;
  /** Local names bound to the module's exports. */
  locals: string[];
  /** The export each local name is bound to: 'default', a name, or '*' (a namespace import). */
  imported: Record<string, string>;
  line: number;
  column: number;
}

/** What this plugin leaves on `file.data.mdx`. */
export interface MdxReferences {
  imports: MdxImport[];
  /** Imported local names the page uses as JSX components (`<Counter />`): the candidates for hydration. */
  components: string[];
  /** Components the page defines itself that need the browser, hydrated from a module of the page's exports. */
  pageIslands?: PageIslands;
}

export const mdxReferencesOf = (file: VFile): MdxReferences =>
  (file.data.mdx as MdxReferences | undefined) ?? { imports: [], components: [] };

interface Place {
  line: number;
  column: number;
}

type EsmNode = {
  type: 'mdxjsEsm';
  value: string;
  position?: { start: Place & { offset?: number } };
  data?: { estree?: Program | null };
};
type JsxNode = {
  type: string;
  name: string | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  position?: { start: Place };
};

/** `<Link to="/path#hash">` written as a literal: a site link the link checker must see, as a Markdown one. */
function literalLink(jsx: JsxNode): { route: string; hash?: string; raw: string } | undefined {
  const attribute = jsx.attributes?.find(
    (a) => a.type === 'mdxJsxAttribute' && (a.name === 'to' || a.name === 'href') && typeof a.value === 'string',
  );
  const raw = attribute?.value as string | undefined;
  if (!raw || !(raw.startsWith('/') || raw.startsWith('#')) || raw.startsWith('//')) return undefined;
  const [path, hash] = raw.split('#', 2) as [string, string | undefined];
  return { route: path ? path.replace(/\/+$/, '') || '/' : '', hash: hash || undefined, raw };
}

/**
 * React's hooks that only do something in the browser (state, effects); `useDocusaurusContext()`
 * and the like give the server the same answer as the browser.
 */
const BROWSER_HOOKS = new Set([
  'useState',
  'useReducer',
  'useEffect',
  'useLayoutEffect',
  'useInsertionEffect',
  'useSyncExternalStore',
  'useTransition',
  'useOptimistic',
  'useActionState',
  'useImperativeHandle',
]);

/**
 * What makes a component the page defines itself need the browser: a state or effect hook (`useState(…)`,
 * `React.useEffect(…)`) or an event handler prop (`onClick={…}`). Such a component is rendered on
 * the server only (only the site's own modules hydrate), so it would be silently inert.
 */
function browserOnlyFeature(declaration: EstreeNode): string | undefined {
  let found: string | undefined;
  visitEstree(declaration, (node) => {
    if (found) return EXIT;
    const call = node.type === 'CallExpression' ? node.callee : undefined;
    const callee = call?.type === 'MemberExpression' ? call.property : call;
    if (callee?.type === 'Identifier' && BROWSER_HOOKS.has(callee.name)) found = `${callee.name}()`;
    const attribute = node as unknown as { type: string; name?: { type: string; name?: string } };
    if (attribute.type === 'JSXAttribute' && /^on[A-Z]/.test(attribute.name?.name ?? ''))
      found = `an ${attribute.name?.name} handler`;
    return undefined;
  });
  return found;
}

/** Components the page exports itself, by name, with what in them needs the browser (if anything). */
function exportedComponents(statement: Program['body'][number], interactive: Map<string, string>): void {
  if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) return;
  const declaration = statement.declaration;
  const named: [string, EstreeNode][] =
    declaration.type === 'VariableDeclaration'
      ? declaration.declarations.flatMap((item) =>
          item.id.type === 'Identifier' && item.init ? [[item.id.name, item.init] as [string, EstreeNode]] : [],
        )
      : declaration.id
        ? [[declaration.id.name, declaration]]
        : [];
  for (const [name, node] of named) {
    const feature = /^[A-Z]/.test(name) ? browserOnlyFeature(node) : undefined;
    if (feature) interactive.set(name, feature);
  }
}

function declarationsOf(program: Program, at: Place, imports: MdxImport[], declared: Set<string>): void {
  for (const statement of program.body) {
    // `at` and estree locations are in the body; the caller adds the front matter's lines.
    const place = statement.loc ? { line: statement.loc.start.line, column: statement.loc.start.column + 1 } : at;
    if (statement.type === 'ImportDeclaration') {
      const locals = statement.specifiers.map((specifier) => specifier.local.name);
      locals.forEach((name) => declared.add(name));
      const imported = Object.fromEntries(
        statement.specifiers.map((specifier) => [
          specifier.local.name,
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : specifier.type === 'ImportNamespaceSpecifier'
              ? '*'
              : specifier.imported.type === 'Identifier'
                ? specifier.imported.name
                : String(specifier.imported.value),
        ]),
      );
      imports.push({ source: String(statement.source.value), locals, imported, ...place });
    } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
      const declaration = statement.declaration;
      if (declaration.type === 'VariableDeclaration') {
        for (const item of declaration.declarations) if (item.id.type === 'Identifier') declared.add(item.id.name);
      } else if (declaration.id) declared.add(declaration.id.name);
    }
  }
}

/**
 * How to make an unknown component known: import it, or register it for every page in the swizzled
 * `src/theme/MDXComponents` as Docusaurus sites do (mdx-scope.ts).
 */
function unknownComponentHint(name: string): string {
  const provided = [`@theme/${name}`, `@docusaurus/${name}`].find((path) => path in THEME_MODULES);
  const module = provided ?? `@site/src/components/${name}`;
  const scope = provided ? '' : " Docusaurus' own components come from '@theme/…' and '@docusaurus/…'.";
  return `Import it (\`import ${name} from '${module}';\`), export it from the page, or give it to every page in src/theme/MDXComponents.js (\`export default { ...MDXComponents, ${name} }\`, with \`import MDXComponents from '@theme-original/MDXComponents';\`).${scope}`;
}

export function inertPageComponent(
  name: string,
  reason: string,
  where: { file?: string; line?: number; column?: number },
) {
  return {
    code: 'DG253',
    severity: 'warning' as const,
    message: `<${name}> is defined in this MDX file and needs the browser, but is shown as rendered on the server, without interactivity: it uses ${reason}`,
    ...where,
    hint: `Move it to a file of the site (src/components/${name}.jsx, exported, importing what it renders) and import it from the page, or render the partial's content from the component itself.`,
  };
}

/**
 * Reads what an MDX page imports and declares, and checks the components its JSX names: one
 * that is neither imported, exported by the page, in the site's MDXComponents (`scope`) nor one of
 * Docusaurus' global MDX components is DG233 at its position (MDX would only fail when the page renders, without a place).
 * `<DocCardList />` is a docs feature (it needs the page's sidebar); `<BrowserOnly>` content is
 * not shown (DG234); `<Link to="/…">` is checked like a Markdown link.
 */
export function remarkMdxReferences({ scope = [] }: { scope?: readonly string[] } = {}) {
  return (tree: Root, file: VFile) => {
    const context = contextOf(file);
    const imports: MdxImport[] = [];
    const declared = new Set<string>([...Object.keys(GLOBAL_COMPONENTS), ...scope]);
    const interactive = new Map<string, string>();
    const blocks: EsmBlock[] = [];
    visit(tree, 'mdxjsEsm', (node: EsmNode) => {
      if (!node.data?.estree) return;
      declarationsOf(node.data.estree, node.position?.start ?? { line: 1, column: 1 }, imports, declared);
      for (const statement of node.data.estree.body) exportedComponents(statement, interactive);
      blocks.push({ program: node.data.estree, value: node.value, offset: node.position?.start.offset ?? 0 });
    });
    // Interactive components hydrate from a module of the page's exports; those that cannot stay DG253.
    const { islands: pageIslands, blocked } = pageIslandsOf(blocks, interactive);
    for (const item of imports) item.line += context.lineOffset;
    const moduleOf = (name: string) => imports.find((item) => item.locals.includes(name))?.source;
    const components = new Set<string>();
    const at = (node: JsxNode) => ({
      file: context.sourcePath,
      line: node.position ? node.position.start.line + context.lineOffset : undefined,
      column: node.position?.start.column,
    });
    visit(tree, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const jsx = node as unknown as JsxNode;
      const name = jsx.name?.split('.')[0];
      if (!name || !/^[A-Z_$]|\./.test(jsx.name ?? '')) return;
      if (jsx.name === name && moduleOf(name)) components.add(name);
      if (pageIslands?.names.includes(name) && !moduleOf(name)) pageIslands.firstUse[name] ??= at(jsx);
      const reason = !moduleOf(name) && blocked.get(name);
      if (reason) {
        blocked.delete(name); // once per component and page, at its first use
        context.diagnostics.push(inertPageComponent(name, reason, at(jsx)));
      }
      if (!declared.has(name)) {
        context.diagnostics.push({
          code: 'DG233',
          severity: 'error',
          message: `Unknown component <${jsx.name}>: it is not imported or exported by this page`,
          ...at(jsx),
          hint: unknownComponentHint(name),
        });
      } else if (moduleOf(name) === '@docusaurus/Link') {
        const link = literalLink(jsx);
        if (link) context.links.push({ ...link, line: at(jsx).line, column: at(jsx).column });
      } else if (moduleOf(name) === '@theme/DocCardList') {
        context.docsFeatures.push({ name: DOC_CARD_LIST, line: at(jsx).line });
      } else if (moduleOf(name) === '@docusaurus/BrowserOnly') {
        context.diagnostics.push({
          code: 'DG234',
          severity: 'warning',
          message: '<BrowserOnly> content is not shown: docsgen renders MDX pages on the server only',
          ...at(jsx),
          hint: 'Readers see its fallback. Render the content on the server, or link to a page that has it.',
        });
      }
    });
    file.data.mdx = { imports, components: [...components], pageIslands } satisfies MdxReferences;
  };
}
