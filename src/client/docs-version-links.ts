/**
 * The docs links of the navbar and mobile menu on a site with several docs versions. The server
 * renders them for the version of the doc page read (the last version elsewhere); on pages outside
 * the docs, Docusaurus takes the reader's preferred version instead, stored when they pick one in
 * the version dropdown or follow a banner to the latest version. This runs after every page load
 * and client-side navigation (which swaps only the page region, not the navbar).
 */
import { isNavbarLinkActive } from '@templates/components/nav-active.js';
import { preferredVersionKey } from './dropdowns.js';
import type { SafeStorage } from './storage.js';

/** The docs plugin: docsgen builds one docs section, Docusaurus' 'default'. */
export const DOCS_PLUGIN_ID = 'default';

interface VersionTarget {
  href: string;
  activeRoutePrefix?: string;
  label?: string;
}

/** The stored preferred version, if it is still one of the site's versions (else forgotten, as Docusaurus does). */
export function preferredVersion(storage: SafeStorage, known: readonly string[]): string | undefined {
  const stored = storage.get(preferredVersionKey(DOCS_PLUGIN_ID));
  if (stored === null) return undefined;
  if (known.includes(stored)) return stored;
  storage.remove(preferredVersionKey(DOCS_PLUGIN_ID));
  return undefined;
}

/** The version of the doc page shown (its `docusaurus_version` meta tag); undefined outside the docs. */
export const pageDocsVersion = (doc: Document): string | undefined =>
  doc.querySelector<HTMLMetaElement>('meta[name="docusaurus_version"]')?.content || undefined;

/** Shows one label of a stack of version labels (VersionLabels); the others keep their room. */
export function showVersionLabel(stack: Element, name: string): void {
  for (const label of stack.querySelectorAll<HTMLElement>('[data-version-label]'))
    label.style.visibility = label.dataset.versionLabel === name ? '' : 'hidden';
}

/** What the server wrote on a docs link: the last version, and the link's target in each version. */
interface LinkTargets {
  last?: string;
  targets: Record<string, VersionTarget>;
}

function parseTargets(link: HTMLElement): LinkTargets {
  try {
    return JSON.parse(link.dataset.versionTargets ?? '') as LinkTargets;
  } catch {
    return { targets: {} };
  }
}

/** Points one docs link at its target in `version` and marks it active as the server would. */
function retarget(link: HTMLAnchorElement, target: VersionTarget, version: string, route: string): void {
  link.setAttribute('href', target.href);
  if (target.activeRoutePrefix) link.dataset.activePrefix = target.activeRoutePrefix;
  else delete link.dataset.activePrefix;
  const active = isNavbarLinkActive(target.activeRoutePrefix, route);
  link.classList.toggle(link.classList.contains('menu-link') ? 'menu-link--active' : 'navbar__link--active', active);
  if (active) link.setAttribute('aria-current', 'true');
  else link.removeAttribute('aria-current');
  const stack = link.querySelector('[data-version-labels]');
  if (stack) showVersionLabel(stack, version);
}

/**
 * Points every docs link at the version Docusaurus would: the doc page's version, else the reader's
 * preferred version, else the last one (what the server renders outside the docs). The version
 * dropdowns are islands and follow the same rule themselves (preferred-version-dropdown.tsx).
 */
export function applyDocsVersion(doc: Document, storage: SafeStorage, route: string): void {
  const links = [...doc.querySelectorAll<HTMLAnchorElement>('a[data-version-targets]')].map((element) => ({
    element,
    ...parseTargets(element),
  }));
  const known = [...new Set(links.flatMap((link) => Object.keys(link.targets)))];
  const version = pageDocsVersion(doc) ?? preferredVersion(storage, known);
  for (const link of links) {
    const chosen = version && link.targets[version] ? version : link.last;
    const target = chosen && link.targets[chosen];
    if (chosen && target) retarget(link.element, target, chosen, route);
  }
}
