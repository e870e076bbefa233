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
