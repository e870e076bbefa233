/**
 * The view models of the API reference templates: plain serialisable data carrying only what a
 * page shows (never the whole description). HTML strings are either sanitised Markdown from the
 * untrusted pipeline (`descriptionHtml`) or build-time highlighted code (`html`).
 */

export interface SchemaView {
  /** Property name when this node is a property of an object. */
  name?: string;
  /** Component name or `title` of the schema, e.g. 'Gateway'. */
  title?: string;
  /** 'object', 'array', 'string', 'integer', 'number', 'boolean', 'null', 'any', or 'string | integer'. */
  type: string;
  format?: string;
  required?: boolean;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  descriptionHtml?: string;
  /** Allowed values, each JSON-encoded ('"iot"', '5', 'null'). */
  enum?: string[];
  /** What each allowed value means (`x-enumDescriptions`), by the JSON-encoded value; only described values. */
  enumDescriptions?: EnumDescriptionView[];
  /** The one value allowed (`const`), JSON-encoded. */
  const?: string;
  /** JSON-encoded default value. */
  default?: string;
  /** JSON-encoded example value. */
  example?: string;
  /** Constraints in words: 'min 1', 'max 256', 'pattern ^[a-z]+$', 'max length 10'. */
  constraints?: string[];
  properties?: SchemaView[];
  /** Schema of the values of a map (`additionalProperties`). */
  additionalProperties?: SchemaView;
  /** Array items. */
  items?: SchemaView;
  /** `oneOf`/`anyOf`, or an `allOf` that could not be merged into one object. */
  composition?: CompositionView;
  /**
   * Sub-schemas shown under a label, in this order: `patternProperties`, `unevaluatedProperties`,
   * `dependentSchemas`, `not`, `if`/`then`/`else`, `contains`, further items
   * (`additionalItems`/`unevaluatedItems`) and `contentSchema`.
   */
  subschemas?: SubschemaView[];
  /** `additionalProperties: false` or `unevaluatedProperties: false`: no properties but the listed ones. */
  noOtherProperties?: boolean;
  /** Names `required` lists without a property of their own here (`then: {required: [unit]}`). */
  requiredNames?: string[];
  /** `dependentRequired` (and `dependencies` lists): when a property is present, others are required. */
  dependentRequired?: DependentRequiredView[];
  /** What a string holds, from `contentEncoding`/`contentMediaType`: 'base64-encoded image/png'. */
  content?: string;
  /** `externalDocs` of the schema (http(s) or mailto URLs only). */
  externalDocs?: { url: string; description?: string };
  /** Property whose value selects the `oneOf` variant. */
  discriminator?: string;
  /** Set when this node refers back to a schema shown above it: the name of that schema. */
  circular?: string;
  /** Set when the depth limit stopped the tree here. */
  truncated?: boolean;
  /** baseUrl-joined URL of the page of the `components/schemas` entry this node is, when it has one. */
  href?: string;
}

/**
 * Alternatives of a schema: `oneOf`/`anyOf` (one to pick), `allOf` parts that stay separate, or the
 * positions of a tuple (`prefixItems`: the nth item has the nth schema).
 */
export interface CompositionView {
  kind: 'oneOf' | 'anyOf' | 'allOf' | 'tuple';
  /** A tuple followed by `items: false`: the array has no items after these positions. */
  closed?: boolean;
  variants: SchemaView[];
  /**
   * What each variant is called, by index: its `discriminator.mapping` key(s), else its
   * component name when a discriminator selects it, else its title, else 'Option n'.
   */
  labels: string[];
}

/**
 * A sub-schema under a label: `label`, then `subject` as code, then `after` ('Properties matching'
 * `/^x-/`; 'If' `card` 'is present'; 'Must not match').
 */
export interface SubschemaView {
  kind:
    | 'patternProperties'
    | 'unevaluatedProperties'
    | 'dependentSchemas'
    | 'not'
    | 'if'
    | 'then'
    | 'else'
    | 'contains'
    | 'furtherItems'
    | 'contentSchema';
  label: string;
  subject?: string;
  after?: string;
  schema: SchemaView;
}

export interface DependentRequiredView {
  property: string;
  requires: string[];
}

export interface EnumDescriptionView {
  /** JSON-encoded value, as in `enum`. */
  value: string;
  descriptionHtml: string;
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ParameterView {
  name: string;
  in: ParameterLocation;
  required: boolean;
  deprecated: boolean;
  type: string;
  format?: string;
  nullable?: boolean;
  default?: string;
  enum?: string[];
  enumDescriptions?: EnumDescriptionView[];
  minimum?: string;
  maximum?: string;
  pattern?: string;
  example?: string;
  /** The named `examples` when there are several: label (summary, else name) and value as typed. */
  examples?: { label: string; value: string }[];
  /** Other constraints in words (length, item counts). */
  constraints: string[];
  descriptionHtml?: string;
  /** The schema tree, for object and array parameters. */
  schema?: SchemaView;
}

export interface ParameterGroupView {
  location: ParameterLocation;
  /** Element id of the group heading: 'path-parameters', 'query-parameters' … */
  id: string;
  title: string;
  parameters: ParameterView[];
}

export interface ExampleView {
  label: string;
  summaryHtml?: string;
  /** The example as a highlighted code block. */
  html: string;
}

export interface MediaView {
  mediaType: string;
  schema?: SchemaView;
  examples: ExampleView[];
}

export interface RequestBodyView {
  required: boolean;
  descriptionHtml?: string;
  /** One tab per media type. */
  contents: (MediaView & { id: string })[];
}

export interface ResponseView {
  /** Panel id, e.g. 'response-200' or 'response-200-application-xml'. */
  id: string;
  status: string;
  /** Tab label: the status, plus the media type when a status has several. */
  label: string;
  /** For the tab colour: 'success', 'redirect', 'client-error', 'server-error', 'info', 'default'. */
  kind: string;
  descriptionHtml?: string;
  headers: ParameterView[];
  content?: MediaView;
  /** The response's `links`: operations a client can call next with values from this response. */
  links?: ResponseLinkView[];
}

/** One of a response's `links`. */
export interface ResponseLinkView {
  name: string;
  /** The target as written: an operationId, or an operationRef such as '#/paths/~1orders~1{id}/get'. */
  target: string;
  targetKind: 'operationId' | 'operationRef';
  /** baseUrl-joined URL of the target operation's page and its title, when the target resolves. */
  href?: string;
  targetTitle?: string;
  /** Each parameter of the target and the value or runtime expression that fills it, as written. */
  parameters: { name: string; value: string }[];
  /** What fills the target's request body, as written (JSON-encoded when it is not a string). */
  requestBody?: string;
  descriptionHtml?: string;
}

/** One callback of an operation (`callbacks`): requests the API makes to a URL the caller gave it. */
export interface CallbackView {
  name: string;
  /** Element id of the callback's heading ('callback-on-data'). */
  id: string;
  operations: CallbackOperationView[];
}

export interface CallbackOperationView {
  /** Element id of the request's heading ('callback-on-data-post'). */
  id: string;
  /** The URL as a runtime expression ('{$request.body#/callbackUrl}/data'). */
  expression: string;
  /** Lower-case HTTP method. */
  method: string;
  summary?: string;
  descriptionHtml?: string;
  deprecated: boolean;
  requestBody?: RequestBodyView;
  /** What the API expects the caller's server to answer. */
  responses: ResponseView[];
}

export interface CodeSampleView {
  /** Language id from the config ('python'), used by the language switcher. */
  language: string;
  label: string;
  /** Panel id: 'sample-python'. */
  id: string;
  /** The highlighted code block. */
  html: string;
}

export interface ServerView {
  url: string;
  descriptionHtml?: string;
}

export interface PathSegmentView {
  text: string;
  /** True for a `{param}` segment (text is the parameter name, without braces). */
  param: boolean;
}

export interface ApiSectionView {
  id: string;
  text: string;
  depth: 2 | 3;
}

export interface ApiOperationView {
  slug: string;
  /** Lower-case HTTP method ('get'). */
  method: string;
  path: string;
  pathSegments: PathSegmentView[];
  /** The first server's URL (variables set to their defaults), '' when there is none. */
  serverUrl: string;
  servers: ServerView[];
  summary: string;
  operationId?: string;
  tags: string[];
  deprecated: boolean;
  descriptionHtml?: string;
  /**
   * The same description's Markdown as written, its links rewritten to where `descriptionHtml`'s
   * lead (Redoc-style anchors, site paths with the baseUrl): what the Markdown twin carries.
   */
  descriptionMarkdown?: string;
  /** Each way to authenticate in words ('API key in header x-api-key'); any one of them is enough. */
  security: string[];
  /**
   * The same ways to authenticate, scheme by scheme (any one alternative is enough; the schemes of
   * one alternative go together). Empty alternatives list: see `public`.
   */
  securityRequirements?: SecurityAlternativeView[];
  /** True when the description defines security schemes and this operation needs none (`security: []`). */
  public?: boolean;
  parameterGroups: ParameterGroupView[];
  requestBody?: RequestBodyView;
  responses: ResponseView[];
  codeSamples: CodeSampleView[];
  /** How many code-sample tabs show before the overflow menu. */
  visibleTabs: number;
  /** The page's sections, for its table of contents. */
  sections: ApiSectionView[];
  /**
   * An OpenAPI 3.1 webhook: a request the API sends to its subscribers (`path` is the webhook's
   * name). Its request body is the payload, its responses the ones the API expects back.
   */
  webhook?: true;
  /** The operation's `callbacks`, in document order (absent when it has none). */
  callbacks?: CallbackView[];
}

export interface OperationLinkView {
  method: string;
  path: string;
  summary: string;
  /** baseUrl-joined URL of the operation's page. */
  href: string;
  deprecated: boolean;
  /** Set when the link is to a webhook's page or to a callback request on its operation's page. */
  kind?: 'webhook' | 'callback';
}

export interface SecuritySchemeView {
  name: string;
  /** Element id of the scheme's entry on the overview page ('auth-api-key-auth'). */
  id: string;
  /** How to send the credential, in words. */
  words: string;
  descriptionHtml?: string;
  /** OAuth 2.0 flows, each with its URLs and scopes. */
  flows?: OAuthFlowView[];
  /** OpenID Connect discovery URL. */
  openIdConnectUrl?: string;
}

export interface OAuthFlowView {
  /** 'authorizationCode', 'clientCredentials', 'implicit', 'password'. */
  kind: string;
  /** 'Authorization code' … */
  label: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: { name: string; description?: string }[];
}

/** One way to authenticate an operation: schemes used together. */
export interface SecurityAlternativeView {
  schemes: {
    name: string;
    words: string;
    /** Scopes (OAuth 2.0) or roles the operation needs from this scheme. */
    scopes: string[];
    /** The scheme's entry on the overview page, when it is defined. */
    href?: string;
  }[];
}

export interface ApiOverviewView {
  title: string;
  version?: string;
  summary?: string;
  descriptionHtml?: string;
  servers: ServerView[];
  securitySchemes: SecuritySchemeView[];
  contact?: { name?: string; url?: string; email?: string };
  license?: { name: string; url?: string };
  termsOfService?: string;
  /** baseUrl-joined URL of /openapi/{slug}.json. */
  specUrl: string;
  specFileName: string;
  tags: { name: string; id: string; descriptionHtml?: string; operations: OperationLinkView[] }[];
  /** Operations without a tag. */
  untagged: OperationLinkView[];
  /** The webhooks (OpenAPI 3.1), each linked to its page. */
  webhooks?: OperationLinkView[];
  /** Redoc's `x-tagGroups`: each group's name and its tags (linked to their sections). */
  tagGroups?: { name: string; tags: { name: string; id: string }[] }[];
  sections: ApiSectionView[];
}

/** The page of one `components/schemas` entry. */
export interface ApiSchemaView {
  name: string;
  /** The tree; its root carries the schema's description. */
  schema: SchemaView;
  /** A generated example, as a highlighted JSON code block. */
  exampleHtml?: string;
  /** Operations that use the schema, directly or through other schemas. */
  usedBy: OperationLinkView[];
  /** Schemas that refer to this one, with their pages. */
  referencedBy: { name: string; href: string }[];
  sections: ApiSectionView[];
}

/** Sub-schemas that describe further properties (shown beside the properties), not rules about the value. */
export const isPropertyRule = (kind: SubschemaView['kind']) =>
  kind === 'patternProperties' || kind === 'unevaluatedProperties';

/**
 * Whether an array of values that are not objects (`string[]`) has items that say more than the
 * array's type line does: a format, allowed values, constraints, a description… The fields of an
 * array of objects show under the array instead, as the object's would.
 */
export function hasItemDetails(items: SchemaView): boolean {
  if (items.properties?.length || items.additionalProperties || items.composition) return false;
  return Boolean(
    items.format ||
    items.nullable ||
    items.deprecated ||
    items.descriptionHtml ||
    items.enum?.length ||
    items.const !== undefined ||
    items.default !== undefined ||
    items.example !== undefined ||
    items.constraints?.length ||
    items.content ||
    items.requiredNames?.length ||
    items.dependentRequired?.length ||
    items.externalDocs,
  );
}
