// Very large examples and code samples degrade (plain, then cut short, with a visible note and a warning); they never crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHighlighter, DISPLAY_LIMIT, HIGHLIGHT_LIMIT } from '../../src/content/highlighter.js';
import { buildFromDocument, minimalDocument, renderPageBody } from './helpers.js';

/** A full export of a locker network: the kind of response example generators paste in whole. */
function lockerExport(count: number): unknown {
  return {
    data: Array.from({ length: count }, (_, i) => ({
      id: `lk-${String(i).padStart(6, '0')}`,
      location: { lat: 52.3 + (i % 997) / 1e4, lon: 4.8 + (i % 991) / 1e4, address: `Damrak ${i % 300}, Amsterdam` },
      compartments: [
        { size: 'S', free: i % 3 === 0 },
        { size: 'M', free: i % 5 === 0 },
      ],
      updatedAt: '2024-07-01T00:00:00.000Z',
    })),
    next: null,
  };
}

test('a ~5 MB response example and a huge x-codeSamples source build, shown plain and cut short with a note (DG504)', async () => {
  const example = lockerExport(20_000);
  assert.ok(JSON.stringify(example, null, 2).length > 4_500_000, 'JSON.stringify(example, null, 2).length > 4_500_000');
  const curl = [
    'curl https://api.lockers.test/v2/lockers/import \\',
    ...Array.from({ length: 40_000 }, (_, i) => `  -d 'locker[${i}]=lk-${i}' \\`),
    "  -H 'x-api-key: $KEY'",
  ].join('\n');
  const { pages, diagnostics } = await buildFromDocument(
    minimalDocument({
      '/lockers/export': {
        get: {
          summary: 'Export all lockers',
          responses: { '200': { description: 'Every locker', content: { 'application/json': { example } } } },
          'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: curl }],
        },
      },
    }),
  );
  const html = renderPageBody(pages[1]);
  assert.match(
    html,
    /class="code-notice"[^>]*>Shown without highlighting: [\d.]+ MB is more than the 100 KB that is highlighted\. Cut short: the first [\d,]+ of [\d,]+ lines/,
  );
  assert.ok(html.length < 3 * DISPLAY_LIMIT, `the page holds ${html.length} characters`);
  const warnings = diagnostics.filter((d) => d.code === 'DG504');
  assert.ok(warnings.length >= 2, JSON.stringify(diagnostics.map((d) => d.message)));
  assert.ok(
    warnings.every((d) => d.severity === 'warning' && d.file === 'openapi.json'),
    "warnings.every((d) => d.severity === 'warning' && d.file === 'openapi.json')",
  );
});

test('property: the highlighter never throws and never loses a line below the display limit, whatever the size', () => {
  const highlighter = createHighlighter();
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let run = 0; run < 8; run++) {
    const lines = Math.floor(random() * 30_000) + 1;
    const text = Array.from({ length: lines }, (_, i) => `  "key${i}": ${Math.floor(random() * 1e6)},`).join('\n');
    for (const language of ['json', 'bash', 'no-such-language', undefined]) {
      const result = highlighter.highlight(text, language);
      if (text.length <= DISPLAY_LIMIT) assert.equal(result.lines.length, lines);
      else assert.match(result.notice ?? '', /Cut short/);
      if (text.length > HIGHLIGHT_LIMIT && language === 'json') assert.equal(result.language, 'plaintext');
      if (text.length <= HIGHLIGHT_LIMIT) assert.equal(result.notice, undefined);
    }
  }
});
