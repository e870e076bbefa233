/**
 * The complete Markdown of an API operation page: method and path, description, authentication,
 * parameter tables, the request body and each response as a readable schema tree, one example and
 * a curl sample. Built from the same view model the page renders, so it says what the page says.
 */
import {
  hasItemDetails,
  isPropertyRule,
  type ApiOperationView,
  type ParameterView,
  type ResponseLinkView,
  type SchemaView,
  type SubschemaView,
} from '../../api-view.js';
import { htmlToText } from '../../shared/hast-text.js';
import { htmlToMarkdown } from '../../shared/html-to-markdown.js';

/** Schema levels written out; deeper ones are cut with '…' (the page's viewer folds them too). */
const MAX_SCHEMA_DEPTH = 6;

const text = (html?: string) => (html ? htmlToText(html).replace(/\s+/g, ' ').trim() : '');
/** A table cell: one line, pipes escaped. */
const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

/** Allowed values in a sentence, each with what it means when the description says. */
function valuesText(values: readonly string[] | undefined, described: SchemaView['enumDescriptions']): string {
  if (!values?.length) return '';
  const meaning = new Map((described ?? []).map((d) => [d.value, text(d.descriptionHtml)]));
  return `One of: ${values.map((v) => (meaning.get(v) ? `${v} (${meaning.get(v)})` : v)).join(', ')}.`;
}

function parameterRow(p: ParameterView): string {
  const type = [p.type, p.format && `(${p.format})`].filter(Boolean).join(' ');
  const facts = [
    valuesText(p.enum, p.enumDescriptions),
    p.default !== undefined ? `Default: ${p.default}.` : '',
    p.minimum !== undefined ? `Minimum: ${p.minimum}.` : '',
    p.maximum !== undefined ? `Maximum: ${p.maximum}.` : '',
    p.pattern !== undefined ? `Pattern: ${p.pattern}.` : '',
    ...p.constraints.map((c) => `${c}.`),
    p.deprecated ? 'Deprecated.' : '',
  ];
  const description = [text(p.descriptionHtml), ...facts].filter(Boolean).join(' ');
  return `| \`${cell(p.name)}\` | ${cell(type)} | ${p.required ? 'yes' : 'no'} | ${cell(description)} |`;
}

function parameterTable(parameters: readonly ParameterView[]): string {
  return [
    '| Name | Type | Required | Description |',
    '| --- | --- | --- | --- |',
    ...parameters.map(parameterRow),
  ].join('\n');
}

function schemaType(schema: SchemaView): string {
  if (schema.type === 'array' && schema.items) return `array of ${schemaType(schema.items)}`;
  const base = [
    schema.title && schema.type === 'object' ? schema.title : schema.type,
    schema.format && `(${schema.format})`,
  ];
  return base.filter(Boolean).join(' ');
}

/** `a`, `b` and `c`. */
const nameList = (names: readonly string[]) =>
  names
    .map((n) => `\`${n}\``)
    .reduce((out, n, i) => (i === 0 ? n : `${out}${i === names.length - 1 ? ' and' : ','} ${n}`), '');

/** What the page's facts list says of a node (values, default, constraints, content, link), in sentences. */
function factsText(node: SchemaView): string[] {
  return [...ownFactsText(node), itemsText(node)].filter(Boolean);
}

/** What an array's items (not objects) say of each item, as the page's 'Each item' line does. */
function itemsText(node: SchemaView): string {
  const items = node.type === 'array' ? node.items : undefined;
  if (!items || !hasItemDetails(items)) return '';
  const type = [
    items.format && `(${items.format})`,
    items.nullable ? 'nullable' : '',
    items.deprecated ? 'deprecated' : '',
  ]
    .filter(Boolean)
    .join(', ');
  const about = [text(items.descriptionHtml), ...ownFactsText(items)].filter(Boolean).join(' ');
  return `Each item${type ? ` ${type}` : ''}${about ? `: ${about}` : '.'}`;
}

function ownFactsText(node: SchemaView): string[] {
  return [
    node.const !== undefined ? `Always ${node.const}.` : '',
    valuesText(node.enum, node.enumDescriptions),
    node.requiredNames?.length ? `Required: ${nameList(node.requiredNames)}.` : '',
    node.default !== undefined ? `Default: ${node.default}.` : '',
    ...(node.constraints ?? []).map((c) => `${c}.`),
    node.content ? `Content: ${node.content}.` : '',
    node.example !== undefined ? `Example: ${node.example}.` : '',
    node.externalDocs
      ? `See [${node.externalDocs.description ?? node.externalDocs.url}](${node.externalDocs.url}).`
      : '',
  ].filter(Boolean);
}

/** One list item: what the node is called, its type and flags, then its description and facts. */
function nodeLine(heading: string, node: SchemaView, depth: number): string {
  const flags = [
    schemaType(node),
    node.required ? 'required' : '',
    node.nullable ? 'nullable' : '',
    node.readOnly ? 'read-only' : '',
    node.writeOnly ? 'write-only' : '',
    node.deprecated ? 'deprecated' : '',
  ].filter(Boolean);
  const extra = [
    text(node.descriptionHtml),
    ...factsText(node),
    node.circular ? `(the ${node.circular} schema above)` : '',
  ].filter(Boolean);
  return `${'  '.repeat(depth)}- ${heading} (${flags.join(', ')})${extra.length ? `: ${extra.join(' ')}` : ''}`;
}

const subschemaHeading = (sub: SubschemaView) =>
  [sub.label, sub.subject !== undefined ? `\`${sub.subject}\`` : '', sub.after ?? ''].filter(Boolean).join(' ');

/** A schema as a nested list: one line per property with its type, facts and description. */
export function schemaTree(schema: SchemaView | undefined, depth = 0): string[] {
  if (!schema) return [];
  if (depth > MAX_SCHEMA_DEPTH) return [`${'  '.repeat(depth)}- …`];
  const node = schema.type === 'array' && schema.items ? schema.items : schema;
  // The whole value's own facts (a body that is an array with a length limit, say) head the list.
  const rootFacts = depth === 0 ? factsText(schema) : [];
  const lines: string[] = rootFacts.length ? [`${schemaType(schema)}: ${rootFacts.join(' ')}`, ''] : [];
  const indent = '  '.repeat(depth);
  const child = (heading: string, sub: SchemaView) => {
    lines.push(nodeLine(heading, sub, depth));
    if (!sub.circular) lines.push(...schemaTree(sub, depth + 1));
  };
  const subschemas = [...(node.subschemas ?? []), ...(node === schema ? [] : (schema.subschemas ?? []))];
  for (const property of node.properties ?? []) child(`\`${property.name}\``, property);
  if (node.additionalProperties) child('`[key: string]`', node.additionalProperties);
  for (const sub of subschemas.filter((s) => isPropertyRule(s.kind))) child(subschemaHeading(sub), sub.schema);
  if (node.noOtherProperties) lines.push(`${indent}- no other properties`);
  for (const rule of node.dependentRequired ?? [])
    lines.push(
      `${indent}- if \`${rule.property}\` is present, ${nameList(rule.requires)} ${rule.requires.length === 1 ? 'is' : 'are'} required`,
    );
  lines.push(...compositionLines(node, depth));
  for (const sub of subschemas.filter((s) => !isPropertyRule(s.kind))) child(subschemaHeading(sub), sub.schema);
  return lines;
}

function compositionLines(node: SchemaView, depth: number): string[] {
  const composition = node.composition;
  if (!composition) return [];
  const lines: string[] = [];
  const by = node.discriminator ? ` (by \`${node.discriminator}\`)` : '';
  composition.variants.forEach((variant, i) => {
    const label = composition.labels[i];
    const type = schemaType(variant);
    // A tuple position says what it holds in its description ('latitude'): the twin keeps it.
    const about = composition.kind === 'tuple' ? text(variant.descriptionHtml) : '';
    lines.push(
      `${'  '.repeat(depth)}- ${composition.kind}${by} ${label}${label === type ? '' : `: ${type}`}${about ? ` — ${about}` : ''}`,
    );
    lines.push(...schemaTree(variant, depth + 1));
  });
  if (composition.closed) lines.push(`${'  '.repeat(depth)}- no further items`);
  return lines;
}

function bodySection(view: ApiOperationView): string[] {
  const body = view.requestBody;
  if (!body) return [];
  const parts = [
    view.webhook ? '## Payload' : '## Request body',
    body.required ? 'Required.' : 'Optional.',
    text(body.descriptionHtml),
  ];
  for (const content of body.contents) parts.push(`\`${content.mediaType}\`:`, schemaTree(content.schema).join('\n'));
  return parts;
}

function responsesSection(view: ApiOperationView): string[] {
  const parts = view.responses.length ? [view.webhook ? '## Expected responses' : '## Responses'] : [];
  for (const response of view.responses) {
    parts.push(`### ${response.label}`, text(response.descriptionHtml));
    if (response.headers.length) parts.push('Headers:', parameterTable(response.headers));
    if (response.content) {
      parts.push(`\`${response.content.mediaType}\`:`, schemaTree(response.content.schema).join('\n'));
    }
    if (response.links) parts.push('Links:', response.links.map(linkLine).join('\n'));
  }
  return parts;
}

/** A response link as a list item: its name, target (a link when it resolves) and parameters. */
function linkLine(link: ResponseLinkView): string {
  const target = link.href ? `[${link.targetTitle}](${link.href})` : `\`${link.target || 'no operation'}\``;
  const filled = [
    ...link.parameters.map((p) => `\`${p.name}\` = \`${p.value}\``),
    ...(link.requestBody !== undefined ? [`request body = \`${link.requestBody}\``] : []),
  ];
  const description = text(link.descriptionHtml);
  return `- \`${link.name}\`: ${target}${description ? `. ${description}` : ''}${filled.length ? ` (${filled.join(', ')})` : ''}`;
}

function callbacksSection(view: ApiOperationView): string[] {
  if (!view.callbacks) return [];
  const parts = ['## Callbacks'];
  for (const callback of view.callbacks) {
    parts.push(`### ${callback.name}`);
    for (const request of callback.operations) {
      const heading = `\`${request.method.toUpperCase()} ${request.expression}\`${request.deprecated ? ' (deprecated)' : ''}`;
      parts.push(heading, request.summary ?? '', text(request.descriptionHtml));
      for (const content of request.requestBody?.contents ?? [])
        parts.push(`Request body \`${content.mediaType}\`:`, schemaTree(content.schema).join('\n'));
      const answers = request.responses.map(
        (r) => `- ${r.status}${r.descriptionHtml ? `: ${text(r.descriptionHtml)}` : ''}`,
      );
      if (answers.length) parts.push('Expected responses:', answers.join('\n'));
    }
  }
  return parts;
}

/** The first example of a response or request body, as a fenced block. */
function exampleSection(view: ApiOperationView): string[] {
  const payload = view.webhook && view.requestBody?.contents.find((m) => m.examples.length);
  if (payload) return ['## Sample payload', htmlToMarkdown(payload.examples[0].html)];
  const media = [...view.responses.map((r) => r.content), ...(view.requestBody?.contents ?? [])].find(
    (m) => m && m.examples.length > 0,
  );
  if (!media) return [];
  const owner = view.responses.find((r) => r.content === media);
  return [`## Example ${owner ? `response (${owner.label})` : 'request body'}`, htmlToMarkdown(media.examples[0].html)];
}

function curlSection(view: ApiOperationView): string[] {
  const curl = view.codeSamples.find((s) => s.language === 'curl' || s.id === 'sample-curl');
  return curl ? ['## Example request', htmlToMarkdown(curl.html)] : [];
}

export function operationMarkdown(view: ApiOperationView): string {
  const parts = [
    `# ${view.summary}`,
    view.webhook
      ? `Webhook: the API sends \`${view.method.toUpperCase()}\` requests for the \`${view.path}\` event.`
      : `\`${view.method.toUpperCase()} ${view.path}\``,
    view.serverUrl ? `Server: ${view.serverUrl}` : '',
    view.deprecated ? '**Deprecated.**' : '',
    // The description as its authors wrote it (links rewritten as on the page): converting the page's
    // HTML back was most of the twins' time on large APIs. A view made without it (by hand): converted.
    view.descriptionMarkdown ?? (view.descriptionHtml ? htmlToMarkdown(view.descriptionHtml) : ''),
    view.security.length ? `## Authentication\n\n${view.security.map((s) => `- ${s}`).join('\n')}` : '',
    view.public && !view.securityRequirements?.length
      ? '## Authentication\n\nNone: this operation needs no credentials.'
      : '',
    ...view.parameterGroups.flatMap((g) => [`## ${g.title}`, parameterTable(g.parameters)]),
    ...bodySection(view),
    ...responsesSection(view),
    ...callbacksSection(view),
    ...exampleSection(view),
    ...curlSection(view),
  ];
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}
