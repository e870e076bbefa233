import type { ReactNode } from 'react';

export interface IslandProps {
  /** Name the client uses to find the component to hydrate. */
  name: string;
  /** Serialisable props, passed again to the component when it hydrates. */
  props: object;
  /** For navbar items: the item, shown to the site's author if the island fails to render. */
  navbarItem?: object;
  children: ReactNode;
}

/**
 * Marks an interactive part of the page: the server renders the component inside, the client
 * hydrates it with `hydrateRoot` and the same props. `display: contents` keeps layout unaffected.
 */
export function Island({ name, props, navbarItem, children }: IslandProps) {
  return (
    <div
      data-island={name}
      data-props={JSON.stringify(props)}
      data-navbar-item={navbarItem ? JSON.stringify(navbarItem) : undefined}
      style={{ display: 'contents' }}
    >
      {children}
    </div>
  );
}
