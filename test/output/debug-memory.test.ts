/** `DOCSGEN_DEBUG_MEMORY=1`: the memory at the end of each build stage and the peak; off, nothing runs. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryProbe } from '../../src/shared/debug-memory.js';

test('without DOCSGEN_DEBUG_MEMORY there is no probe', () => {
  assert.equal(
    memoryProbe({}, () => assert.fail('printed')),
    undefined,
  );
});

test('with DOCSGEN_DEBUG_MEMORY each stage end and the peak are printed with their figures', () => {
  const lines: string[] = [];
  const probe = memoryProbe({ DOCSGEN_DEBUG_MEMORY: '1' }, (line) => lines.push(line));
  assert.ok(probe, 'a probe');
  probe.stage('content');
  // Written to, so that its pages are resident: the peak is reached during 'content'.
  const held = Buffer.alloc(128 * 1024 * 1024, 1);
  probe.stage('render');
  probe.end();
  assert.equal(held[held.length - 1], 1, 'the buffer was alive until the end');
  assert.deepEqual(
    lines.map((line) => line.replace(/: rss .*/, '')),
    ['memory: end of start', 'memory: end of content', 'memory: end of render', lines[3].replace(/: rss .*/, '')],
    lines.join('\n'),
  );
  assert.match(lines[3], /^memory: peak during (start|content|render):/, 'the peak names a stage');
  const rss = (line: string) => Number(/rss (\d+) MB/.exec(line)?.[1]);
  assert.ok(
    lines.slice(0, 3).every((line) => rss(line) <= rss(lines[3]) + 2),
    `the peak is at least every stage's figure (read a moment apart): ${lines.join(' | ')}`,
  );
  for (const line of lines)
    assert.match(line, /rss \d+ MB, main heap \d+ MB of \d+ MB, external \d+ MB$/, `figures in ${line}`);
});
