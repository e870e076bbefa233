import { htmlToText } from '../shared/hast-text.js';
import type { ApiOperationView, ApiOverviewView } from '../api-view.js';
import { fieldSpots, type ApiFieldLocation } from './field-anchors.js';

/** A field of an operation page that has its own deep link (for search and the link checks). */
export interface ApiFieldEntry {
  /** Element id on the operation page, e.g. 'param-query-min_time', 'res-200-data.hotspot_count'. */
  anchor: string;
  /** The field's name; a nested property's parents come first, joined with '.'. */
  name: string;
  location: ApiFieldLocation;
  /** The callback whose request or response holds the field (absent for the operation's own fields). */
  callback?: string;
  /** Plain text of its description ('' when it has none). */
  description: string;
}

/**
 * Every parameter, header, request-body and response property of the page, in page order; then
 * those of its callbacks' requests and responses (`callback` set, anchors `cb-…`).
 */
export function operationFields(view: ApiOperationView): ApiFieldEntry[] {
  return fieldSpots(view).map(({ anchor, name, location, callback, descriptionHtml }) => ({
    anchor,
    name,
    location,
    ...(callback === undefined ? {} : { callback }),
    description: descriptionHtml ? htmlToText(descriptionHtml) : '',
  }));
}

/** Element id of the panel that shows a response's example in the code column. */
export function responseExampleId(responseId: string): string {
  return `example-${responseId}`;
}

/** The id of the tab that shows a panel; the templates and the anchor list both use it. */
export function tabId(panelId: string): string {
  return `tab-${panelId}`;
}

/** Every element id ApiOperationPage renders (description headings are added by the caller). */
export function operationAnchors(view: ApiOperationView): string[] {
  const callbacks = (view.callbacks ?? []).flatMap((c) => [c.id, ...c.operations.map((o) => o.id)]);
  const panels = [
    ...(view.requestBody && view.requestBody.contents.length > 1 ? view.requestBody.contents.map((c) => c.id) : []),
    ...view.responses.map((r) => r.id),
    ...view.codeSamples.map((s) => s.id),
    ...view.responses.filter((r) => r.content?.examples.length).map((r) => responseExampleId(r.id)),
  ];
  return [
    ...view.sections.map((s) => s.id),
    ...callbacks,
    ...panels.flatMap((id) => [id, tabId(id)]),
    ...fieldSpots(view).map((f) => f.anchor),
  ];
}

/** Every element id ApiOverviewPage renders. */
export function overviewAnchors(view: ApiOverviewView): string[] {
  return view.sections.map((s) => s.id);
}

const OPERATION_SECTIONS = new Set([
  'parameters',
  'path-parameters',
  'query-parameters',
  'header-parameters',
  'cookie-parameters',
  'request-body',
  'responses',
  'code-samples',
  'response-example',
  'sample-payload',
  'callbacks',
]);
const OVERVIEW_SECTIONS = new Set([
  'servers',
  'authentication',
  'download',
  'contact-and-license',
  'endpoints',
  'other-endpoints',
  'webhooks',
]);

/** Whether ApiOperationPage may render this id itself (sections, tabs and panels). */
export function isOperationId(id: string): boolean {
  return (
    OPERATION_SECTIONS.has(id) ||
    /^(tab-|sample-|response-|request-body-|example-|param-|req-|res-|callback-|cb-)/.test(id)
  );
}

/** Whether ApiOverviewPage may render this id itself (sections and tags). */
export function isOverviewId(id: string): boolean {
  return OVERVIEW_SECTIONS.has(id) || id.startsWith('tag-') || id.startsWith('auth-');
}
