import { useId } from 'react';
import type { ExampleView, MediaView } from '../../../src/api-view.js';
import { HtmlBlock } from './HtmlBlock.js';
import { SchemaViewer } from './SchemaViewer.js';

export interface MediaContentProps {
  media: MediaView;
  /** Deep-link anchors of the schema's properties, by tree position. */
  anchorOf?: (key: string) => string | undefined;
  /** False where the examples show elsewhere (responses: in the code column). */
  showExamples?: boolean;
}

/** A media type's schema viewer and its examples. */
export function MediaContent({ media, anchorOf, showExamples = true }: MediaContentProps) {
  return (
    <div className="api-media">
      <p className="api-media__type">
        <span className="api-media__label">Media type</span> <code>{media.mediaType}</code>
      </p>
      {media.schema && <SchemaViewer schema={media.schema} label={`Schema (${media.mediaType})`} anchorOf={anchorOf} />}
      {showExamples && <Examples examples={media.examples} />}
    </div>
  );
}

/**
 * The examples of a media type. Several named ones (`examples`) get a selector like the schema's
 * alternatives: one <details> per example sharing a name, the first open, so picking one needs
 * no JavaScript and each stays readable (with its label) where the CSS is missing.
 */
export function Examples({ examples }: { examples: ExampleView[] }) {
  const group = useId();
  if (examples.length === 0) return null;
  if (examples.length === 1) {
    return (
      <div className="api-example">
        <p className="api-example__label">Example</p>
        <HtmlBlock className="api-description" html={examples[0].summaryHtml} />
        <HtmlBlock html={examples[0].html} />
      </div>
    );
  }
  return (
    <div className="api-examples api-alternatives" role="group" aria-label="Examples">
      <div className="api-alternatives__list">
        {examples.map((example, i) => (
          <details key={i} className="api-alternative" name={group} open={i === 0}>
            <summary className="api-alternative__label">{example.label}</summary>
            <div className="api-alternative__body api-example">
              <HtmlBlock className="api-description" html={example.summaryHtml} />
              <HtmlBlock html={example.html} />
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}
