// XL-style content for the scaling figures of `npm run bench`: the shared L content (1,000 pages,
// ../shared/bench) copied as many times as needed, each copy in its own folder (`copy-00/`,
// `copy-01/`, …) with its own words and code, so that no cache (highlighting, description
// rendering, the search index's terms) makes a copy free. Deterministic: the same L and the same
// page count give the same files.
//
//   generateXlContent(lDir, outDir, pages)   pages: a multiple of L's page count is exact; others are cut short
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A seeded shuffle (the same LCG as the shared generator), so copy k always gets the same words. */
function shuffled(items, seed) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Every word of L's prose that is not part of its structure (headings' "Section", links). */
function proseWords(files) {
  const words = new Set();
  for (const text of files.values())
    for (const line of text.split('\n'))
      if (!line.startsWith('```') && !line.startsWith('#') && !line.includes(']('))
        for (const word of line.toLowerCase().match(/\b[a-z]{3,}\b/g) ?? []) words.add(word);
  return [...words].sort();
}

/**
 * Copy `copy` of one page: prose words swapped for others of the vocabulary (a permutation per
 * copy, plus a suffix from the second copy on so the search index's vocabulary grows as a real
 * site's does), and in code every number shifted and identifiers renamed.
 */
function varyPage(text, copy, swap) {
  if (copy === 0) return text;
  let inCode = false;
  let frontMatter = 0;
  return text
    .split('\n')
    .map((line) => {
      if (line === '---' && frontMatter < 2) return (frontMatter++, line);
      if (line.startsWith('```')) inCode = !inCode;
      if (inCode && !line.startsWith('```'))
        return line
          .replace(/\d+/g, (n) => String(Number(n) + copy * 7))
          .replace(/\b(client|items?|res)\b/g, `$1${copy}`);
      if (frontMatter === 1 && line.startsWith('title: ')) return `${line} (copy ${copy})`;
      if (frontMatter === 1 && !line.startsWith('description: ')) return line;
      if (line.includes('](')) return line;
      if (frontMatter === 1) return `description: ${swapWords(line.slice('description: '.length), swap)}`;
      return swapWords(line, swap);
    })
    .join('\n');
}

function swapWords(line, swap) {
  return line.replace(/\b[A-Za-z]{3,}\b/g, (word) => {
    const to = swap.get(word.toLowerCase());
    if (!to) return word;
    return word[0] === word[0].toUpperCase() ? to[0].toUpperCase() + to.slice(1) : to;
  });
}

function listFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(join(dir, entry.name), base) : [relative(base, join(dir, entry.name))],
    )
    .sort();
}

/** Writes `pages` Markdown pages (copies of L) under `outDir`; returns the number of pages written. */
export function generateXlContent(lDir, outDir, pages) {
  const files = new Map(listFiles(lDir).map((path) => [path, readFileSync(join(lDir, path), 'utf8')]));
  const markdown = [...files.keys()].filter((path) => path.endsWith('.md'));
  const vocabulary = proseWords(new Map(markdown.map((path) => [path, files.get(path)])));
  let written = 0;
  for (let copy = 0; written < pages; copy++) {
    const folder = join(outDir, `copy-${String(copy).padStart(2, '0')}`);
    const permuted = shuffled(vocabulary, 7919 * (copy + 1));
    const suffix = copy === 0 ? '' : String.fromCharCode(97 + (copy % 26));
    const swap = new Map(vocabulary.map((word, i) => [word, permuted[i] + suffix]));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, '_category_.json'), JSON.stringify({ label: `Copy ${copy}`, position: copy + 1 }));
    for (const path of files.keys()) {
      if (written >= pages) continue;
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), path.endsWith('.md') ? varyPage(files.get(path), copy, swap) : files.get(path));
      if (path.endsWith('.md')) written += 1;
    }
  }
  return written;
}
