import type { MediaView } from '../../../src/openapi/api-view.js';
import { HtmlBlock } from './HtmlBlock.js';
import { SchemaViewer } from './SchemaViewer.js';

/** A media type's schema viewer and its examples. */
export function MediaContent({ media }: { media: MediaView }) {
  return (
    <div className="api-media">
      <p className="api-media__type">
        <span className="api-media__label">Media type</span> <code>{media.mediaType}</code>
      </p>
      {media.schema && <SchemaViewer schema={media.schema} label={`Schema (${media.mediaType})`} />}
      {media.examples.map((example, i) => (
        <div className="api-example" key={i}>
          <p className="api-example__label">{media.examples.length > 1 ? example.label : 'Example'}</p>
          <HtmlBlock className="api-description" html={example.summaryHtml} />
          <HtmlBlock html={example.html} />
        </div>
      ))}
    </div>
  );
}
