import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESCRIPTION_MAX, shortDescription } from '../../src/shared/short-description.js';
import { firstParagraphText, htmlTree } from '../../src/shared/hast-text.js';
import { seededRandom } from '../helpers/seeded-random.js';

const WORDS = [
  'hotspot',
  'rewards',
  'epoch',
  'a',
  'HNT,',
  'déjà',
  '🛰️',
  '𠀀𠀁',
  'https://example.com/a/very/long/path/that/goes/on/and/on/and/on/and/on/and/on/and/on/and/on',
  'is',
  '—',
  'data-credits',
];

test('short descriptions: at most 160 characters, a prefix of the text, cut between words, never half a character', () => {
  const random = seededRandom(2025);
  for (let run = 0; run < 500; run++) {
    const text = Array.from({ length: Math.floor(random.next() * 60) }, () => random.pick(WORDS)).join(
      random.chance(0.2) ? '\n  ' : ' ',
    );
    const clean = text.replace(/\s+/g, ' ').trim();
    const short = shortDescription(text);
    assert.ok(short.length <= DESCRIPTION_MAX, `${short.length} characters: ${short}`);
    if (clean.length <= DESCRIPTION_MAX) {
      assert.equal(short, clean);
      continue;
    }
    assert.ok(short.endsWith('…'), short);
    const kept = short.slice(0, -1);
    assert.ok(clean.startsWith(kept), `a prefix of the text: ${short}`);
    assert.doesNotMatch(kept, /[\uD800-\uDBFF]$/, 'no lone high surrogate at the cut');
    // Cut where a word ends, unless the last word is longer than half the room (a URL).
    const cutAtWord = /^[\s,;:–—-]/.test(clean.slice(kept.length));
    assert.ok(cutAtWord || kept.lastIndexOf(' ') <= DESCRIPTION_MAX / 2, `cut at a word: …${kept.slice(-20)}|`);
  }
});

test("a page's first paragraph: prose, not its heading, hash link, tab labels, code, buttons or admonition title", () => {
  const html = [
    '<h1 id="start">Quick start<a class="hash-link" href="#start">#</a></h1>',
    '<aside class="admonition"><p class="admonition-title">Five minute start</p></aside>',
    '<div role="tablist"><a role="tab">npm</a></div><pre><code>npm install x</code></pre><button>Copy</button>',
    '<p><img src="a.png" alt="Flow"></p>',
    '<div><p>Install the <strong>worker</strong> with <code>npm</code>.</p></div>',
    '<p>Second paragraph.</p>',
  ].join('\n');
  assert.equal(firstParagraphText(htmlTree(html)), 'Install the worker with npm.');
  assert.equal(firstParagraphText(htmlTree('<h2>Only a heading</h2><pre><code>x</code></pre>')), '');
});
