/** The progress bar appears only for navigations slower than this (spec section 9). */
export const PROGRESS_DELAY_MS = 200;

export interface ProgressBar {
  start(): void;
  done(): void;
}

/**
 * A thin bar at the top of the viewport for client-side navigations that change the path: it
 * appears 200 ms after the navigation starts, creeps towards 90 % and completes when the route
 * has updated. No spinner.
 */
export function createProgressBar(doc: Document, delay = PROGRESS_DELAY_MS): ProgressBar {
  let timer = 0;
  let trickle = 0;
  let bar: HTMLElement | null = null;
  let progress = 0;
  const render = () => bar && (bar.style.width = `${(progress * 100).toFixed(1)}%`);
  const clear = () => {
    window.clearTimeout(timer);
    window.clearInterval(trickle);
  };
  return {
    start() {
      clear();
      bar?.remove();
      bar = null;
      timer = window.setTimeout(() => {
        bar = doc.createElement('div');
        bar.className = 'progress-bar';
        bar.setAttribute('data-progress-bar', '');
        bar.setAttribute('aria-hidden', 'true');
        progress = 0.08;
        render();
        doc.body.append(bar);
        trickle = window.setInterval(() => {
          progress += (0.9 - progress) * 0.12;
          render();
        }, 200);
      }, delay);
    },
    done() {
      clear();
      const finished = bar;
      bar = null;
      if (!finished) return;
      finished.style.width = '100%';
      window.setTimeout(() => (finished.style.opacity = '0'), 200);
      window.setTimeout(() => finished.remove(), 500);
    },
  };
}
