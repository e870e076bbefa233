import { createElement, type ComponentType } from 'react';
import Admonition from './Admonition.js';
import Details from './Details.js';

type Props = Record<string, unknown>;

/** A component that renders the element `tag` as MDX would without a mapping. */
function plainElement(tag: string): ComponentType<Props> {
  const Element = (props: Props) => createElement(tag, props);
  Element.displayName = `MDX${tag}`;
  return Element;
}

const TAGS = ['a', 'img', 'code', 'pre', 'ul', 'li', 'details', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * `@theme-original/MDXComponents`: docsgen's default component mapping, the one a swizzled
 * `src/theme/MDXComponents` spreads (`{ ...MDXComponents, Highlight }`) and whose tags its
 * overrides wrap (`<MDXComponents.h2 {...props} />`). The keys are Docusaurus' own; each tag renders
 * the element exactly as the page would without the mapping.
 */
const MDX_COMPONENTS: Readonly<Record<string, unknown>> = Object.freeze({
  ...Object.fromEntries(TAGS.map((tag) => [tag, plainElement(tag)])),
  Details,
  admonition: Admonition,
  mermaid: plainElement('div'),
});

export default MDX_COMPONENTS;
