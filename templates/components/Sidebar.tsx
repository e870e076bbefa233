import type { NavItem } from '../../src/model.js';
import { joinBase } from '../../src/shared/url.js';
import { ExternalLink } from './ExternalLink.js';

export interface SidebarProps {
  items: NavItem[];
  activeRoute: string;
  baseUrl: string;
  /** Sidebar name; the client loads the items of lazily rendered categories by it. */
  name: string;
}

export interface SidebarItemsProps {
  items: NavItem[];
  activeRoute: string;
  baseUrl: string;
  level: number;
  /** Labels of the categories above these items (identifies lazy categories). */
  path?: string[];
}

export function containsRoute(item: NavItem, route: string): boolean {
  if (item.type === 'link') return item.route === route;
  if (item.type === 'category') return item.route === route || item.items.some((child) => containsRoute(child, route));
  return false;
}

function Badge({ method }: { method?: string }) {
  return method ? (
    <span className={`method-badge method-${method.toLowerCase()}`} aria-label={`${method} request`}>
      {method === 'DELETE' ? 'DEL' : method}
    </span>
  ) : null;
}

/** The items of one sidebar level; also rendered by the client for lazily loaded categories. */
export function SidebarItems({ items, activeRoute, baseUrl, level, path = [] }: SidebarItemsProps) {
  return (
    <ul className={`menu-list menu-level-${level}`}>
      {items.map((item, index) => {
        if (item.type === 'external')
          return (
            <li key={index} className={item.className ? `menu-item ${item.className}` : 'menu-item'}>
              <ExternalLink href={item.href} className="menu-link">
                {item.label}
              </ExternalLink>
            </li>
          );
        if (item.type === 'link') {
          const active = item.route === activeRoute;
          return (
            <li key={index} className={item.className ? `menu-item ${item.className}` : 'menu-item'}>
              <a
                className={`menu-link${active ? ' menu-link--active' : ''}`}
                href={joinBase(baseUrl, item.route)}
                aria-current={active ? 'page' : undefined}
              >
                <Badge method={item.badge} />
                <span className="menu-label">{item.label}</span>
              </a>
            </li>
          );
        }
        const expanded = !item.collapsed || containsRoute(item, activeRoute);
        const lazy = item.items.length === 0;
        const categoryPath = [...path, item.label];
        const active = item.route === activeRoute;
        return (
          <li
            key={index}
            className={`menu-category${expanded ? '' : ' menu-category--collapsed'}${item.className ? ` ${item.className}` : ''}`}
            data-lazy={lazy ? JSON.stringify(categoryPath) : undefined}
          >
            <div className="menu-category__header">
              {item.route ? (
                <a
                  className={`menu-link menu-category__link${active ? ' menu-link--active' : ''}`}
                  href={joinBase(baseUrl, item.route)}
                  aria-current={active ? 'page' : undefined}
                >
                  {item.label}
                </a>
              ) : (
                <span className="menu-category__label" data-collapse-label={item.collapsible ? '' : undefined}>
                  {item.label}
                </span>
              )}
              {item.collapsible && (
                <button
                  type="button"
                  className="menu-category__toggle"
                  aria-expanded={expanded}
                  aria-label={`${expanded ? 'Collapse' : 'Expand'} sidebar category '${item.label}'`}
                  data-collapse-toggle
                />
              )}
            </div>
            <div className="collapsible" hidden={!expanded}>
              {!lazy && (
                <SidebarItems
                  items={item.items}
                  activeRoute={activeRoute}
                  baseUrl={baseUrl}
                  level={level + 1}
                  path={categoryPath}
                />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The section's sidebar; categories collapse (the client animates them) and the active item is marked. */
export function Sidebar({ items, activeRoute, baseUrl, name }: SidebarProps) {
  return (
    <nav className="sidebar" aria-label="Docs sidebar" data-sidebar={name}>
      <SidebarItems items={items} activeRoute={activeRoute} baseUrl={baseUrl} level={1} />
    </nav>
  );
}
