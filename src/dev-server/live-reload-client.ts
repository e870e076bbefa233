/**
 * The browser side of `docsgen dev`, injected into every served page as an inline script:
 * listens to the dev server's Server-Sent Events and
 * - reloads the page when its HTML changed, keeping the scroll position;
 * - swaps stylesheets in place when only CSS changed (no reload);
 * - shows build errors as an overlay, and removes it when a later build succeeds.
 * The page gets the source text of these functions (`liveReloadScript`), so each must be
 * self-contained: it may use the browser's globals and the other functions of LIVE_RELOAD_PARTS,
 * nothing else of this module (no imports, no module-level constants).
 */

export interface LiveReloadClientOptions {
  /** Server-Sent Events endpoint. */
  events: string;
  /** Build that produced this response (server start + build number); reconnecting to another build reloads. */
  build: string;
  /** HTTP status of this response (404 pages reload whenever pages are added). */
  status: number;
  baseUrl: string;
}

export interface DiagnosticView {
  severity: 'error' | 'warning';
  code: string;
  location: string;
  message: string;
  hint?: string;
}

/** '/guides/usage/index.html', '/guides/usage.html' and '/guides/usage/' are one page: '/guides/usage'. */
function normalizePagePath(path: string): string {
  return (
    path
      .replace(/\/index\.html$/, '/')
      .replace(/\.html$/, '')
      .replace(/\/+$/, '') || '/'
  );
}

/** After a reload, back to where the reader was on this page. */
function restoreScroll(key: string): void {
  let saved: { path: string; x: number; y: number } | null = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    sessionStorage.removeItem(key);
  } catch {
    return;
  }
  if (!saved || saved.path !== location.pathname) return;
  const { x, y } = saved;
  const apply = () => window.scrollTo(x, y);
  apply();
  requestAnimationFrame(apply);
  window.addEventListener('load', apply, { once: true });
}

function reloadKeepingScroll(key: string): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ path: location.pathname, x: window.scrollX, y: window.scrollY }));
  } catch {
    // Private mode without storage: reload without keeping the position.
  }
  location.reload();
}

/** Replaces each changed stylesheet by its new version, removing the old one once the new one has loaded. */
function swapStyles(from: string[], to: string[]): void {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  const stamp = `t=${Date.now()}`;
  from.forEach((oldHref, index) => {
    const newHref = to[index] ?? oldHref;
    for (const link of links) {
      if (new URL(link.href).pathname !== new URL(oldHref, location.href).pathname) continue;
      const next = link.cloneNode() as HTMLLinkElement;
      next.href = newHref === oldHref ? `${newHref}${newHref.includes('?') ? '&' : '?'}${stamp}` : newHref;
      next.addEventListener('load', () => link.remove(), { once: true });
      next.addEventListener('error', () => link.remove(), { once: true });
      link.after(next);
    }
  });
}

/** After other pages changed, links load pages afresh rather than from the client's page cache. */
function markPagesStale(): void {
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (link) link.setAttribute('data-no-client-nav', '');
    },
    { capture: true },
  );
}

function overlayStyle(): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = [
    ':host { position: fixed; inset: 0; z-index: 2147483647; display: block; background: rgba(15, 23, 42, 0.66);',
    '  overflow: auto; font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }',
    '.panel { max-width: 960px; margin: 6vh auto; background: #1e1e2e; color: #e6e6f0; border-top: 6px solid #f38ba8;',
    '  border-radius: 6px; padding: 20px 24px; box-shadow: 0 10px 40px rgba(0,0,0,.5); }',
    'h2 { margin: 0 0 4px; font-size: 18px; color: #f38ba8; font-family: system-ui, sans-serif; }',
    'p.note { margin: 0 0 16px; color: #bac2de; font-family: system-ui, sans-serif; }',
    'ol { list-style: none; margin: 0; padding: 0; }',
    'li { padding: 10px 0; border-top: 1px solid #313244; white-space: pre-wrap; word-break: break-word; }',
    '.where { color: #89b4fa; } .code { color: #a6adc8; } .warning .sev { color: #f9e2af; } .error .sev { color: #f38ba8; }',
    '.hint { color: #a6e3a1; display: block; margin-top: 4px; }',
    'button { float: right; background: none; border: 1px solid #585b70; color: #e6e6f0; border-radius: 4px;',
    '  padding: 2px 10px; cursor: pointer; font: inherit; }',
  ].join('\n');
  return style;
}

/** One diagnostic of the overlay: where, severity, message, code and hint. */
function diagnosticItem(d: DiagnosticView): HTMLLIElement {
  const item = document.createElement('li');
  item.className = d.severity;
  const parts: [string, string][] = [
    ['where', d.location ? `${d.location}  ` : ''],
    ['sev', d.severity],
    ['', `  ${d.message}  `],
    ['code', d.code],
  ];
  for (const [className, text] of parts) {
    const span = document.createElement('span');
    span.className = className;
    span.textContent = text;
    item.append(span);
  }
  if (d.hint) {
    const hint = document.createElement('span');
    hint.className = 'hint';
    hint.textContent = `hint: ${d.hint}`;
    item.append(hint);
  }
  return item;
}

/** The build-error overlay (in a shadow root, so the page's styles do not reach it); Escape or Close hides it. */
function createOverlay(): { show(diagnostics: DiagnosticView[]): void; hide(): void } {
  let overlay: HTMLElement | null = null;
  const hide = () => {
    overlay?.remove();
    overlay = null;
  };
  const show = (diagnostics: DiagnosticView[]) => {
    hide();
    const host = document.createElement('docsgen-error-overlay');
    host.setAttribute('role', 'alertdialog');
    host.setAttribute('aria-label', 'Build failed');
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const panel = document.createElement('div');
    panel.className = 'panel';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Close';
    close.addEventListener('click', hide);
    const title = document.createElement('h2');
    title.textContent = `Build failed: ${errors.length} error${errors.length === 1 ? '' : 's'}`;
    const note = document.createElement('p');
    note.className = 'note';
    note.textContent =
      'The dev server keeps serving the last good build. Fix the problem and save: this page updates by itself.';
    const list = document.createElement('ol');
    list.append(...diagnostics.map(diagnosticItem));
    panel.append(close, title, note, list);
    host.attachShadow({ mode: 'open' }).append(overlayStyle(), panel);
    document.documentElement.append(host);
    overlay = host;
  };
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
  return { show, hide };
}

/** Listens to the dev server's events: the overlay, stylesheet swaps and reloads of this page. */
export function liveReloadClient(options: LiveReloadClientOptions): void {
  const scrollKey = 'docsgen-dev:scroll';
  const overlay = createOverlay();
  const reload = () => reloadKeepingScroll(scrollKey);
  const dataOf = <T>(event: Event) => JSON.parse((event as MessageEvent).data) as T;
  restoreScroll(scrollKey);

  const source = new EventSource(options.events);
  source.addEventListener('error', () => document.documentElement.setAttribute('data-docsgen-live', 'reconnecting'));
  source.addEventListener('hello', (event) => {
    // Tells whoever looks (a reader in devtools, a browser test) that live reload is connected.
    document.documentElement.setAttribute('data-docsgen-live', 'connected');
    const data = dataOf<{ build: string; errors: DiagnosticView[] }>(event);
    if (data.errors.length) overlay.show(data.errors);
    else overlay.hide();
    // The server restarted or rebuilt while this page was disconnected.
    if (data.build !== options.build && !data.errors.length) reload();
  });
  source.addEventListener('error-overlay', (event) => overlay.show(dataOf<{ errors: DiagnosticView[] }>(event).errors));
  source.addEventListener('css', (event) => {
    const data = dataOf<{ build: string; from: string[]; to: string[] }>(event);
    overlay.hide();
    options.build = data.build;
    swapStyles(data.from, data.to);
  });
  source.addEventListener('reload', (event) => {
    const data = dataOf<{ build: string; all: boolean; paths: string[] }>(event);
    overlay.hide();
    const here = normalizePagePath(decodeURIComponent(location.pathname));
    const mine =
      data.all ||
      (options.status === 404 && data.paths.length > 0) ||
      data.paths.some((path) => normalizePagePath(path) === here);
    if (mine) return reload();
    options.build = data.build;
    if (data.paths.length) markPagesStale();
  });
}

/** The functions the injected script consists of (liveReloadClient calls the others by name). */
const LIVE_RELOAD_PARTS = [
  normalizePagePath,
  restoreScroll,
  reloadKeepingScroll,
  swapStyles,
  markPagesStale,
  overlayStyle,
  diagnosticItem,
  createOverlay,
  liveReloadClient,
];

/** The inline script for a page: the parts' source in a function scope (no globals), run with `options` (JSON). */
export function liveReloadScript(optionsJson: string): string {
  return `(() => {\n${LIVE_RELOAD_PARTS.map(String).join('\n')}\n${liveReloadClient.name}(${optionsJson});\n})()`;
}
