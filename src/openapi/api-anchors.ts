import type { ApiOperationView, ApiOverviewView } from './api-view.js';

/** The id of the tab that shows a panel; the templates and the anchor list both use it. */
export function tabId(panelId: string): string {
  return `tab-${panelId}`;
}

/** Every element id ApiOperationPage renders (description headings are added by the caller). */
export function operationAnchors(view: ApiOperationView): string[] {
  const panels = [
    ...(view.requestBody && view.requestBody.contents.length > 1 ? view.requestBody.contents.map((c) => c.id) : []),
    ...view.responses.map((r) => r.id),
    ...view.codeSamples.map((s) => s.id),
  ];
  return [...view.sections.map((s) => s.id), ...panels.flatMap((id) => [id, tabId(id)])];
}

/** Every element id ApiOverviewPage renders. */
export function overviewAnchors(view: ApiOverviewView): string[] {
  return view.sections.map((s) => s.id);
}

const OPERATION_SECTIONS = new Set(['parameters', 'path-parameters', 'query-parameters', 'header-parameters', 'cookie-parameters', 'request-body', 'responses', 'code-samples']);
const OVERVIEW_SECTIONS = new Set(['servers', 'authentication', 'download', 'contact-and-license', 'endpoints', 'other-endpoints']);

/** Whether ApiOperationPage may render this id itself (sections, tabs and panels). */
export function isOperationId(id: string): boolean {
  return OPERATION_SECTIONS.has(id) || /^(tab-|sample-|response-|request-body-)/.test(id);
}

/** Whether ApiOverviewPage may render this id itself (sections and tags). */
export function isOverviewId(id: string): boolean {
  return OVERVIEW_SECTIONS.has(id) || id.startsWith('tag-');
}
