import { Fragment, type ReactNode } from 'react';

type Values = Record<string, ReactNode>;

/** Docusaurus' `{name}` placeholders filled in: a string when every value is one, else elements. */
export function interpolate(text: string, values?: Values): ReactNode {
  if (!values) return text;
  const parts = text.split(/(\{\w+\})/g).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && name in values ? values[name] : part;
  });
  if (parts.every((part) => typeof part === 'string' || typeof part === 'number')) return parts.join('');
  return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}

/**
 * `@docusaurus/Translate` and `translate()`: a docsgen site has one locale, so the message is the
 * text as written (the default message), with its `values` filled in.
 */
export default function Translate({
  children,
  values,
}: {
  children?: string;
  id?: string;
  description?: string;
  values?: Values;
}) {
  return <>{interpolate(children ?? '', values)}</>;
}

export function translate(
  { message, id }: { message?: string; id?: string; description?: string },
  values?: Record<string, string | number>,
): string {
  return String(interpolate(message ?? id ?? '', values));
}

/** `@docusaurus/Interpolate`. */
export function Interpolate({ children, values }: { children: string; values?: Values }) {
  return <>{interpolate(children, values)}</>;
}
