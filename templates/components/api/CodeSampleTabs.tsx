import type { CodeSampleView } from '../../../src/api-view.js';
import { HtmlBlock } from './HtmlBlock.js';
import { Tabs } from './Tabs.js';

export interface CodeSampleTabsProps {
  samples: CodeSampleView[];
  /** Languages shown as tabs; the rest go to the 'More' menu. */
  visibleTabs: number;
}

/**
 * Code samples in every configured language, all rendered and highlighted at build time. The
 * container carries `data-code-tabs="language"` so the client can switch every sample on the
 * site to the reader's language and remember it.
 */
export function CodeSampleTabs({ samples, visibleTabs }: CodeSampleTabsProps) {
  return (
    <Tabs
      group="code-samples"
      sync="language"
      label="Code sample language"
      visible={visibleTabs}
      items={samples.map((sample) => ({
        value: sample.language,
        panelId: sample.id,
        label: sample.label,
        content: <HtmlBlock html={sample.html} />,
      }))}
    />
  );
}
