// The folders of src/ form layers: a folder may use another only if that one never uses it back,
// directly or through others. A cycle means two stages know each other's insides, and a reader
// cannot learn one without the other. The files at the top of src/ (build.ts, model.ts…) are
// units of their own: model.ts is the data every stage shares, build.ts the pipeline using them all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import fg from 'fast-glob';
import { REPO } from '../helpers/mini-site.js';

/** `src/openapi/x.ts` → `openapi`; `src/model.ts` → `model.ts`. */
function unitOf(path: string): string {
  const [first, ...rest] = relative('src', path).split('/');
  return rest.length ? first : first.replace(/\.js$/, '.ts');
}

/** Relative import and export specifiers of a module (static, type-only and dynamic ones). */
function specifiersOf(source: string): string[] {
  const found = [
    ...source.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.[^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ];
  return found.map((m) => m[1]);
}

/** unit → unit → the imports that make the edge. */
async function unitGraph(): Promise<Map<string, Map<string, string[]>>> {
  const files = await fg('src/**/*.{ts,tsx}', { cwd: REPO, ignore: ['**/*.test.ts', '**/*.d.ts'] });
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of files) {
    for (const specifier of specifiersOf(await readFile(join(REPO, file), 'utf8'))) {
      const target = join(dirname(file), specifier);
      if (!target.startsWith('src/')) continue;
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from === to) continue;
      const edges = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), `${file} imports ${specifier}`]);
    }
  }
  return graph;
}

/** Strongly connected groups of more than one unit (Tarjan): each is a cycle. */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, counter);
    low.set(unit, counter++);
    stack.push(unit);
    for (const next of graph.get(unit)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(unit, Math.min(low.get(unit)!, index.get(next)!));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      group.push(member);
      if (member === unit) break;
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const unit of [...graph.keys()].sort()) if (!index.has(unit)) visit(unit);
  return found;
}

test('no import cycles between the folders of src/', async () => {
  const graph = await unitGraph();
  // The scan must see the pipeline: build.ts uses the stages (an empty graph would pass below).
  assert.ok((graph.get('build.ts')?.size ?? 0) >= 5, 'build.ts imports from at least five folders');
  const explained = cycles(graph).map((group) =>
    group.flatMap((from) => group.flatMap((to) => graph.get(from)?.get(to)?.slice(0, 2) ?? [])),
  );
  assert.deepEqual(explained, []);
});

test('the data model (model.ts, api-view.ts) imports from no stage', async () => {
  const graph = await unitGraph();
  for (const unit of ['model.ts', 'api-view.ts'])
    assert.deepEqual(
      [...(graph.get(unit)?.keys() ?? [])].filter((to) => to !== 'model.ts' && to !== 'api-view.ts'),
      [],
      unit,
    );
});

test('the cycle finder finds a cycle through three units, and none in a line', () => {
  const graph = (edges: string[]) => {
    const g = new Map<string, Map<string, string[]>>();
    for (const edge of edges) {
      const [from, to] = edge.split('>');
      (g.get(from) ?? g.set(from, new Map()).get(from)!).set(to, [edge]);
    }
    return g;
  };
  assert.deepEqual(cycles(graph(['a>b', 'b>c', 'c>a', 'c>d'])), [['a', 'b', 'c']]);
  assert.deepEqual(cycles(graph(['a>b', 'b>c', 'a>c'])), []);
});
