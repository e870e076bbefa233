import type { PathSegmentView } from '../../../src/api-view.js';

/** The path with its `{parameters}` highlighted. */
export function PathTemplate({ segments }: { segments: PathSegmentView[] }) {
  return (
    <code className="api-path">
      {segments.map((segment, i) =>
        segment.param ? (
          <span key={i} className="api-path__param">
            {`{${segment.text}}`}
          </span>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </code>
  );
}
