import { watch, type FSWatcher } from 'chokidar';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
/** How often a watched path that was deleted is looked for (a `git checkout` brings it back). */
const REAPPEAR_POLL_MS = 100;

/** What tells two versions of a file apart without reading it. */
function stampOf(path: string): string {
  try {
    const info = statSync(path);
    return `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}`;
  } catch {
    return 'missing';
  }
}

interface WatchHandlers {
  onFileChange(path: string): void;
  onRemoval(path: string): void;
  /** Any file-system event: the moment to see whether a watched path itself is gone. */
  onAnyEvent(): void;
  /** A watched path that was missing exists (again). */
  onReturn(path: string): void;
}

/** One chokidar instance; `reportExisting` reports the files it finds at first as added. */
function openWatcher(paths: readonly string[], handlers: WatchHandlers, reportExisting: boolean): FSWatcher {
  const watcher = watch([...paths], { ignoreInitial: !reportExisting, ignored: (path) => IGNORED.test(path) });
  // A new file is re-checked too: its content may be written after chokidar's first look at it.
  watcher.on('add', handlers.onFileChange);
  watcher.on('change', handlers.onFileChange);
  watcher.on('unlink', handlers.onRemoval);
  watcher.on('unlinkDir', handlers.onRemoval);
  // A watched folder's own deletion comes as a raw event only (no 'unlinkDir' for the root itself).
  watcher.on('raw', handlers.onAnyEvent);
  watcher.on('error', () => {
    // A folder that disappeared or cannot be read: its files' events stop, the rest go on.
  });
  return watcher;
}

/** Every file under a watched path (the path itself when it is a file), skipping what the watcher ignores. */
function filesUnder(path: string): string[] {
  try {
    if (!statSync(path).isDirectory()) return [path];
    return readdirSync(path, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
      .filter((file) => !IGNORED.test(file));
  } catch {
    return []; // gone again: the next event looks for it
  }
}

/**
 * Watched paths that were deleted (a `git checkout` of another branch deletes and restores
 * content/). chokidar 4, told to watch such a folder again, reports the restored files but none of
 * the edits after them. So a watched path found missing is unwatched, looked for until it is
 * back, then watched by a chokidar instance of its own that reports every file it came back with
 * (also those written while it scans).
 */
function createReturnWatch(main: FSWatcher, handlers: WatchHandlers) {
  const polls = new Map<string, NodeJS.Timeout>();
  const returned = new Map<string, FSWatcher>();
  const stopWatching = (path: string) => {
    main.unwatch(path);
    void returned.get(path)?.close();
    returned.delete(path);
  };
  const awaitReturn = (path: string, isWatched: (path: string) => boolean) => {
    stopWatching(path);
    const poll = setInterval(() => {
      if (!existsSync(path)) return;
      clearInterval(poll);
      polls.delete(path);
      if (!isWatched(path)) return;
      handlers.onReturn(path);
      const watcher = openWatcher([path], handlers, true);
      // Files written between chokidar's scan of a folder and its watch on it are reported by
      // neither (a checkout writes the page, the next save lands in that gap under load). Once
      // the watch is in place, every file is looked at again.
      watcher.once('ready', () => filesUnder(path).forEach(handlers.onFileChange));
      returned.set(path, watcher);
    }, REAPPEAR_POLL_MS);
    polls.set(path, poll);
  };
  return {
    /** Starts looking for every watched path that is gone; returns those (a few `stat`s: the site's top-level paths). */
    check(watched: ReadonlySet<string>): string[] {
      const gone = [...watched].filter((path) => !polls.has(path) && !existsSync(path));
      gone.forEach((path) => awaitReturn(path, (candidate) => watched.has(candidate)));
      return gone;
    },
    stopWatching,
    async close() {
      polls.forEach((poll) => clearInterval(poll));
      await Promise.all([...returned.values()].map((watcher) => watcher.close()));
    },
  };
}

/**
 * Watches the site's sources with chokidar. Events that arrive together (a save that writes
 * several files, an editor's write-and-rename) are delivered as one batch once the file system
 * has been quiet for `settleMs`; a deletion arrives ~100 ms later, once chokidar has ruled out an
 * atomic save.
 */
export function watchSite({ paths, onChange, settleMs = 8 }: WatchSiteOptions): SiteWatcher {
  let watched = new Set(paths.map((path) => resolve(path)));
  // Watched paths seen on disk: one of them gone is a change to build (a checkout removed content/);
  // one that never existed (a site without static/) is not, and would make every save a full build.
  const existed = new Set([...watched].filter((path) => existsSync(path)));
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
      if (!pending.has(file) && before !== undefined && before !== stampOf(file)) handlers.onFileChange(file);
    }, RECHECK_AFTER_MS);
    rechecks.add(recheck);
  };
  const handlers: WatchHandlers = {
    onFileChange(path) {
      record(path);
      recheckLater(path);
    },
    onRemoval(path) {
      record(path);
      handlers.onAnyEvent();
    },
    onAnyEvent: () =>
      returns
        .check(watched)
        .filter((path) => existed.has(path))
        .forEach(record),
    onReturn: (path) => existed.add(path),
  };
  const watcher = openWatcher([...watched], handlers, false);
  const returns = createReturnWatch(watcher, handlers);
  return {
    setPaths(next) {
      const wanted = new Set(next.map((path) => resolve(path)));
      const added = [...wanted].filter((path) => !watched.has(path));
      const removed = [...watched].filter((path) => !wanted.has(path));
      if (added.length) watcher.add(added);
      added.filter((path) => existsSync(path)).forEach((path) => existed.add(path));
      removed.forEach(returns.stopWatching);
      watched = wanted;
    },
    async close() {
      clearTimeout(timer);
      rechecks.forEach((recheck) => clearTimeout(recheck));
      await Promise.all([watcher.close(), returns.close()]);
    },
  };
}
