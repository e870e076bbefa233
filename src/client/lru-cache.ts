/** Route-matching cache size (spec section 9). */
export const ROUTE_CACHE_SIZE = 10_000;

/**
 * A bounded map that forgets the least recently used entry first. A Map keeps insertion order,
 * so a read re-inserts the key and the first key is always the oldest.
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly maxSize: number) {
    if (!(maxSize >= 1)) throw new RangeError(`LruCache size must be at least 1 (got ${maxSize})`);
  }

  get size(): number {
    return this.map.size;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.maxSize) this.map.delete(this.map.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }
}
