import type { DocMeta, TocItem } from '../../model.js';
import type { FrontMatter } from '../parse-front-matter.js';

/** Docusaurus' defaults: the table of contents lists h2–h3. */
const TOC_MIN = 2;
const TOC_MAX = 3;

/** The TOC entries between the front matter's `toc_min_heading_level` and `toc_max_heading_level`. */
export function tocLevels(toc: readonly TocItem[], fm: FrontMatter): TocItem[] {
  const min = fm.toc_min_heading_level ?? TOC_MIN;
  const max = Math.max(min, fm.toc_max_heading_level ?? Math.max(TOC_MAX, min));
  return toc.filter((item) => item.depth >= min && item.depth <= max);
}

/** Tag labels: Docusaurus allows `{ label, permalink }` objects next to plain strings. */
export function tagLabels(tags: FrontMatter['tags']): string[] {
  return tags.map((tag) => (typeof tag === 'string' ? tag : tag.label));
}

/** YAML reads an unquoted `2024-03-01` as a Date; keep the day as written. */
function isoDate(value: string | Date | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value instanceof Date ? value.toISOString().slice(0, 10) : value;
}

/** What a doc page's front matter adds beyond title, description, sidebar label/position and tags. */
export function buildDocMeta(fm: FrontMatter): DocMeta {
  const lastUpdate = fm.last_update && { date: isoDate(fm.last_update.date), author: fm.last_update.author };
  return {
    hideTitle: fm.hide_title,
    image: fm.image,
    keywords: fm.keywords ?? [],
    paginationNext: fm.pagination_next,
    paginationPrev: fm.pagination_prev,
    paginationLabel: fm.pagination_label,
    sidebarClassName: fm.sidebar_class_name,
    unlisted: fm.unlisted,
    editUrl: fm.custom_edit_url ?? undefined,
    lastUpdate: lastUpdate && (lastUpdate.date || lastUpdate.author) ? lastUpdate : undefined,
  };
}
