import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { locatedJsxRuntime } from './located-jsx.js';
import Tabs from './theme/Tabs.js';
import TabItem from './theme/TabItem.js';
import Admonition from './theme/Admonition.js';
import CodeBlock from './theme/CodeBlock.js';
import Details from './theme/Details.js';
import DocCardList from './theme/DocCardList.js';
import Link from './theme/Link.js';
import useBaseUrl, { useBaseUrlUtils } from './theme/base-url.js';
import BrowserOnly from './theme/BrowserOnly.js';
import useDocusaurusContext from './theme/docusaurus-context.js';
import { island } from './island.js';
import MDXComponents from './theme/mdx-components.js';
import ThemedImage from './theme/ThemedImage.js';
import TOCInline from './theme/TOCInline.js';
import Head from './theme/Head.js';
import DocCard from './theme/DocCard.js';
import { useCurrentSidebarCategory } from './theme/DocCardList.js';
import Heading from './theme/Heading.js';
import useIsBrowser, { ExecutionEnvironment, useHistory, useLocation } from './theme/browser-hooks.js';
import Translate, { Interpolate, interpolate, translate } from './theme/translate.js';
import { ThemeClassNames, useColorMode, useThemeConfig } from './theme/theme-common.js';

const esModule = (exports: Record<string, unknown>) => Object.freeze({ __esModule: true, ...exports });

/**
 * The Docusaurus theme and core modules docsgen provides to MDX pages, by import path, with the
 * props Docusaurus gives them. React is docsgen's own, so that the page and the theme share hooks
 * and context.
 */
export const THEME_MODULES: Readonly<Record<string, unknown>> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react/jsx-dev-runtime': locatedJsxRuntime,
  '@theme/Tabs': esModule({ default: Tabs }),
  '@theme/TabItem': esModule({ default: TabItem }),
  '@theme/Admonition': esModule({ default: Admonition }),
  '@theme/CodeBlock': esModule({ default: CodeBlock }),
  '@theme/Details': esModule({ default: Details }),
  '@theme/DocCardList': esModule({ default: DocCardList }),
  '@docusaurus/Link': esModule({ default: Link }),
  '@docusaurus/useBaseUrl': esModule({ default: useBaseUrl, useBaseUrlUtils }),
  '@docusaurus/BrowserOnly': esModule({ default: BrowserOnly }),
  '@docusaurus/useDocusaurusContext': esModule({ default: useDocusaurusContext }),
  // The mapping a swizzled src/theme/MDXComponents extends (mdx-scope.ts).
  '@theme-original/MDXComponents': esModule({ default: MDXComponents }),
  '@theme/ThemedImage': esModule({ default: ThemedImage }),
  '@theme/Heading': esModule({ default: Heading }),
  '@theme/TOCInline': esModule({ default: TOCInline }),
  '@docusaurus/Head': esModule({ default: Head }),
  '@docusaurus/useIsBrowser': esModule({ default: useIsBrowser }),
  '@docusaurus/ExecutionEnvironment': esModule({ default: ExecutionEnvironment }),
  '@docusaurus/router': esModule({ useLocation, useHistory }),
  '@docusaurus/Translate': esModule({ default: Translate, translate }),
  '@docusaurus/Interpolate': esModule({ default: Interpolate, interpolate }),
  '@docusaurus/theme-common': esModule({ useColorMode, useThemeConfig, ThemeClassNames, useCurrentSidebarCategory }),
  '@docusaurus/plugin-content-docs/client': esModule({ useCurrentSidebarCategory }),
  '@theme/DocCard': esModule({ default: DocCard }),
  // What the page imports site components through (bundle-mdx.ts).
  'docsgen/island': esModule({ island }),
};

/** Components Docusaurus' MDX pages can use without importing them (its MDXComponents). */
export const GLOBAL_COMPONENTS = { Details };

/** `@theme/…` and `@docusaurus/…` paths: provided by the site's framework, never bundled from node_modules. */
export const isFrameworkModule = (path: string) => /^@(?:theme|docusaurus)\//.test(path);

export const PROVIDED_MODULES = Object.keys(THEME_MODULES).filter(isFrameworkModule);
