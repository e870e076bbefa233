import { createElement } from 'react';

/**
 * `@theme/DocCardList`: the cards of the current sidebar category, filled in at render time like
 * `::doc-card-list` (the sidebars are not known yet while pages are parsed). `items` is not
 * supported: the category's own items are listed.
 */
export default function DocCardList() {
  return createElement('docsgen-doc-card-list');
}
