// The plain text of an API description (search, meta descriptions, /meta/index.json) reads as the
// rendered description does: characters decoded, no space where an inline tag was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHighlighter } from '../../src/content/highlighter.js';
import { createMarkdownProcessor } from '../../src/content/markdown-processor.js';
import { renderDescription } from '../../src/openapi/render-description.js';

const options = {
  processor: createMarkdownProcessor({ trusted: false }),
  highlighter: createHighlighter(),
  baseUrl: '/',
  sourcePath: 'openapi.yaml',
};

test('description text: references decoded, inline markup joined to its punctuation, blocks apart', () => {
  const markdown = [
    'Speed tier: **Good** (< 50 ms & ≥ 100 Mbps), rejected as `denied_edge`.',
    '',
    '## Rate limits',
    '',
    '- Divide by 10^`decimals` for "whole" tokens',
    '- Paged by `cursor`.',
  ].join('\n');
  const { text } = renderDescription(markdown, options);
  assert.equal(
    text,
    'Speed tier: Good (< 50 ms & ≥ 100 Mbps), rejected as denied_edge. Rate limits ' +
      'Divide by 10^decimals for "whole" tokens Paged by cursor.',
  );
});
