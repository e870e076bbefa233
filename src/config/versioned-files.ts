import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { errorDiagnostic, warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { positionAt, translateSidebars } from './docusaurus-sidebars.js';
import { namedSidebarsSchema, type SidebarItemConfig } from './schema.js';

/**
 * Docusaurus' versioning files beside the config: `versions.json` (the version names, newest
 * first), and per version `versioned_sidebars/version-{name}-sidebars.json`. Their Markdown
 * (`versioned_docs/version-{name}/`) is read with the rest of the content.
 */
export const VERSIONS_FILE = 'versions.json';
export const versionedSidebarsFile = (name: string) => `versioned_sidebars/version-${name}-sidebars.json`;

/** Where each doc id a versioned sidebar names is written: the missing ones are reported there (DG243). */
export type DocRefPositions = Record<string, { line: number; column: number }>;

export interface VersionedSidebars {
  sidebars: Record<string, SidebarItemConfig[]>;
  file: string;
  refs: DocRefPositions;
}

function jsonErrorDiagnostic(code: string, file: string, text: string, error: ParseError): Diagnostic {
  return errorDiagnostic(code, `${file} is not valid JSON: ${printParseErrorCode(error.error)}`, {
    file,
    ...positionAt(text, error.offset),
    hint: 'Fix the JSON (Docusaurus writes this file with `docusaurus docs:version`).',
  });
}

/** The names of versions.json: none without the file; anything but a list of distinct names is DG240. */
export async function readVersionsFile(root: string): Promise<{ names: string[]; diagnostics: Diagnostic[] }> {
  const path = join(root, VERSIONS_FILE);
  if (!existsSync(path)) return { names: [], diagnostics: [] };
  const text = await readFile(path, 'utf8');
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: false });
  if (errors.length) return { names: [], diagnostics: [jsonErrorDiagnostic('DG240', VERSIONS_FILE, text, errors[0])] };
  const isName = (name: unknown) => typeof name === 'string' && /^[\w.-]+$/.test(name) && name !== 'current';
  const notName = Array.isArray(value) ? value.find((name) => !isName(name)) : undefined;
  const problem = !Array.isArray(value)
    ? 'must be a list of version names'
    : notName !== undefined
      ? `has an entry that is not a version name: ${JSON.stringify(notName)}`
      : new Set(value).size !== value.length
        ? 'lists a version twice'
        : undefined;
  if (problem)
    return {
      names: [],
      diagnostics: [
        errorDiagnostic('DG240', `${VERSIONS_FILE} ${problem}`, {
          file: VERSIONS_FILE,
          line: 1,
          column: 1,
          hint: 'Write the version names newest first, e.g. ["2.0", "1.1"] ("current" is the docs folder and is not listed).',
        }),
      ],
    };
  const names = value as string[];
  return { names, diagnostics: names.flatMap((name) => missingFolder(root, name, text)) };
}

/** A version of versions.json without its versioned_docs folder (DG241), at its entry in the file. */
function missingFolder(root: string, name: string, text: string): Diagnostic[] {
  const folder = `versioned_docs/version-${name}`;
  if (existsSync(join(root, folder))) return [];
  return [
    errorDiagnostic('DG241', `${VERSIONS_FILE} lists the docs version "${name}", but ${folder}/ does not exist`, {
      file: VERSIONS_FILE,
      ...positionAt(text, Math.max(text.indexOf(JSON.stringify(name)), 0)),
      hint: `Restore ${folder}/ (docusaurus docs:version ${name} writes it), or remove "${name}" from ${VERSIONS_FILE}.`,
    }),
  ];
}

/** Every doc id the sidebars name (items as strings, `id` keys), with where it is first written. */
function docRefPositions(text: string): DocRefPositions {
  const refs: DocRefPositions = {};
  const visit = (node: Node | undefined, parentKey?: string) => {
    if (!node) return;
    if (node.type === 'string' && (parentKey === 'id' || node.parent?.type === 'array')) {
      const id = stripVersionPrefix(String(node.value));
      refs[id] ??= positionAt(text, node.offset);
    }
    if (node.type === 'property') visit(node.children?.[1], node.children?.[0]?.value as string);
    else for (const child of node.children ?? []) visit(child);
  };
  visit(parseTree(text));
  return refs;
}

/** Sidebars written by Docusaurus 1 (and migrated ones) name docs `version-1.0/intro`: the id is `intro`. */
export function stripVersionPrefix(id: string): string {
  return id.replace(/^version-[^/]+\//, '');
}

function withoutVersionPrefixes(items: readonly SidebarItemConfig[]): SidebarItemConfig[] {
  return items.map((item): SidebarItemConfig => {
    if (typeof item === 'string') return stripVersionPrefix(item);
    if (item.type === 'doc') return { ...item, id: stripVersionPrefix(item.id) };
    if (item.type !== 'category') return item;
    const link =
      typeof item.link === 'string'
        ? stripVersionPrefix(item.link)
        : item.link?.type === 'doc'
          ? { ...item.link, id: stripVersionPrefix(item.link.id) }
          : item.link;
    return { ...item, items: withoutVersionPrefixes(item.items), ...(link === undefined ? {} : { link }) };
  });
}

/**
 * One version's sidebars file, read as Docusaurus writes it (JSON; shorthand categories; old
 * `version-X/` id prefixes). Missing: DG242 (the version gets one autogenerated sidebar, as a
 * Docusaurus site without a sidebars file); not JSON or not sidebars: DG244.
 */
export async function readVersionedSidebars(
  root: string,
  name: string,
): Promise<{ value?: VersionedSidebars; diagnostics: Diagnostic[] }> {
  const file = versionedSidebarsFile(name);
  const path = join(root, file);
  if (!existsSync(path))
    return {
      diagnostics: [
        warningDiagnostic('DG242', `Docs version "${name}" has no sidebars file ${file}`, {
          file: `versioned_docs/version-${name}`,
          hint: `Its docs get one autogenerated sidebar. Write ${file} (docusaurus docs:version copies the sidebars there) to keep its own.`,
        }),
      ],
    };
  const text = await readFile(path, 'utf8');
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: false });
  if (errors.length) return { diagnostics: [jsonErrorDiagnostic('DG244', file, text, errors[0])] };
  const translated = translateSidebars(value, file, text);
  const checked = namedSidebarsSchema.safeParse(translated.sidebars);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return {
      diagnostics: [
        ...translated.diagnostics,
        errorDiagnostic(
          'DG244',
          `${file} has a sidebar item docsgen cannot read at "${issue.path.join('.')}": ${issue.message}`,
          {
            file,
            hint: 'Items are doc ids, { type: "doc" | "category" | "link" | "autogenerated", … } as in a sidebars file.',
          },
        ),
      ],
    };
  }
  const sidebars = Object.fromEntries(
    Object.entries(checked.data).map(([sidebar, items]) => [sidebar, withoutVersionPrefixes(items)]),
  );
  return { value: { sidebars, file, refs: docRefPositions(text) }, diagnostics: translated.diagnostics };
}
