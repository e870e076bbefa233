import { watch, type FSWatcher } from 'chokidar';
import { resolve } from 'node:path';

export interface SiteWatcher {
  /** Watches exactly these paths from now on (folders recursively). */
  setPaths(paths: readonly string[]): void;
  close(): Promise<void>;
}

export interface WatchSiteOptions {
  paths: readonly string[];
  /** Called with every path that was added, changed or removed, batched over `settleMs`. */
  onChange(paths: string[]): void;
  settleMs?: number;
}

const IGNORED = /(^|[/\\])(node_modules|\.git)([/\\]|$)|\.(swp|swx|tmp)$|~$/;

/**
 * Watches the site's sources with chokidar. Events that arrive together (a save that writes
 * several files, an editor's write-and-rename) are delivered as one batch once the file system
 * has been quiet for `settleMs`; a deletion arrives ~100 ms later, once chokidar has ruled out an
 * atomic save.
 */
export function watchSite({ paths, onChange, settleMs = 8 }: WatchSiteOptions): SiteWatcher {
  let watched = new Set(paths.map((path) => resolve(path)));
  const watcher: FSWatcher = watch([...watched], { ignoreInitial: true, ignored: (path) => IGNORED.test(path) });
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const record = (path: string) => {
    pending.add(resolve(path));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending];
      pending.clear();
      onChange(batch);
    }, settleMs);
  };
  for (const event of ['add', 'change', 'unlink'] as const) watcher.on(event, record);
  watcher.on('unlinkDir', (path) => {
    record(path);
    // chokidar does not notice a watched folder that is deleted and created again, unless told
    // to watch it again (it then waits for it to appear).
    if (watched.has(resolve(path))) watcher.unwatch(path).add(path);
  });
  watcher.on('error', () => {
    // A folder that disappeared or cannot be read: its files' events stop, the rest go on.
  });
  return {
    setPaths(next) {
      const wanted = new Set(next.map((path) => resolve(path)));
      const added = [...wanted].filter((path) => !watched.has(path));
      const removed = [...watched].filter((path) => !wanted.has(path));
      if (added.length) watcher.add(added);
      if (removed.length) watcher.unwatch(removed);
      watched = wanted;
    },
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
