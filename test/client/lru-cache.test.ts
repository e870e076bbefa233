import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LruCache, ROUTE_CACHE_SIZE } from '../../src/client/lru-cache.js';
import { createRouteLookup } from '../../src/client/route-lookup.js';

test('the route lookup remembers 10,000 paths (spec section 9), then forgets the oldest', (t) => {
  // The lookup's cache is private: the first call to LruCache#set tells which instance it is.
  const set = t.mock.method(LruCache.prototype, 'set');
  const lookup = createRouteLookup('/');
  for (let i = 0; i <= 10_000; i++) lookup(`/p${i}`);
  const cache = set.mock.calls[0].this as LruCache<string, string | null>;
  assert.equal(cache.size, 10_000);
  assert.equal(cache.has('/p0'), false, 'the 10,001st path pushed out the oldest');
  assert.equal(cache.has('/p1'), true);
});

test('an LRU cache forgets the least recently used entry once full', () => {
  const cache = new LruCache<string, number>(3);
  cache.set('a', 1).set('b', 2).set('c', 3);
  assert.equal(cache.get('a'), 1); // a is now the most recent
  cache.set('d', 4);
  assert.equal(cache.has('b'), false, 'b was the least recently used');
  assert.deepEqual(
    ['a', 'c', 'd'].map((k) => cache.get(k)),
    [1, 3, 4],
  );
  cache.set('c', 30); // overwriting refreshes too
  cache.set('e', 5);
  assert.equal(cache.has('a'), false);
  assert.equal(cache.get('c'), 30);
  assert.equal(cache.size, 3);
  assert.equal(cache.delete('c'), true);
  assert.equal(cache.get('c'), undefined);
});

test('an LRU cache keeps falsy values and refuses a size below 1', () => {
  const cache = new LruCache<string, string | null>(2);
  cache.set('x', null);
  assert.equal(cache.has('x'), true);
  assert.equal(cache.get('x'), null);
  assert.throws(() => new LruCache(0), RangeError);
});

test('a cache at the route-matching size never grows past it', () => {
  const cache = new LruCache<number, number>(ROUTE_CACHE_SIZE);
  for (let i = 0; i < ROUTE_CACHE_SIZE + 2_500; i++) cache.set(i, i);
  assert.equal(cache.size, ROUTE_CACHE_SIZE);
  assert.equal(cache.has(2_499), false);
  assert.equal(cache.get(2_500), 2_500);
});

test('route lookup: pages of the site by pathname, nothing for files or paths outside baseUrl', () => {
  const root = createRouteLookup('/');
  assert.equal(root('/guides/usage'), '/guides/usage');
  assert.equal(root('/guides/usage/'), '/guides/usage');
  assert.equal(root('/guides/usage/index.html'), '/guides/usage');
  assert.equal(root('/'), '/');
  assert.equal(root('/openapi/heliumgeek.json'), null);
  assert.equal(root('/img/logo.svg'), null);
  const docs = createRouteLookup('/docs/', 2);
  assert.equal(docs('/docs/'), '/');
  assert.equal(docs('/docs'), '/');
  assert.equal(docs('/docs/api/reference/radio-rewards'), '/api/reference/radio-rewards');
  assert.equal(docs('/elsewhere/page'), null);
  assert.equal(
    docs('/docs/api/reference/radio-rewards'),
    '/api/reference/radio-rewards',
    'the same answer after eviction',
  );
});
