import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { REPO, createMiniSite } from '../helpers/mini-site.js';

const mathPage = readFileSync(join(REPO, 'test/markdown/fixtures/docusaurus-math/reward-math.md'), 'utf8');

async function build(config: string) {
  const root = await createMiniSite({ config, files: { 'content/guides/reward-math.md': mathPage } });
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const text = (path: string) => {
    const file = result.files?.find((f) => f.path === path);
    assert.ok(file, path);
    return typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8');
  };
  return { result, text };
}

test('markdown.math: $…$ and $$…$$ are KaTeX at build time; its CSS and fonts only where math is', async () => {
  const { result, text } = await build('markdown: { math: true },');
  const html = text('guides/reward-math/index.html');
  // Inline and display math, with MathML for screen readers; code stays code.
  assert.equal(
    [...html.matchAll(/<span class="katex">/g)].length,
    2 + 1,
    'two inline, one display (the broken one is a katex-error)',
  );
  assert.match(html, /<span class="katex-display">/);
  assert.match(html, /<math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"/);
  assert.match(html, /<code>\$HNT<\/code>/);
  assert.match(html, /<span class="hljs-variable">\$HOTSPOT_KEY<\/span>/);
  // Search text and descriptions read the TeX source, not KaTeX's markup.
  assert.match(
    html,
    /<meta name="description" content="Each epoch a hotspot earns a share s_i = \\frac\{p_i\}\{\\sum_j p_j\} of the pool/,
  );
  // data-page-asset: client-side navigation swaps it in and out with the page (navigation.ts).
  const css = /<link rel="stylesheet" href="(\/assets\/katex-[\d.]+\/katex\.min\.css)" data-page-asset=""/.exec(
    html,
  )?.[1];
  assert.ok(css, 'the math page links KaTeX CSS');
  assert.doesNotMatch(text('guides/start/index.html'), /katex/);
  const paths = result.files!.map((f) => f.path);
  assert.ok(paths.includes(css.slice(1)), 'paths.includes(css.slice(1))');
  assert.ok(
    paths.some((p) => /^assets\/katex-[\d.]+\/fonts\/KaTeX_Main-Regular\.woff2$/.test(p)),
    'paths.some((p) => /^assets\\/katex-[\\d.]+\\/fonts\\/KaTeX_Main-Regular\\.woff2$/.test(p))',
  );
  assert.ok(
    !paths.some((p) => p.endsWith('.ttf') || p.endsWith('.woff')),
    "!paths.some((p) => p.endsWith('.ttf') || p.endsWith('.woff'))",
  );
  // The broken expression is a warning with its line, shown as written in red by KaTeX.
  const warning = result.diagnostics.find((d) => d.code === 'DG210');
  assert.equal(warning?.file, 'content/guides/reward-math.md');
  assert.equal(warning?.line, 18);
  assert.match(warning!.message, /Math that KaTeX cannot render/);
  assert.match(html, /class="katex-error"/);
});

test('without markdown.math, dollar signs are text and no KaTeX file is written', async () => {
  const { result, text } = await build('');
  const html = text('guides/reward-math/index.html');
  assert.doesNotMatch(html, /katex/);
  assert.match(html, /\$s_i = \\frac\{p_i\}/);
  assert.ok(
    !result.files!.some((f) => f.path.includes('katex')),
    "!result.files!.some((f) => f.path.includes('katex'))",
  );
});
