// ```mermaid blocks in .md and .mdx pages: the source is a readable code block inside a
// [data-mermaid] box the client draws in, the client gets the diagram code only when some page has a
// diagram, and a diagram mermaid cannot parse is DG251 at its block at build time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { REPO, createMiniSite, fixtureSiteFiles } from '../helpers/mini-site.js';
import { checkDiagrams } from '../../src/content/check-diagrams.js';

const FIXTURE = join(REPO, 'test/markdown/fixtures/mermaid');

async function build(files: Record<string, string>) {
  const root = await createMiniSite({ files });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const text = (path: string) => {
    const file = result.files?.find((f) => f.path === path);
    assert.ok(file, path);
    return Buffer.from(file.contents as Uint8Array).toString('utf8');
  };
  return { result, text };
}

test('diagrams in .md and .mdx: readable source in the page, DG251 at a block that does not parse', async () => {
  const { result, text } = await build(fixtureSiteFiles(FIXTURE));
  const problems = result.diagnostics.map((d) => `${d.code} ${d.severity} ${d.file}:${d.line}:${d.column}`);
  assert.deepEqual(problems, ['DG251 warning content/guides/broken-diagram.md:6:1']);
  assert.match(result.diagnostics[0].message, /syntax error/);
  const flow = text('guides/request-flow/index.html');
  assert.match(flow, /<div class="mermaid-diagram" data-mermaid=""><div class="code-block" data-language="mermaid">/);
  assert.match(flow, /App-&gt;&gt;GW: GET \/v1\/hotspots\/\{address\}\/rewards/, 'the source, escaped, as text');
  assert.match(flow, /hljs-keyword/, 'other code blocks are still highlighted');
  assert.match(text('guides/reward-pipeline/index.html'), /data-mermaid=""[^]*poc\[Proof of coverage\] --&gt; oracle/);
  // The client has the diagram code (mermaid's chunks), loaded by the islands chunk where needed.
  const scripts = (result.files ?? []).filter((f) => f.path.endsWith('.js'));
  assert.ok(
    scripts.some((f) => f.path.startsWith('assets/js/mermaid-diagrams.')),
    'a diagrams chunk',
  );
  assert.ok(
    scripts.some((f) => f.path.startsWith('assets/js/islands-extended.')),
    'the islands chunk that loads it',
  );
});

test('a site without diagrams gets no diagram code', async () => {
  const { result } = await build({ 'content/index.md': '---\ntitle: Home\n---\n\n```js\nlet graph = 1;\n```\n' });
  const scripts = (result.files ?? []).map((f) => f.path).filter((path) => path.endsWith('.js'));
  assert.ok(
    scripts.some((path) => path.startsWith('assets/js/islands.')),
    scripts.join(' '),
  );
  assert.ok(!scripts.some((path) => /mermaid|islands-extended/.test(path)), scripts.join(' '));
});

test('checkDiagrams: valid diagrams of several types pass, each broken one is reported with mermaid’s reason', async () => {
  const good = [
    'graph TD\n  A[Hotspot] --> B{Online?}',
    'sequenceDiagram\n  App->>API: GET /stats\n  API-->>App: 200',
    'stateDiagram-v2\n  [*] --> Open\n  Open --> Closed',
    'erDiagram\n  HOTSPOT ||--o{ REWARD : earns',
    'pie title Rewards\n  "PoC" : 60\n  "Data" : 40',
  ];
  const bad = ['graph TD\n  A -->', 'sequenceDiagram\n  App->>: hi', 'graph TD\n  A[unclosed --> B'];
  const diagrams = [...good, ...bad].map((source, i) => ({ source, file: `page-${i}.md`, line: i + 1, column: 1 }));
  const found = await checkDiagrams(diagrams);
  assert.deepEqual(
    found.map((d) => d.file),
    ['page-5.md', 'page-6.md', 'page-7.md'],
  );
  assert.ok(
    found.every((d) => d.code === 'DG251' && d.message.length < 400),
    'short messages',
  );
});
