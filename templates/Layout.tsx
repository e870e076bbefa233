import type { ReactNode } from 'react';
import type { PageProps } from '../src/render/page-props.js';
import { AnnouncementBar } from './components/AnnouncementBar.js';
import { Island } from './components/Island.js';
import { Navbar } from './components/Navbar.js';
import { Footer } from './components/Footer.js';
import { Sidebar } from './components/Sidebar.js';
import { TableOfContents } from './components/TableOfContents.js';
import { Breadcrumbs } from './components/Breadcrumbs.js';
import { PrevNext } from './components/PrevNext.js';
import { MobileSidebar } from './components/MobileSidebar.js';
import { PageActions } from './components/PageActions.js';
import { hasMarkdownTwin } from '../src/shared/markdown-twin.js';

export interface LayoutProps {
  props: PageProps;
  children: ReactNode;
}

/** The chrome around every page: skip link, announcement, navbar, sidebar, content, TOC, footer. */
export function Layout({ props, children }: LayoutProps) {
  const { site, page, sidebar } = props;
  const bar = site.announcementBar;
  const showToc = !page.hideTableOfContents && page.toc.length > 0;
  const hasTwin = hasMarkdownTwin(page);
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      {bar && (
        <Island name="AnnouncementBar" props={bar}>
          <AnnouncementBar {...bar} />
        </Island>
      )}
      <Navbar site={site} route={page.route} version={props.version} />
      <MobileSidebar site={site} route={page.route} version={props.version} />
      <div className={`page${sidebar ? ' page--with-sidebar' : ''}`} data-route={page.route}>
        {sidebar && (
          <aside className="page__sidebar" aria-label="Section navigation">
            <Sidebar items={sidebar.items} activeRoute={page.route} baseUrl={site.baseUrl} name={sidebar.name} />
          </aside>
        )}
        <main id="main-content" className="page__main" tabIndex={-1}>
          <div
            className={`doc${showToc ? ' doc--with-toc' : ''}${page.kind === 'api-operation' ? ' doc--api-operation' : ''}`}
          >
            <div className="doc__content">
              {sidebar && <Breadcrumbs trail={props.breadcrumbs} title={page.title} baseUrl={site.baseUrl} />}
              {hasTwin && <PageActions route={page.route} baseUrl={site.baseUrl} />}
              {children}
              <PrevNext previous={props.previous} next={props.next} baseUrl={site.baseUrl} />
            </div>
            {showToc && (
              <div className="doc__toc">
                <TableOfContents items={page.toc} />
              </div>
            )}
          </div>
        </main>
      </div>
      <Footer site={site} />
      <div className="sr-only" aria-live="polite" aria-atomic="true" data-route-announcer />
    </>
  );
}
