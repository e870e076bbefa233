import type { ReactNode } from 'react';

export interface SchemaFactsProps {
  enumValues?: string[];
  defaultValue?: string;
  example?: string;
  minimum?: string;
  maximum?: string;
  pattern?: string;
  constraints?: string[];
}

/** Allowed values, default, example and constraints as a compact list. */
export function SchemaFacts({
  enumValues,
  defaultValue,
  example,
  minimum,
  maximum,
  pattern,
  constraints = [],
}: SchemaFactsProps) {
  const facts: [string, ReactNode][] = [];
  if (enumValues?.length) facts.push(['Allowed values', <Values key="enum" values={enumValues} />]);
  if (defaultValue !== undefined) facts.push(['Default', <code key="default">{defaultValue}</code>]);
  if (minimum !== undefined) facts.push(['Minimum', <code key="min">{minimum}</code>]);
  if (maximum !== undefined) facts.push(['Maximum', <code key="max">{maximum}</code>]);
  if (pattern !== undefined) facts.push(['Pattern', <code key="pattern">{pattern}</code>]);
  if (constraints.length) facts.push(['Constraints', constraints.join(', ')]);
  if (example !== undefined) facts.push(['Example', <code key="example">{example}</code>]);
  if (!facts.length) return null;
  return (
    <ul className="api-facts">
      {facts.map(([label, value]) => (
        <li key={label}>
          <span className="api-facts__label">{label}:</span> {value}
        </li>
      ))}
    </ul>
  );
}

function Values({ values }: { values: string[] }) {
  return (
    <>
      {values.map((value, i) => (
        <span key={i}>
          {i > 0 && ', '}
          <code>{value}</code>
        </span>
      ))}
    </>
  );
}
