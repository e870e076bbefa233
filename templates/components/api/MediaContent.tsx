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

/** Examples, each labelled when there are several. */
export function Examples({ examples }: { examples: ExampleView[] }) {
  return (
    <>
      {examples.map((example, i) => (
        <div className="api-example" key={i}>
          <p className="api-example__label">{examples.length > 1 ? example.label : 'Example'}</p>
          <HtmlBlock className="api-description" html={example.summaryHtml} />
          <HtmlBlock html={example.html} />
        </div>
      ))}
    </>
  );
}
