import { renderCodeBlockHtml } from '../content/render-code-block.js';
import { highlightNotice } from '../content/highlighter.js';
import type { ExampleView, MediaView } from '../api-view.js';
import { namedExamples, pruneExample, sampleSchema, type Direction } from './example-value.js';
import type { MediaTypeObject } from './openapi-types.js';
import { schemaToView } from './schema-to-view.js';
import { renderDescriptionField, memoized, type ViewContext } from './view-context.js';

/**
 * One media type of a request body or response: its schema tree and its examples — the
 * description's own `example`/`examples` first, else one generated from the schema. `pointer`
 * is where the media type object is in the document.
 */
/** One media type of a request body or response: where it is, which way it goes, and its object. */
export interface MediaInput {
  mediaType: string;
  media: MediaTypeObject;
  direction: Direction;
  /** JSON pointer of the media type object, for messages. */
  pointer?: string;
}

export function mediaToView({ mediaType, media, direction, pointer }: MediaInput, ctx: ViewContext): MediaView {
  const build = (c: ViewContext): MediaView => {
    const view: MediaView = { mediaType, examples: examplesOf(mediaType, media, c, direction) };
    if (media.schema !== undefined) view.schema = schemaTree(media, c, { pointer, direction });
    return view;
  };
  // A bare `$ref` schema without examples of its own looks the same wherever it is used.
  const ref = sharedSchemaRef(media);
  return ref ? memoized(ctx, `media\u0000${mediaType}\u0000${direction}\u0000${ref}`, build) : build(ctx);
}

/**
 * The media type's schema tree. A bare `$ref` schema's tree is the same wherever it is used (a
 * reference's tree starts at its target, whatever the pointer), so it is built once per direction
 * even when the media types around it have examples of their own (each operation of a resource
 * answering with the resource and its own example).
 */
function schemaTree(
  media: MediaTypeObject,
  ctx: ViewContext,
  { pointer, direction }: Pick<MediaInput, 'pointer' | 'direction'>,
) {
  const build = (c: ViewContext) =>
    schemaToView(media.schema, c, { pointer: pointer && `${pointer}/schema`, direction });
  const ref = bareRef(media.schema);
  return ref ? memoized(ctx, `schema\u0000${direction}\u0000${ref}`, build) : build(ctx);
}

function bareRef(schema: unknown): string | undefined {
  if (!schema || typeof schema !== 'object' || Object.keys(schema).length !== 1) return undefined;
  const ref = (schema as { $ref?: unknown }).$ref;
  return typeof ref === 'string' ? ref : undefined;
}

function sharedSchemaRef(media: MediaTypeObject): string | undefined {
  const schema = media.schema as { $ref?: unknown } | undefined;
  if (media.example !== undefined || media.examples !== undefined || !schema || Object.keys(schema).length !== 1)
    return undefined;
  return typeof schema.$ref === 'string' ? schema.$ref : undefined;
}

function examplesOf(mediaType: string, media: MediaTypeObject, ctx: ViewContext, direction: Direction): ExampleView[] {
  const render = (value: unknown) =>
    exampleHtml(mediaType, pruneExample(value, media.schema, ctx.document, direction), ctx);
  if (media.example !== undefined) return [{ label: 'Example', html: render(media.example) }];
  const named = namedExamples(media, ctx.document);
  if (named.length) {
    return named.map(({ name, example, value }) => {
      const summaryHtml = renderDescriptionField(ctx, example.description);
      return {
        label: typeof example.summary === 'string' && example.summary.trim() ? example.summary : name,
        html: render(value),
        ...(summaryHtml ? { summaryHtml } : {}),
      };
    });
  }
  const generated = sampleSchema(media.schema, ctx.document, direction);
  return generated === undefined ? [] : [{ label: 'Example', html: render(generated) }];
}

/** The example serialised for its media type (JSON unless it is already text) and highlighted. */
export function exampleHtml(mediaType: string, value: unknown, ctx: ViewContext): string {
  const json = /[/+]json\b/i.test(mediaType) || typeof value !== 'string';
  const text = json ? (JSON.stringify(value, null, 2) ?? 'null') : String(value);
  const language = json ? 'json' : /xml/i.test(mediaType) ? 'xml' : /html/i.test(mediaType) ? 'html' : 'plaintext';
  const highlighted = ctx.highlighter.highlight(text, language);
  if (highlighted.notice)
    ctx.page.diagnostics.push(highlightNotice(`An example: ${highlighted.notice}`, { file: ctx.file }));
  return renderCodeBlockHtml({ highlighted });
}
