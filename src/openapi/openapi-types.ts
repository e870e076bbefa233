/**
 * The parts of an OpenAPI 3.0/3.1 document that docsgen reads. Every field is optional because
 * the document is untrusted input: the structure check reports what is missing, and the view
 * builders never assume a field is there.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface RefObject {
  $ref: string;
  summary?: string;
  description?: string;
}

export interface SchemaObject {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  format?: string;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  prefixItems?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
  not?: SchemaObject;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  discriminator?: { propertyName?: string; mapping?: Record<string, string> };
  [extension: string]: unknown;
}

export interface ExampleObject {
  summary?: string;
  description?: string;
  value?: unknown;
  externalValue?: string;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, ExampleObject | RefObject>;
}

export interface ParameterObject {
  name?: string;
  in?: string;
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, ExampleObject | RefObject>;
  content?: Record<string, MediaTypeObject>;
}

export type HeaderObject = Omit<ParameterObject, 'name' | 'in'>;

export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content?: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  description?: string;
  headers?: Record<string, HeaderObject | RefObject>;
  content?: Record<string, MediaTypeObject>;
  links?: Record<string, LinkObject | RefObject>;
}

/** A response link: an operation (by operationId or operationRef) and how to fill its parameters. */
export interface LinkObject {
  operationId?: string;
  operationRef?: string;
  parameters?: Record<string, unknown>;
  requestBody?: unknown;
  description?: string;
  server?: ServerObject;
}

export interface CodeSampleObject {
  lang?: string;
  label?: string;
  source?: string;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: (ParameterObject | RefObject)[];
  requestBody?: RequestBodyObject | RefObject;
  responses?: Record<string, ResponseObject | RefObject>;
  deprecated?: boolean;
  security?: SecurityRequirement[];
  servers?: ServerObject[];
  'x-slug'?: string;
  'x-codeSamples'?: CodeSampleObject[];
  /** Callbacks by name: each maps URL expressions to path items (or is a `$ref`). */
  callbacks?: Record<string, Record<string, PathItemObject | RefObject> | RefObject>;
  [extension: string]: unknown;
}

export interface PathItemObject {
  $ref?: string;
  summary?: string;
  description?: string;
  parameters?: (ParameterObject | RefObject)[];
  servers?: ServerObject[];
  [method: string]: unknown;
}

export interface ServerObject {
  url?: string;
  description?: string;
  variables?: Record<string, { default?: string; enum?: string[]; description?: string }>;
}

export interface SecuritySchemeObject {
  type?: string;
  description?: string;
  name?: string;
  in?: string;
  scheme?: string;
  bearerFormat?: string;
  openIdConnectUrl?: string;
  flows?: Record<string, { authorizationUrl?: string; tokenUrl?: string; scopes?: Record<string, string> }>;
}

export interface TagObject {
  name?: string;
  description?: string;
  'x-displayName'?: string;
}

export interface OpenApiDocument {
  openapi?: string;
  swagger?: string;
  info?: {
    title?: string;
    version?: string;
    description?: string;
    summary?: string;
    termsOfService?: string;
    contact?: { name?: string; url?: string; email?: string };
    license?: { name?: string; url?: string; identifier?: string };
    'x-slug'?: string;
  };
  servers?: ServerObject[];
  paths?: Record<string, PathItemObject>;
  webhooks?: Record<string, PathItemObject | RefObject>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    securitySchemes?: Record<string, SecuritySchemeObject | RefObject>;
    [section: string]: unknown;
  };
  security?: SecurityRequirement[];
  tags?: TagObject[];
  [extension: string]: unknown;
}
