import { posix } from 'node:path';
import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { SplitSource } from './parse-front-matter.js';
import { unprefixedPath } from './docusaurus/number-prefix.js';

export interface DocEntry extends SplitSource {
  id: string;
  route: string;
}

/**
 * A Markdown file's doc id and route: `guides/usage.md` → id `guides/usage`, route
 * `/guides/usage`; `index.md` → `/`; front matter `id` renames the last segment and `slug`
 * overrides the route (absolute, or relative to the file's folder). Undefined for a draft.
 */
export function docEntryOf(split: SplitSource, routeBasePath = '/'): DocEntry | undefined {
  if (split.frontMatter.draft) return undefined;
  // Docusaurus' number prefixes (01-intro.md) are not part of ids and routes; they order the sidebar.
  const { path: contentPath, position } = unprefixedPath(split.source.contentPath);
  const dir = posix.dirname(contentPath) === '.' ? '' : posix.dirname(contentPath);
  const name = split.frontMatter.id ?? posix.basename(contentPath);
  const id = dir ? `${dir}/${name}` : name;
  const route = underBase(routeBasePath, routeFor(dir, name, split.frontMatter.slug));
  const frontMatter =
    position !== undefined && split.frontMatter.sidebar_position === undefined
      ? { ...split.frontMatter, sidebar_position: position }
      : split.frontMatter;
  return { ...split, frontMatter, id, route };
}

/**
 * Gives each Markdown file its doc id and route (`docEntryOf`, or `made`: its results for
 * `sources`, made in slices by the build); a page whose route or id another page has is left out.
 * Drafts are left out.
 */
export function assignDocRoutes(
  sources: readonly SplitSource[],
  /** Docusaurus' docs routeBasePath: '/docs' serves `intro.md` at /docs/intro (and a `slug` under it). */
  routeBasePath = '/',
  made: readonly (DocEntry | undefined)[] = sources.map((split) => docEntryOf(split, routeBasePath)),
): {
  entries: DocEntry[];
  /** Pages left out because their route or id is taken (DG204, DG205): links and sidebar items naming them are not errors of their own. */
  unbuilt: DocEntry[];
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const entries: DocEntry[] = [];
  const unbuilt: DocEntry[] = [];
  const byRoute = new Map<string, DocEntry>();
  const byId = new Map<string, DocEntry>();
  for (const entry of made) {
    if (!entry) continue;
    const { id, route } = entry;
    const unsafe = unsafeRouteDiagnostic(entry);
    if (unsafe) {
      diagnostics.push(unsafe);
      unbuilt.push(entry);
      continue;
    }
    const clash = byRoute.get(route);
    if (clash) {
      diagnostics.push(
        errorDiagnostic(
          'DG204',
          `Two pages have the route "${route}": ${clash.source.relativePath} and ${entry.source.relativePath}`,
          {
            file: entry.source.relativePath,
            line: 1,
            hint: 'Change the file name or the `slug` front matter of one of them.',
          },
        ),
      );
      unbuilt.push(entry);
      continue;
    }
    const idClash = byId.get(id);
    if (idClash) {
      diagnostics.push(
        errorDiagnostic(
          'DG205',
          `Two pages have the doc id "${id}": ${idClash.source.relativePath} and ${entry.source.relativePath}`,
          { file: entry.source.relativePath, line: 1 },
        ),
      );
      unbuilt.push({ ...entry, route: idClash.route });
      continue;
    }
    byRoute.set(route, entry);
    byId.set(id, entry);
    entries.push(entry);
  }
  return { entries, unbuilt, diagnostics };
}

/**
 * `#`, `?` and `%` end or escape a URL path: a page at "/guides/c#-client" would be linked, listed
 * in the sitemap and searched as "/guides/c", and "100%" is not a valid path at all. Rather than
 * publish a page whose address means something else than its name, docsgen refuses such routes.
 */
function unsafeRouteDiagnostic(entry: DocEntry): Diagnostic | undefined {
  const character = /[#?%]/.exec(entry.route)?.[0];
  if (!character) return undefined;
  const fromSlug = entry.frontMatter.slug !== undefined;
  return errorDiagnostic(
    'DG227',
    `The route "${entry.route}" of ${entry.source.relativePath} contains "${character}", which cannot be part of a page's address`,
    {
      file: entry.source.relativePath,
      line: 1,
      hint: fromSlug
        ? 'Change the `slug` front matter to letters, digits, "-" and "/" (e.g. `slug: /guides/csharp-client`).'
        : 'Rename the file without "#", "?" or "%" (e.g. csharp-client.md), or give it a `slug` front matter such as `slug: /guides/csharp-client`.',
    },
  );
}

const underBase = (base: string, route: string) => (base === '/' ? route : route === '/' ? base : `${base}${route}`);

function routeFor(dir: string, name: string, slug: string | undefined): string {
  if (slug) {
    const joined = slug.startsWith('/') ? slug : `/${dir ? `${dir}/` : ''}${slug}`;
    return posix.normalize(joined).replace(/\/+$/, '') || '/';
  }
  if (name === 'index') return dir ? `/${dir}` : '/';
  return `/${dir ? `${dir}/` : ''}${name}`;
}
