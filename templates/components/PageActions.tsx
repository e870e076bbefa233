import { joinBase } from '../../src/shared/url.js';
import { markdownPathForRoute } from '../../src/shared/markdown-twin.js';

export interface PageActionsProps {
  route: string;
  baseUrl: string;
}

/**
 * 'Copy page as Markdown' (for pasting a page into an AI assistant) and a link to the page's
 * Markdown twin. The button is plain HTML handled by one delegated listener (src/client/copy-page.ts):
 * no island, no React on the page for it.
 */
export function PageActions({ route, baseUrl }: PageActionsProps) {
  const href = joinBase(baseUrl, `/${markdownPathForRoute(route)}`);
  return (
    <div className="page-actions">
      <button type="button" className="button button--secondary button--sm" data-copy-page={href}>
        Copy page as Markdown
      </button>
      <a className="page-actions__link" href={href} type="text/markdown" data-no-client-nav="">
        View as Markdown
      </a>
    </div>
  );
}
