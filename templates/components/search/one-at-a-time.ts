/**
 * Runs searches one at a time, skipping the ones typing made stale: a search asked for while none
 * runs starts at once; one asked for while another runs waits for it, and is replaced by any later
 * one asked for in the meantime. So a fast index answers every keystroke with no added delay, and
 * a slow one (a very large index, a slow device) runs only the newest query after each search,
 * instead of one search per keystroke queueing behind each other.
 */
export interface OneAtATime {
  /** Runs `task` now, or after the running task when one runs (dropping any task waiting there). */
  run(task: () => Promise<unknown>): void;
  /** Forgets the waiting task, if any (the query it was for is gone). */
  cancel(): void;
}

export function oneAtATime(): OneAtATime {
  let running = false;
  let waiting: (() => Promise<unknown>) | undefined;
  const start = (task: () => Promise<unknown>) => {
    running = true;
    const settled = () => {
      running = false;
      const next = waiting;
      waiting = undefined;
      if (next) start(next);
    };
    // A task that throws at once settles like one that rejects (the next one still runs).
    new Promise((resolve) => resolve(task())).then(settled, settled);
  };
  return {
    run(task) {
      if (running) waiting = task;
      else start(task);
    },
    cancel() {
      waiting = undefined;
    },
  };
}
