// The API description is untrusted: nothing in it may become script in a page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildFromDocument, renderPageBody } from './helpers.js';

const HOSTILE = [
  'Intro <script>alert(1)</script> text.',
  '<img src=x onerror="alert(1)"> and <iframe src="https://evil.test"></iframe>',
  '[click](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=) and [vb](vbscript:msgbox)',
  '<a href="javascript:alert(3)" onclick="alert(4)">raw link</a>',
  '<div onmouseover="alert(5)">hover</div><svg onload=alert(6)></svg>',
  '![img](javascript:alert(7))',
].join('\n\n');

const document = {
  openapi: '3.1.0',
  info: {
    title: 'Evil <script>alert(0)</script> API',
    version: '1"><script>alert(1)</script>',
    description: HOSTILE,
    contact: { name: 'Mallory', url: 'javascript:alert(8)', email: 'x" onmouseover="alert(9)' },
    license: { name: 'MIT', url: 'javascript:alert(10)' },
    termsOfService: 'javascript:alert(11)',
  },
  servers: [{ url: 'https://api.evil.test', description: HOSTILE }],
  tags: [{ name: 'Tag <script>', description: HOSTILE }],
  components: { securitySchemes: { Key: { type: 'apiKey', in: 'header', name: 'x-api-key', description: HOSTILE } } },
  security: [{ Key: [] }],
  paths: {
    '/items/{id}': {
      get: {
        tags: ['Tag <script>'],
        summary: 'Get <script>alert(12)</script> item',
        description: HOSTILE,
        parameters: [
          { name: 'id', in: 'path', required: true, description: HOSTILE, schema: { type: 'string', example: 'abc' } },
        ],
        responses: {
          '200': {
            description: HOSTILE,
            headers: { 'X-Rate': { description: HOSTILE, schema: { type: 'integer' } } },
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  description: HOSTILE,
                  properties: { name: { type: 'string', description: HOSTILE } },
                },
                examples: {
                  evil: {
                    summary: 'Evil <script>',
                    description: HOSTILE,
                    value: { name: '</script><script>alert(13)</script>' },
                  },
                },
              },
            },
          },
        },
        'x-codeSamples': [
          {
            lang: 'curl',
            label: 'cURL <script>',
            source: 'curl https://api.evil.test </code></pre><script>alert(14)</script>',
          },
        ],
      },
    },
  },
};

test('hostile Markdown, HTML and URLs in the description render inert', async () => {
  const { pages } = await buildFromDocument(document);
  assert.equal(pages.length, 2);
  for (const page of pages) {
    const html = renderPageBody(page);
    assert.ok(!/<script/i.test(html), `${page.id}: <script`);
    assert.ok(!/\son\w+=/i.test(html), `${page.id}: event handler`);
    assert.ok(!/javascript:/i.test(html), `${page.id}: javascript: URL`);
    assert.ok(!/<iframe|<svg|data:text\/html|vbscript:/i.test(html), `${page.id}: iframe, svg, data: or vbscript: URL`);
    // The readable parts survive.
    assert.match(html, /Intro/);
    assert.match(html, /click/);
  }
  const operation = renderPageBody(pages[1]);
  assert.match(operation, /Get &lt;script&gt;alert\(12\)&lt;\/script&gt; item/);
  assert.ok(!pages[1].text.includes('onerror'), 'raw HTML of descriptions is dropped, not indexed');
});

test('a javascript: autolink stays text, without a link target', async () => {
  const { pages } = await buildFromDocument({
    ...document,
    info: { title: 'A', version: '1', description: 'See <javascript:alert(2)>' },
  });
  const html = renderPageBody(pages[0]);
  assert.ok(
    !/(href|src|action|formaction)\s*=\s*"?\s*javascript:/i.test(html),
    '!/(href|src|action|formaction)\\s*=\\s*"?\\s*javascript:/i.test(html)',
  );
  assert.match(html, /<a>javascript:alert\(2\)<\/a>/);
});
