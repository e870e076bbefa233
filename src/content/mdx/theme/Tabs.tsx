import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Tabs as TabGroup } from '../../../../templates/components/api/Tabs.js';
import { useMdxPage } from './page-context.js';

/** The props of Docusaurus' `@theme/TabItem`. */
export interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  attributes?: Record<string, unknown>;
  className?: string;
  children?: ReactNode;
}

/** The props of Docusaurus' `@theme/Tabs`. */
export interface TabsProps {
  children?: ReactNode;
  defaultValue?: string | null;
  values?: { value: string; label?: string; attributes?: Record<string, unknown> }[];
  groupId?: string;
  queryString?: string | boolean;
  /** Accepted: panels are static HTML here, so every panel is in the page whatever `lazy` says. */
  lazy?: boolean;
  block?: boolean;
  className?: string;
}

/** A `<TabItem>` on its own (outside `<Tabs>`) shows its content, as in Docusaurus. */
export function TabItem({ children, className }: TabItemProps) {
  return <div className={className}>{children}</div>;
}

/** Docusaurus' rule: every child is a TabItem with a `value` (whitespace between them aside). */
function tabItemsOf(children: ReactNode): ReactElement<TabItemProps>[] {
  return Children.toArray(children).flatMap((child) => {
    if (typeof child === 'string' && !child.trim()) return [];
    if (isValidElement<TabItemProps>(child) && typeof child.props.value === 'string') return [child];
    const name = isValidElement(child) ? ((child.type as { name?: string }).name ?? String(child.type)) : String(child);
    throw new Error(
      `Bad <Tabs> child <${name}>: all children of the <Tabs> component should be <TabItem>, and every <TabItem> should have a unique "value" prop.`,
    );
  });
}

function checkValues(values: string[]): void {
  const duplicates = values.filter((value, i) => values.indexOf(value) !== i);
  if (duplicates.length)
    throw new Error(
      `Duplicate values "${[...new Set(duplicates)].join(', ')}" found in <Tabs>. Every value needs to be unique.`,
    );
}

function selectedValue(props: TabsProps, items: ReactElement<TabItemProps>[], values: string[]): string | null {
  if (props.defaultValue === null) return null;
  const value = props.defaultValue ?? items.find((item) => item.props.default)?.props.value ?? values[0];
  if (value !== undefined && !values.includes(value))
    throw new Error(
      `The <Tabs> has a defaultValue "${value}" but none of its children has the corresponding value. Available values are: ${values.join(', ')}. If you intend to show no default tab, use defaultValue={null} instead.`,
    );
  return value ?? null;
}

function queryKey({ queryString, groupId }: TabsProps): string | undefined {
  if (typeof queryString === 'string') return queryString;
  if (queryString !== true) return undefined;
  if (!groupId)
    throw new Error(
      'The <Tabs> component groupId prop is required if queryString=true, because this value is used as the search param name. You can also provide an explicit value such as queryString="my-search-param".',
    );
  return groupId;
}

const idPart = (value: string) => value.toLowerCase().replace(/[^a-z0-9_-]+/g, '-') || 'tab';

/**
 * `@theme/Tabs`, drawn by the same tab group as the API code samples: links to panels that work
 * without JavaScript, taken over by the client (code-tabs.ts), which also keeps `groupId` groups
 * in step across the page and other pages (localStorage `docusaurus.tab.{groupId}`, as Docusaurus
 * stores it) and reads and writes `?{queryString}=value`.
 */
export default function Tabs(props: TabsProps) {
  const page = useMdxPage();
  const items = tabItemsOf(props.children);
  const values = props.values?.map((v) => v.value) ?? items.map((item) => item.props.value);
  checkValues(values);
  const selected = selectedValue(props, items, values);
  const number = page.nextId();
  const used = new Set<string>();
  // As in Docusaurus, `values` (when given) orders the tabs and names them; each tab shows the
  // TabItem with its value.
  const tabs = values.map((value) => {
    const item = items.find((candidate) => candidate.props.value === value);
    let panelId = `tabs-${number}-${idPart(value)}`;
    while (used.has(panelId)) panelId += '-';
    used.add(panelId);
    return {
      value,
      label: props.values?.find((v) => v.value === value)?.label ?? item?.props.label ?? value,
      panelId,
      className: item?.props.className,
      content: item?.props.children,
    };
  });
  return (
    <TabGroup
      items={tabs}
      label={props.groupId ?? 'Tabs'}
      group="docs"
      selected={selected === null ? -1 : tabs.findIndex((tab) => tab.value === selected)}
      docusaurus={{ groupId: props.groupId, queryString: queryKey(props), className: props.className }}
    />
  );
}
