/**
 * The admonition keywords Docusaurus 3 accepts. The legacy ones are drawn as the type they alias
 * (important as info, success as tip, secondary as note) with their own default title, as
 * Docusaurus' theme does; caution keeps its own class (drawn like warning).
 */
export const ADMONITION_TYPES = [
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'success',
  'secondary',
] as const;

export type AdmonitionType = (typeof ADMONITION_TYPES)[number];

const STYLE_OF_ALIAS: Partial<Record<AdmonitionType, AdmonitionType>> = {
  important: 'info',
  success: 'tip',
  secondary: 'note',
};

export function isAdmonitionType(name: string): name is AdmonitionType {
  return (ADMONITION_TYPES as readonly string[]).includes(name);
}

/** The class the admonition is drawn with: its own type, or the type a legacy keyword aliases. */
export function admonitionStyle(type: AdmonitionType): AdmonitionType {
  return STYLE_OF_ALIAS[type] ?? type;
}

/**
 * The title shown when none is given: the keyword itself, in lower case as Docusaurus' theme writes
 * it (`note`, and `important` for the legacy alias); the stylesheet upper-cases it, so readers see
 * NOTE in both, and the page's text (copied, searched, in its Markdown twin) is Docusaurus' own.
 */
export function defaultAdmonitionTitle(type: string): string {
  return type;
}
