import { posix } from 'node:path';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { SplitSource } from './parse-front-matter.js';

export interface DocEntry extends SplitSource {
  id: string;
  route: string;
}

/**
 * Gives each Markdown file its doc id and route: `guides/usage.md` → id `guides/usage`, route
 * `/guides/usage`; `index.md` → `/`; front matter `id` renames the last segment and `slug`
 * overrides the route (absolute, or relative to the file's folder). Drafts are left out.
 */
export function assignDocRoutes(sources: readonly SplitSource[]): { entries: DocEntry[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const entries: DocEntry[] = [];
  const byRoute = new Map<string, DocEntry>();
  const byId = new Map<string, DocEntry>();
  for (const split of sources) {
    if (split.frontMatter.draft) continue;
    const contentPath = split.source.contentPath;
    const dir = posix.dirname(contentPath) === '.' ? '' : posix.dirname(contentPath);
    const name = split.frontMatter.id ?? posix.basename(contentPath);
    const id = dir ? `${dir}/${name}` : name;
    const route = routeFor(dir, name, split.frontMatter.slug);
    const entry: DocEntry = { ...split, id, route };
    const clash = byRoute.get(route);
    if (clash) {
      diagnostics.push(errorDiagnostic('DG204', `Two pages have the route "${route}": ${clash.source.relativePath} and ${split.source.relativePath}`, { file: split.source.relativePath, line: 1, hint: 'Change the file name or the `slug` front matter of one of them.' }));
      continue;
    }
    const idClash = byId.get(id);
    if (idClash) {
      diagnostics.push(errorDiagnostic('DG205', `Two pages have the doc id "${id}": ${idClash.source.relativePath} and ${split.source.relativePath}`, { file: split.source.relativePath, line: 1 }));
      continue;
    }
    byRoute.set(route, entry);
    byId.set(id, entry);
    entries.push(entry);
  }
  return { entries, diagnostics };
}

function routeFor(dir: string, name: string, slug: string | undefined): string {
  if (slug) {
    const joined = slug.startsWith('/') ? slug : `/${dir ? `${dir}/` : ''}${slug}`;
    return posix.normalize(joined).replace(/\/+$/, '') || '/';
  }
  if (name === 'index') return dir ? `/${dir}` : '/';
  return `/${dir ? `${dir}/` : ''}${name}`;
}
