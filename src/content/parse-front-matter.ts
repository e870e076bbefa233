import matter from 'gray-matter';
import { z } from 'zod';
import { distance } from 'fastest-levenshtein';
import { errorDiagnostic, warningDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from './collect-sources.js';

/** A tag as a plain label, or Docusaurus' object form (`{ label, permalink, description }`). */
const tag = z.union([
  z.string(),
  z.looseObject({ label: z.string().min(1), permalink: z.string().optional(), description: z.string().optional() }),
]);
const headingLevel = z.number().int().min(2).max(6);

export const frontMatterSchema = z.looseObject({
  id: z
    .string()
    .regex(/^[^/]+$/, 'an id without slashes')
    .optional(),
  title: z.string().min(1).optional(),
  description: z.string().optional(),
  slug: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  /** A class on the page's sidebar item. */
  sidebar_class_name: z.string().optional(),
  tags: z.array(tag).default([]),
  hide_title: z.boolean().default(false),
  hide_table_of_contents: z.boolean().default(false),
  toc_min_heading_level: headingLevel.optional(),
  toc_max_heading_level: headingLevel.optional(),
  /** Social card of this page (a path under static/ or an absolute URL). */
  image: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  /** Doc ids of the previous/next pages; null hides the link. */
  pagination_next: z.string().nullable().optional(),
  pagination_prev: z.string().nullable().optional(),
  /** The page's label in other pages' previous/next links. */
  pagination_label: z.string().optional(),
  /** Built and reachable by URL, but left out of sidebars, the sitemap, search and the meta index. */
  unlisted: z.boolean().default(false),
  custom_edit_url: z.string().nullable().optional(),
  last_update: z
    .looseObject({ date: z.union([z.string(), z.date()]).optional(), author: z.string().optional() })
    .optional(),
  draft: z.boolean().default(false),
});

/**
 * Docusaurus keys that change nothing docsgen draws (data for plugins, or behaviour docsgen has by
 * default), accepted without a warning.
 */
const ACCEPTED_KEYS = ['sidebar_custom_props', 'sidebar_key', 'format', 'parse_number_prefixes'];

/** Every front-matter key docsgen knows; any other is reported (DG208), as a typo usually is. */
export const KNOWN_FRONT_MATTER_KEYS: readonly string[] = [...Object.keys(frontMatterSchema.shape), ...ACCEPTED_KEYS];

export type FrontMatter = z.output<typeof frontMatterSchema>;

export interface SplitSource {
  source: SourceFile;
  frontMatter: FrontMatter;
  body: string;
  /** Number of lines before the body, to report body positions as file lines. */
  lineOffset: number;
}

/** Splits and validates the YAML front matter of a Markdown file. */
export function parseFrontMatter(source: SourceFile): { value?: SplitSource; diagnostics: Diagnostic[] } {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // A fresh options object keeps gray-matter from caching by content across files.
    parsed = matter(source.text, {});
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    return {
      diagnostics: [
        errorDiagnostic('DG201', `Invalid front matter: ${reason}`, {
          file: source.relativePath,
          line: mark ? mark.line + 2 : 1,
          column: mark ? mark.column + 1 : undefined,
          hint: 'Front matter is YAML between two --- lines at the top of the file.',
        }),
      ],
    };
  }
  const result = frontMatterSchema.safeParse(parsed.data);
  if (!result.success) {
    return {
      diagnostics: result.error.issues.map((issue) =>
        errorDiagnostic('DG202', `Invalid front matter "${issue.path.join('.')}": ${issue.message}`, {
          file: source.relativePath,
          line: frontMatterLine(source.text, String(issue.path[0] ?? '')),
        }),
      ),
    };
  }
  const unknown = unknownKeyDiagnostics(source, parsed.data);
  const lineOffset = parsed.matter
    ? source.text.slice(0, source.text.length - parsed.content.length).split('\n').length - 1
    : 0;
  return { value: { source, frontMatter: result.data, body: parsed.content, lineOffset }, diagnostics: unknown };
}

function unknownKeyDiagnostics(source: SourceFile, data: Record<string, unknown>): Diagnostic[] {
  return Object.keys(data)
    .filter((key) => !KNOWN_FRONT_MATTER_KEYS.includes(key))
    .map((key) => {
      const near = KNOWN_FRONT_MATTER_KEYS.find((known) => distance(known, key) <= 2);
      return warningDiagnostic('DG208', `Unknown front matter key "${key}" (ignored)`, {
        file: source.relativePath,
        line: frontMatterLine(source.text, key),
        column: 1,
        hint: near
          ? `Did you mean "${near}"?`
          : 'docsgen reads the front matter keys of Docusaurus docs; see README "Writing content".',
      });
    });
}

function frontMatterLine(text: string, key: string): number {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.startsWith(`${key}:`));
  return index === -1 ? 1 : index + 1;
}
