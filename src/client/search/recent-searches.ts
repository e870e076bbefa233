import type { SafeStorage } from '../storage.js';
import type { RecentHit, RecentSearchesStore } from '@templates/components/search/SearchModal.js';

const KEY = 'docsgen.search.recent';
const LIMIT = 7;

/** Hits the reader opened, newest first, in local storage (in memory only when storage fails). */
export function createRecentSearches(storage: SafeStorage): RecentSearchesStore {
  let memory: RecentHit[] | undefined;
  const read = (): RecentHit[] => {
    if (memory) return memory;
    try {
      const parsed = JSON.parse(storage.get(KEY) ?? '[]') as unknown;
      memory = Array.isArray(parsed)
        ? parsed
            .filter((h): h is RecentHit => typeof h?.href === 'string' && typeof h?.title === 'string')
            .slice(0, LIMIT)
        : [];
    } catch {
      memory = [];
    }
    return memory;
  };
  const write = (hits: RecentHit[]) => {
    memory = hits;
    storage.set(KEY, JSON.stringify(hits));
  };
  return {
    list: () => [...read()],
    add: (hit) => write([hit, ...read().filter((h) => h.href !== hit.href)].slice(0, LIMIT)),
    remove: (href) => write(read().filter((h) => h.href !== href)),
  };
}
