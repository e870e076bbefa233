import type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  SecurityRequirement,
  ServerObject,
} from './openapi-types.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One operation of the document, resolved once when the description is loaded. */
export interface ApiOperationEntry {
  method: HttpMethod;
  path: string;
  /** JSON pointer of the operation object, e.g. `#/paths/~1gateways/get`. */
  pointer: string;
  operation: OperationObject;
  /** Path-item and operation parameters merged (the operation wins), `$ref`s resolved. */
  parameters: ParameterObject[];
  /** The operation's tags; empty when it has none. */
  tags: string[];
  /** The servers that apply: the operation's, else the path item's, else the document's. */
  servers: ServerObject[];
  /** The security requirements that apply (the operation's or the document's). */
  security: SecurityRequirement[];
  /** Set for an OpenAPI 3.1 webhook: a request the API sends; `path` is then the webhook's name. */
  webhook?: true;
}

export interface ApiTagEntry {
  name: string;
  description?: string;
  /** Pointer of the tag's entry in the top-level `tags` array, when it has one. */
  pointer?: string;
  /** Indexes into `ApiSpec.operations`, in document order. */
  operations: number[];
}

/**
 * A loaded API description: the bundled document (external files inlined, internal `$ref`s
 * kept so circular schemas stay finite) and the index of its operations and tags.
 */
export interface ApiSpec {
  /** The root file, relative to the site root. */
  file: string;
  absolutePath: string;
  /** '3.0' or '3.1'. */
  version: '3.0' | '3.1';
  document: OpenApiDocument;
  /** Names of schemas that bundling moved out of their own file, by bundled `$ref`. */
  refNames: Readonly<Record<string, string>>;
  operations: readonly ApiOperationEntry[];
  /** Tags in the order of the top-level `tags` array, then of first use; only tags with operations. */
  tags: readonly ApiTagEntry[];
  /** Indexes of operations without tags. */
  untagged: readonly number[];
  /** OpenAPI 3.1 `webhooks`, indexed the same way (absent: the description has none). */
  webhooks?: ApiWebhookIndex;
}

/** The webhooks of a description: their operations, grouped by tag like the operations. */
export interface ApiWebhookIndex {
  operations: readonly ApiOperationEntry[];
  tags: readonly ApiTagEntry[];
  untagged: readonly number[];
}
