/**
 * Opens a search hit. In-site URLs go through client-side navigation: the `docsgen:navigate`
 * event, which the navigation code handles by calling preventDefault(); when nobody does, or for
 * an external URL (another origin, or matching the configured pattern), a full page load.
 */
export function navigateTo(href: string, externalUrlRegex?: string): void {
  const url = new URL(href, location.href);
  const external =
    url.origin !== location.origin || (externalUrlRegex ? safeRegExp(externalUrlRegex)?.test(href) === true : false);
  if (!external) {
    const event = new CustomEvent('docsgen:navigate', {
      detail: { url: url.pathname + url.search + url.hash },
      cancelable: true,
    });
    if (!window.dispatchEvent(event)) return;
  }
  location.assign(url.href);
}

export function safeRegExp(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}
