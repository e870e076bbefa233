import type { DevSession } from './dev-session.js';

export interface BuildLoopOptions {
  session: DevSession;
  log(text: string): void;
  /** After every build (the watcher's paths follow the config). */
  afterBuild?(): void;
  /** Once the first build is done (the server answers requests from then on). */
  onReady?(): void;
  /** Saves the cache 1.5 s after the first build, so that even a killed server leaves one behind. */
  persist?: boolean;
  /** How long after a single-page edit the build of the rest of the site starts (tests shorten it). */
  followUpDelayMs?: number;
}

export interface BuildLoop {
  /** Saved files (from the watcher): served at once when they are single-page edits, else built. */
  onChange(paths: readonly string[]): void;
  /** Whether a build runs or waits, or a follow-up build is due: what the site serves may still change. */
  busy(): boolean;
  /** Builds no more: a running follow-up stops at its next stage boundary, another build finishes. */
  close(): void;
}

/** How long after a single-page edit the build of the rest of the site starts. */
const FOLLOW_UP_DELAY_MS = 300;

/** Why a follow-up build stopped: a newer single-page edit made it stale (another follows it). */
const SUPERSEDED = 'superseded by a newer edit';

/**
 * The dev server's builds, one at a time: the first build, a build for files saved (those saved
 * meanwhile are built together right after), and after single-page edits a follow-up build for
 * what depends on every page (search index, sitemap, twins, other pages' checks). A save that is
 * a single-page edit is served at once even while a build runs; a follow-up build it makes stale
 * stops at its next stage boundary (the next follow-up starts a moment later), so a burst of saves
 * does not queue builds nobody will see.
 */
export function startBuildLoop(options: BuildLoopOptions): BuildLoop {
  const { session, log } = options;
  const delay = options.followUpDelayMs ?? FOLLOW_UP_DELAY_MS;
  const pending = new Set<string>();
  let queued = false;
  let closed = false;
  let followUpTimer: NodeJS.Timeout | undefined;
  /** The build that runs now, and whether it is a follow-up (which a newer edit may stop). */
  let running: { followUp: boolean; controller: AbortController } | undefined;

  const buildOnce = async (changed: string[]) => {
    // A follow-up nobody needs any more (a build that ran meanwhile read every edited file).
    if (changed.length === 0 && session.site && !session.followUpNeeded()) return;
    const controller = new AbortController();
    running = { followUp: changed.length === 0 && session.site !== undefined, controller };
    await session
      .build(changed, controller.signal)
      .catch((error: Error) => log(`docsgen dev: build crashed: ${error.stack ?? error.message}`));
    running = undefined;
    if (!closed) options.afterBuild?.();
    // Pages edited while it ran (or a follow-up that was stopped): one more build, for what depends on every page.
    if (session.followUpNeeded()) scheduleFollowUp();
  };
  let queue = buildOnce([]).then(() => {
    options.onReady?.();
    if (options.persist)
      setTimeout(() => void (queue = queue.then(() => (closed ? undefined : session.save()))), 1500).unref();
  });
  const enqueue = (paths: readonly string[]) => {
    paths.forEach((path) => pending.add(path));
    if (queued || closed) return;
    queued = true;
    queue = queue.then(() => {
      queued = false;
      const batch = [...pending];
      pending.clear();
      return closed ? undefined : buildOnce(batch);
    });
  };
  // Started a moment after the edited page is out, so that the tab's reload is answered first. It
  // adds no file to the batch: a stylesheet saved meanwhile is still a stylesheet-only change.
  function scheduleFollowUp() {
    clearTimeout(followUpTimer);
    followUpTimer = setTimeout(() => {
      followUpTimer = undefined;
      if (session.followUpNeeded()) enqueue([]);
    }, delay);
  }
  return {
    onChange(paths) {
      if (closed) return;
      // A Markdown edit that leaves other pages as they are is served at once, even while a build
      // runs or a follow-up waits; not while files saved before it wait for their build.
      if (pending.size === 0 && session.editPages(paths)) {
        if (running?.followUp) running.controller.abort(new Error(SUPERSEDED));
        scheduleFollowUp();
        return;
      }
      enqueue(paths);
    },
    busy: () => running !== undefined || queued || followUpTimer !== undefined,
    close() {
      closed = true;
      clearTimeout(followUpTimer);
      followUpTimer = undefined;
      if (running?.followUp) running.controller.abort(new Error('the dev server stopped'));
    },
  };
}
