import type { MdxTocEntry } from '../rehype-toc-export.js';

export interface TOCInlineProps {
  /** The page's `toc` export (or a part of it the page filtered). */
  toc: readonly MdxTocEntry[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
  className?: string;
}

interface TocNode extends MdxTocEntry {
  children: TocNode[];
}

/** Docusaurus' default levels (themeConfig.tableOfContents). */
const MIN_LEVEL = 2;
const MAX_LEVEL = 3;

/**
 * Nests the flat list as Docusaurus' treeifyTOC does: a heading's parent is the latest heading
 * of any higher level before it (so an h4 straight after an h2 goes under that h2).
 */
function treeify(toc: readonly MdxTocEntry[]): TocNode[] {
  const nodes = toc.map((entry): TocNode => ({ ...entry, children: [] }));
  const latestOfLevel: number[] = Array.from({ length: 7 }, () => -1);
  const roots: TocNode[] = [];
  nodes.forEach((node, index) => {
    const parent = Math.max(-1, ...latestOfLevel.slice(2, node.level));
    (parent >= 0 ? nodes[parent].children : roots).push(node);
    latestOfLevel[node.level] = index;
  });
  return roots;
}

/** Keeps the levels asked for; the children of a heading left out take its place. */
function filterLevels(nodes: TocNode[], min: number, max: number): TocNode[] {
  return nodes.flatMap((node) => {
    const children = filterLevels(node.children, min, max);
    return node.level >= min && node.level <= max ? [{ ...node, children }] : children;
  });
}

function TocTree({ nodes, className }: { nodes: TocNode[]; className?: string }) {
  if (nodes.length === 0) return null;
  return (
    <ul className={className}>
      {nodes.map((node) => (
        <li key={node.id}>
          {/* The heading's content is HTML (inline code, emphasis), as in Docusaurus. */}
          <a href={`#${node.id}`} dangerouslySetInnerHTML={{ __html: node.value }} />
          <TocTree nodes={node.children} />
        </li>
      ))}
    </ul>
  );
}

/**
 * `@theme/TOCInline`: the page's table of contents inside the page, as nested lists of links,
 * between `minHeadingLevel` and `maxHeadingLevel` (2 and 3 by default, as Docusaurus).
 */
export default function TOCInline({ toc, minHeadingLevel, maxHeadingLevel, className }: TOCInlineProps) {
  if (!Array.isArray(toc))
    throw new Error(
      `<TOCInline> needs the page's table of contents: toc={toc}, got ${toc === undefined ? 'undefined' : typeof toc}`,
    );
  const nodes = filterLevels(treeify(toc), minHeadingLevel ?? MIN_LEVEL, maxHeadingLevel ?? MAX_LEVEL);
  return (
    <div className={['toc-inline', className].filter(Boolean).join(' ')}>
      <TocTree nodes={nodes} className="table-of-contents" />
    </div>
  );
}
