/** A note about something the migration could not carry over, at a config key (positions are added later). */
export type Note = (code: string, key: string, message: string, more?: string | NoteDetails) => void;

/** A hint for the reader, and what identifies a list item in the file's text (its label) to place the note. */
export interface NoteDetails {
  hint?: string;
  anchor?: string;
}

/** What identifies a list item in the file's text: its label, else its type, else its first key. */
const anchorOf = (item: Obj) =>
  typeof item.label === 'string' ? item.label : typeof item.type === 'string' ? item.type : Object.keys(item)[0];

type Obj = Record<string, unknown>;
export const isObject = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);

/** Keeps the named keys of `value` (when defined); each other key is a note (DG160). */
export function pick(value: Obj, keys: readonly string[], key: string, note: Note): Obj {
  const kept: Obj = {};
  for (const [name, item] of Object.entries(value)) {
    if (keys.includes(name)) {
      if (item !== undefined) kept[name] = item;
    } else
      note(
        'DG160',
        `${key}.${name}`,
        `"${key}.${name}" is not carried over`,
        `docsgen reads ${keys.map((k) => `${key}.${k}`).join(', ')}.`,
      );
  }
  return kept;
}

/** A Docusaurus `to` ('docs/intro', '/docs/intro', 'pathname:///file.pdf') as a docsgen route. */
const route = (to: string) => `/${to.replace(/^pathname:\/\//, '').replace(/^\/+/, '')}`;

/** Blog links have no page once migrated (the blog is not carried over). */
const isBlogRoute = (to: unknown, blogRoute: string) =>
  typeof to === 'string' && (route(to) === blogRoute || route(to).startsWith(`${blogRoute}/`));

const NAVBAR_ITEM_KEYS: Record<string, readonly string[]> = {
  default: ['type', 'label', 'to', 'href', 'position'],
  doc: ['type', 'label', 'docId', 'position'],
  docSidebar: ['type', 'label', 'sidebarId', 'position'],
  search: ['type', 'position'],
  localeDropdown: ['type', 'position'],
  docsVersionDropdown: ['type', 'position'],
  docsVersion: ['type', 'label', 'position'],
};
/** Keys that only change how an item looks or when it is highlighted: left out without a note per item. */
const COSMETIC_NAVBAR_KEYS = [
  'activeBasePath',
  'activeBaseRegex',
  'className',
  'target',
  'rel',
  'prependBaseUrlToHref',
];

function navbarItem(item: Obj, key: string, note: Note, blogRoute: string): Obj | undefined {
  const type = typeof item.type === 'string' ? item.type : 'default';
  const keys = NAVBAR_ITEM_KEYS[type];
  if (!keys) {
    note('DG160', key, `Navbar item of type "${type}" is not carried over`, {
      hint: 'docsgen navbars have links, doc and sidebar links, search, and the locale and version dropdowns.',
      anchor: anchorOf(item),
    });
    return undefined;
  }
  if (isBlogRoute(item.to, blogRoute)) {
    note('DG161', key, `Navbar link "${String(item.label)}" to the blog is left out (the blog is not carried over)`, {
      anchor: anchorOf(item),
    });
    return undefined;
  }
  const cosmetic = Object.fromEntries(Object.entries(item).filter(([name]) => !COSMETIC_NAVBAR_KEYS.includes(name)));
  const kept = pick(cosmetic, keys, key, note);
  if (typeof kept.to === 'string') kept.to = route(kept.to);
  return kept;
}

export function navbarOf(navbar: unknown, note: Note, blogRoute: string): Obj {
  if (!isObject(navbar)) return { items: [] };
  const kept = pick(navbar, ['title', 'logo', 'style', 'hideOnScroll', 'items'], 'themeConfig.navbar', note);
  if (isObject(kept.logo)) kept.logo = pick(kept.logo, ['alt', 'src', 'srcDark'], 'themeConfig.navbar.logo', note);
  if (kept.logo && !(kept.logo as Obj).alt) (kept.logo as Obj).alt = String(kept.title ?? 'Logo');
  const items = Array.isArray(navbar.items) ? navbar.items : [];
  kept.items = items.flatMap((item, index) => {
    const translated = isObject(item)
      ? navbarItem(item, `themeConfig.navbar.items[${index}]`, note, blogRoute)
      : undefined;
    return translated ? [translated] : [];
  });
  return kept;
}

function footerItems(items: unknown, key: string, note: Note, blogRoute: string): Obj[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item, index) => {
    const itemKey = `${key}[${index}]`;
    if (!isObject(item) || typeof item.label !== 'string') {
      note('DG160', itemKey, 'A footer item without a label (an `html` item) is not carried over', {
        hint: 'Write it as { label, to } or { label, href }.',
        anchor: isObject(item) ? anchorOf(item) : undefined,
      });
      return [];
    }
    if (isBlogRoute(item.to, blogRoute)) {
      note('DG161', itemKey, `Footer link "${item.label}" to the blog is left out (the blog is not carried over)`, {
        anchor: item.label,
      });
      return [];
    }
    const kept = pick(item, ['label', 'to', 'href'], itemKey, note);
    if (typeof kept.to === 'string') kept.to = route(kept.to);
    return [kept];
  });
}

export function footerOf(footer: unknown, note: Note, blogRoute: string): Obj {
  if (!isObject(footer)) return { copyright: '' };
  const kept = pick(footer, ['style', 'logo', 'links', 'copyright'], 'themeConfig.footer', note);
  const links = Array.isArray(footer.links) ? footer.links : [];
  // A "simple footer" lists items without columns: one untitled column keeps them.
  const columns = links.every((link) => isObject(link) && 'items' in link) ? links : [{ title: '', items: links }];
  kept.links = columns
    .map((column: Obj, index) => ({
      title: typeof column.title === 'string' ? column.title : '',
      items: footerItems(column.items, `themeConfig.footer.links[${index}].items`, note, blogRoute),
    }))
    // A column whose every link was left out would be a heading over nothing.
    .filter((column) => column.items.length > 0);
  if (isObject(kept.logo)) kept.logo = pick(kept.logo, ['alt', 'src', 'href'], 'themeConfig.footer.logo', note);
  kept.copyright = typeof footer.copyright === 'string' ? footer.copyright : '';
  return kept;
}

export function searchOf(algolia: unknown, note: Note): Obj | undefined {
  if (!isObject(algolia)) return undefined;
  const keys = [
    'appId',
    'apiKey',
    'indexName',
    'contextualSearch',
    'searchParameters',
    'externalUrlRegex',
    'searchPagePath',
  ];
  return pick(algolia, keys, 'themeConfig.algolia', note);
}

/** The parts of `themeConfig` docsgen has, in its config's shape; every other key is a note. */
export function themeConfigOf(themeConfig: unknown, note: Note, blogRoute: string): Obj {
  if (!isObject(themeConfig)) return { navbar: { items: [] }, footer: { copyright: '' } };
  const { navbar, footer, algolia, announcementBar, colorMode, image, ...rest } = themeConfig;
  for (const name of Object.keys(rest)) {
    const why =
      name === 'prism'
        ? 'docsgen highlights code at build time with highlight.js: set code.theme to a highlight.js theme.'
        : undefined;
    note('DG160', `themeConfig.${name}`, `"themeConfig.${name}" is not carried over`, why);
  }
  return {
    ...(typeof image === 'string' ? { image } : {}),
    navbar: navbarOf(navbar, note, blogRoute),
    footer: footerOf(footer, note, blogRoute),
    ...(isObject(announcementBar)
      ? {
          announcementBar: pick(
            announcementBar,
            ['id', 'content', 'backgroundColor', 'textColor', 'isCloseable'],
            'themeConfig.announcementBar',
            note,
          ),
        }
      : {}),
    ...(isObject(colorMode)
      ? {
          colorMode: pick(
            colorMode,
            ['defaultMode', 'respectPrefersColorScheme', 'disableSwitch'],
            'themeConfig.colorMode',
            note,
          ),
        }
      : {}),
    ...(isObject(algolia) ? { search: searchOf(algolia, note) } : {}),
  };
}
