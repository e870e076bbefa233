import type { ReactNode } from 'react';
import { tabId } from '../../../src/openapi/api-anchors.js';

export interface TabItem {
  /** Value shared by tabs that mean the same thing across the page ('python', '200'). */
  value: string;
  label: ReactNode;
  /** Element id of the panel; the tab is `tab-{panelId}`. */
  panelId: string;
  className?: string;
  content: ReactNode;
}

export interface TabsProps {
  items: TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** How many tabs show before the rest go to the overflow menu. */
  visible?: number;
  /** `data-tabs`: the kind of tab group, for the client. */
  group: string;
  /** `data-code-tabs`: groups whose choice is synchronised and remembered ('language'). */
  sync?: string;
  /** The tab shown first (default 0; -1 shows none, as Docusaurus' `defaultValue={null}`). */
  selected?: number;
  /** Docusaurus tabs: `groupId` (synchronised and remembered) and `queryString` (the URL's search param). */
  docusaurus?: { groupId?: string; queryString?: string; className?: string };
}

/**
 * Tabs that work without JavaScript: each tab is a link to its panel's id; the first panel
 * shows, the others carry `hidden`, and api.css shows the panel that is the URL's :target
 * instead. The client takes over switching (and sets `data-tabs-enhanced` on the container).
 */
export function Tabs({ items, label, visible = items.length, group, sync, selected = 0, docusaurus }: TabsProps) {
  const shown = items.slice(0, visible);
  const overflow = items.slice(visible);
  return (
    <div
      className={docusaurus?.className ? `api-tabs ${docusaurus.className}` : 'api-tabs'}
      data-tabs={group}
      data-code-tabs={sync}
      data-tabs-group={docusaurus?.groupId}
      data-tabs-query={docusaurus?.queryString}
    >
      <div className="api-tabs__bar">
        <div role="tablist" aria-label={label} className="api-tabs__list">
          {shown.map((item, i) => (
            <Tab key={item.panelId} item={item} selected={i === selected} />
          ))}
        </div>
        {overflow.length > 0 && (
          <details className="api-tabs__more">
            <summary className="api-tabs__more-button">
              More<span className="sr-only"> {label.toLowerCase()}</span> ({overflow.length})
            </summary>
            <div role="tablist" aria-label={`${label}: more`} aria-orientation="vertical" className="api-tabs__menu">
              {overflow.map((item, i) => (
                <Tab key={item.panelId} item={item} selected={visible + i === selected} />
              ))}
            </div>
          </details>
        )}
      </div>
      <div className="api-tabs__panels">
        {items.map((item, i) => (
          <div
            key={item.panelId}
            role="tabpanel"
            id={item.panelId}
            className="api-tabs__panel"
            aria-labelledby={tabId(item.panelId)}
            data-tab-panel={item.value}
            tabIndex={0}
            hidden={i !== selected}
          >
            {item.content}
          </div>
        ))}
      </div>
    </div>
  );
}

function Tab({ item, selected }: { item: TabItem; selected: boolean }) {
  return (
    <a
      role="tab"
      id={tabId(item.panelId)}
      href={`#${item.panelId}`}
      aria-controls={item.panelId}
      aria-selected={selected}
      data-tab-value={item.value}
      className={item.className ? `api-tabs__tab ${item.className}` : 'api-tabs__tab'}
    >
      {item.label}
    </a>
  );
}
