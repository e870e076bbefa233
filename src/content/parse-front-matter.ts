import matter from 'gray-matter';
import { z } from 'zod';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from './collect-sources.js';

export const frontMatterSchema = z.looseObject({
  id: z.string().regex(/^[^/]+$/, 'an id without slashes').optional(),
  title: z.string().min(1).optional(),
  description: z.string().optional(),
  slug: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  tags: z.array(z.string()).default([]),
  hide_table_of_contents: z.boolean().default(false),
  draft: z.boolean().default(false),
});

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
      diagnostics: [errorDiagnostic('DG201', `Invalid front matter: ${reason}`, { file: source.relativePath, line: mark ? mark.line + 2 : 1, column: mark ? mark.column + 1 : undefined, hint: 'Front matter is YAML between two --- lines at the top of the file.' })],
    };
  }
  const result = frontMatterSchema.safeParse(parsed.data);
  if (!result.success) {
    return {
      diagnostics: result.error.issues.map((issue) =>
        errorDiagnostic('DG202', `Invalid front matter "${issue.path.join('.')}": ${issue.message}`, { file: source.relativePath, line: frontMatterLine(source.text, String(issue.path[0] ?? '')) }),
      ),
    };
  }
  const lineOffset = parsed.matter ? source.text.slice(0, source.text.length - parsed.content.length).split('\n').length - 1 : 0;
  return { value: { source, frontMatter: result.data, body: parsed.content, lineOffset }, diagnostics: [] };
}

function frontMatterLine(text: string, key: string): number {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.startsWith(`${key}:`));
  return index === -1 ? 1 : index + 1;
}
