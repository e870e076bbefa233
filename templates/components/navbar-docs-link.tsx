import type { ReactNode } from 'react';
import type { NavbarItemProps } from '../../src/render/page-props.js';
import { VersionLabels } from './VersionLabels.js';

type LinkItem = Extract<NavbarItemProps, { type: 'link' }>;

export interface NavbarLinkOnPage {
  href: string;
  activeRoutePrefix?: string;
  label: ReactNode;
  /**
   * `data-version-targets`: the last version and every version's target, for the client (which
   * follows the reader's preferred version outside the docs, and client-side navigations).
   */
  targets?: string;
}

/**
 * Where a navbar link leads on this page. A docs item (docSidebar, doc, docsVersion) of a site with
 * several docs versions follows the version of the doc page read, as in Docusaurus; elsewhere it
 * shows the last version, and the client moves it to the reader's preferred version.
 */
export function navbarLinkOnPage(
  item: LinkItem,
  pageVersion: string | undefined,
  lastVersion: string,
): NavbarLinkOnPage {
  const { byVersion } = item;
  if (!byVersion) return { href: item.href, activeRoutePrefix: item.activeRoutePrefix, label: item.label };
  const shown = pageVersion && byVersion[pageVersion] ? pageVersion : lastVersion;
  const target = byVersion[shown] ?? item;
  const labels = Object.entries(byVersion).map(([name, one]) => ({ name, label: one.label ?? item.label }));
  const label =
    new Set(labels.map((one) => one.label)).size > 1 ? <VersionLabels labels={labels} shown={shown} /> : item.label;
  return {
    href: target.href,
    activeRoutePrefix: target.activeRoutePrefix,
    label,
    targets: JSON.stringify({ last: lastVersion, targets: byVersion }),
  };
}
