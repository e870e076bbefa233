import type { ReactNode } from 'react';
import type { DependentRequiredView, EnumDescriptionView } from '../../../src/api-view.js';
import { HtmlBlock } from './HtmlBlock.js';

export interface SchemaFactsProps {
  enumValues?: string[];
  /** What some of the values mean: the values are then listed one per line with it. */
  enumDescriptions?: EnumDescriptionView[];
  /** The only value allowed (`const`). */
  constValue?: string;
  defaultValue?: string;
  example?: string;
  minimum?: string;
  maximum?: string;
  pattern?: string;
  constraints?: string[];
  /** Several named examples (a parameter's `examples`): shown instead of `example`, each with its label. */
  examples?: { label: string; value: string }[];
  /** What a string holds ('base64-encoded image/png'). */
  content?: string;
  /** Names `required` lists that have no property of their own here. */
  requiredNames?: string[];
  dependentRequired?: DependentRequiredView[];
  externalDocs?: { url: string; description?: string };
}

/** Allowed values, default, example and constraints as a compact list. */
export function SchemaFacts({
  enumValues,
  enumDescriptions,
  constValue,
  defaultValue,
  example,
  minimum,
  maximum,
  pattern,
  constraints = [],
  examples,
  ...keywords
}: SchemaFactsProps) {
  const facts: [string, ReactNode][] = [];
  if (keywords.requiredNames?.length)
    facts.push(['Required', <Values key="required" values={keywords.requiredNames} />]);
  if (constValue !== undefined) facts.push(['Value', <code key="const">{constValue}</code>]);
  if (enumValues?.length)
    facts.push([
      'Allowed values',
      enumDescriptions?.length ? (
        <DescribedValues key="enum" values={enumValues} descriptions={enumDescriptions} />
      ) : (
        <Values key="enum" values={enumValues} />
      ),
    ]);
  if (defaultValue !== undefined) facts.push(['Default', <code key="default">{defaultValue}</code>]);
  if (minimum !== undefined) facts.push(['Minimum', <code key="min">{minimum}</code>]);
  if (maximum !== undefined) facts.push(['Maximum', <code key="max">{maximum}</code>]);
  if (pattern !== undefined) facts.push(['Pattern', <code key="pattern">{pattern}</code>]);
  if (constraints.length) facts.push(['Constraints', constraints.join(', ')]);
  if (keywords.content) facts.push(['Content', keywords.content]);
  if (keywords.dependentRequired?.length)
    facts.push(['Required together', <DependentRequired key="dependent" rules={keywords.dependentRequired} />]);
  if (examples && examples.length > 1) facts.push(['Examples', <NamedExamples key="examples" examples={examples} />]);
  else if (example !== undefined) facts.push(['Example', <code key="example">{example}</code>]);
  if (keywords.externalDocs)
    facts.push([
      'See',
      <a key="docs" href={keywords.externalDocs.url}>
        {keywords.externalDocs.description ?? keywords.externalDocs.url}
      </a>,
    ]);
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

/** Each value on its own line with what it means, when the description says. */
function DescribedValues({ values, descriptions }: { values: string[]; descriptions: EnumDescriptionView[] }) {
  const meaning = new Map(descriptions.map((d) => [d.value, d.descriptionHtml]));
  return (
    <ul className="api-enum">
      {values.map((value, i) => (
        <li key={i}>
          <code>{value}</code>
          <HtmlBlock className="api-enum__description" html={meaning.get(value)} />
        </li>
      ))}
    </ul>
  );
}

function NamedExamples({ examples }: { examples: { label: string; value: string }[] }) {
  return (
    <ul className="api-enum">
      {examples.map((example, i) => (
        <li key={i}>
          <code>{example.value}</code> <span className="api-muted">({example.label})</span>
        </li>
      ))}
    </ul>
  );
}

/** 'If `card` is present, `expiry` and `cvc` are required', one rule a line. */
function DependentRequired({ rules }: { rules: DependentRequiredView[] }) {
  return (
    <ul className="api-enum">
      {rules.map((rule, i) => (
        <li key={i}>
          If <code>{rule.property}</code> is present, <Names names={rule.requires} />{' '}
          {rule.requires.length === 1 ? 'is' : 'are'} required
        </li>
      ))}
    </ul>
  );
}

/** `a`, `b` and `c`. */
function Names({ names }: { names: string[] }) {
  return (
    <>
      {names.map((name, i) => (
        <span key={i}>
          {i === 0 ? '' : i === names.length - 1 ? ' and ' : ', '}
          <code>{name}</code>
        </span>
      ))}
    </>
  );
}
