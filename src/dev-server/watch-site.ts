import { watch, type FSWatcher } from 'chokidar';
import { statSync } from 'node:fs';
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
 * chokidar emits at most one 'change' per file every 50 ms and drops the rest (a leading-edge
 * throttle). A second save within that time — a fix saved right after a typo, a format-on-save,
 * or the write that follows a truncate — would never be built. So each change is looked at
 * again once the throttle has passed.
 */
const CHOKIDAR_CHANGE_THROTTLE_MS = 50;
const RECHECK_AFTER_MS = CHOKIDAR_CHANGE_THROTTLE_MS + 25;

/** What tells two versions of a file apart without reading it. */
function stampOf(path: string): string {
  try {
    const info = statSync(path);
    return `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}`;
  } catch {
    return 'missing';
  }
}

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
  /** Each changed file as it was when its batch was handed over to be built. */
  const delivered = new Map<string, string>();
  const rechecks = new Set<NodeJS.Timeout>();
  let timer: NodeJS.Timeout | undefined;
  const record = (path: string) => {
    pending.add(resolve(path));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending];
      pending.clear();
      batch.forEach((file) => delivered.set(file, stampOf(file)));
      onChange(batch);
    }, settleMs);
  };
  const recheckLater = (path: string) => {
    const file = resolve(path);
    const recheck = setTimeout(() => {
      rechecks.delete(recheck);
      const before = delivered.get(file);
      if (!pending.has(file) && before !== undefined && before !== stampOf(file)) onFileChange(file);
    }, RECHECK_AFTER_MS);
    rechecks.add(recheck);
  };
  const onFileChange = (path: string) => {
    record(path);
    recheckLater(path);
  };
  // A new file is re-checked too: its content may be written after chokidar's first look at it.
  watcher.on('add', onFileChange);
  watcher.on('change', onFileChange);
  watcher.on('unlink', record);
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
      rechecks.forEach((recheck) => clearTimeout(recheck));
      await watcher.close();
    },
  };
}
