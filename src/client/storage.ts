/**
 * localStorage that never throws: private mode, sandboxed iframes or a throwing implementation
 * log one warning and every feature keeps working without persistence.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

let warned = false;

function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn('docsgen: browser storage is unavailable; preferences will not be remembered.', error);
}

export function createSafeStorage(getStorage: () => Storage | null = () => window.localStorage): SafeStorage {
  const attempt = <T>(fn: (storage: Storage) => T, fallback: T): T => {
    try {
      const storage = getStorage();
      if (!storage) throw new Error('localStorage is not available');
      return fn(storage);
    } catch (error) {
      warnOnce(error);
      return fallback;
    }
  };
  return {
    get: (key) => attempt((s) => s.getItem(key), null),
    set: (key, value) => attempt((s) => s.setItem(key, value), undefined),
    remove: (key) => attempt((s) => s.removeItem(key), undefined),
  };
}
