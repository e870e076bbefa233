import kebabCase from 'lodash/kebabCase.js';
import type { RequestBodyView } from '../api-view.js';
import { escapePointerToken } from './json-pointer.js';
import { mediaToView } from './media-to-view.js';
import type { MediaTypeObject, RequestBodyObject } from './openapi-types.js';
import { resolveRef } from './resolve-ref.js';
import { optionalField } from './optional-field.js';
import { renderDescriptionField, type ViewContext } from './view-context.js';

/** A request body (of an operation, a webhook or a callback): one tab per media type. `pointer`: where it is. */
export function requestBodyView(body: RequestBodyObject, ctx: ViewContext, pointer: string): RequestBodyView {
  const contents = Object.entries(body.content ?? {}).map(([mediaType, media]) => ({
    id: `request-body-${kebabCase(mediaType)}`,
    ...mediaToView(
      {
        mediaType,
        media: resolveRef<MediaTypeObject>(ctx.document, media).value ?? {},
        direction: 'request',
        pointer: `${pointer}/content/${escapePointerToken(mediaType)}`,
      },
      ctx,
    ),
  }));
  return {
    required: body.required === true,
    contents,
    ...optionalField('descriptionHtml', renderDescriptionField(ctx, body.description, `${pointer}/description`)),
  };
}
