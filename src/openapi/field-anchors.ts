import { slug } from 'github-slugger';
import { isPropertyRule } from './schema-keywords-to-view.js';
import type {
  ApiOperationView,
  CallbackOperationView,
  ParameterView,
  ResponseView,
  SchemaView,
  SubschemaView,
} from '../api-view.js';

export type ApiFieldLocation = 'path' | 'query' | 'header' | 'cookie' | 'request body' | 'response' | 'response header';

/**
 * One field of an operation page with its deep-link anchor. `root` and `key` say where the
 * template renders it: `root` names the table or schema tree (a parameter group's location, a
 * request media panel id, a response panel id, or `{response id}:headers`), `key` the field in
 * it (a parameter name, or a schema tree position such as `/p0/i/p2`, see `schemaKey`).
 */
export interface FieldSpot {
  root: string;
  key: string;
  anchor: string;
  name: string;
  location: ApiFieldLocation;
  /** The callback whose request or response holds the field (absent for the operation's own fields). */
  callback?: string;
  descriptionHtml?: string;
}

/** Position of a child in a schema tree: property `p{i}`, map values `a`, array items `i`, variant `c{i}`. */
export function schemaKey(parent: string, step: string): string {
  return `${parent}/${step}`;
}

/** A name as one segment of an anchor: slugged like headings; a name with no letters keeps its index. */
function segment(name: string, index: number): string {
  return slug(name) || `_${index}`;
}

/**
 * Every field of the operation with its anchor, in page order: `param-{in}-{name}` (properties of
 * an object parameter add `.{path}`), `req-{path}`, `res-{status}-{path}` and
 * `res-{status}-header-{name}`; `{path}` is the property names joined with `.` (array items,
 * map values and oneOf/anyOf/allOf variants add nothing). The first field to claim an anchor
 * keeps it (a later media type of the same status, or two variants with the same property,
 * render without an id), so anchors are unique on the page. Fields inside `patternProperties`,
 * `then`/`else`, `dependentSchemas` and further-items sub-schemas add nothing to the path either
 * (see FIELD_SUBSCHEMAS).
 *
 * Fields of a callback's request body and responses follow, after the operation's own: the same
 * anchors behind the prefix `cb-{callback}-{method}-` (the request's heading id without its
 * `callback-`, e.g. `cb-statuschanged-post-req-status`, `cb-statuschanged-post-res-200-id`), so
 * they never meet the operation's own fields or another request's.
 */
export function fieldSpots(view: ApiOperationView): FieldSpot[] {
  const used = new Set<string>();
  const spots: FieldSpot[] = [];
  const add = (spot: FieldSpot) => {
    if (used.has(spot.anchor)) return;
    used.add(spot.anchor);
    spots.push(spot);
  };
  for (const group of view.parameterGroups)
    addParameters(
      group.parameters,
      { root: group.location, prefix: `param-${group.location}`, location: group.location },
      add,
    );
  addBodyAndResponses(view, '', add);
  for (const callback of view.callbacks ?? [])
    for (const request of callback.operations)
      addBodyAndResponses(request, callbackFieldPrefix(request.id), (spot) =>
        add({ ...spot, callback: callback.name }),
      );
  return spots;
}

/** What an anchor of a callback request's field starts with: 'callback-on-data-post' → 'cb-on-data-post-'. */
export function callbackFieldPrefix(requestId: string): string {
  return `cb-${requestId.replace(/^callback-/, '')}-`;
}

/** The request body's and the responses' fields (an operation's, or a callback request's behind `prefix`). */
function addBodyAndResponses(
  view: Pick<ApiOperationView | CallbackOperationView, 'requestBody' | 'responses'>,
  prefix: string,
  add: (spot: FieldSpot) => void,
): void {
  for (const media of view.requestBody?.contents ?? []) {
    if (media.schema)
      addSchema(media.schema, { root: media.id, prefix: `${prefix}req`, location: 'request body' }, add);
  }
  for (const response of view.responses) addResponse(response, `${prefix}res-${segment(response.status, 0)}`, add);
}

function addResponse(response: ResponseView, prefix: string, add: (spot: FieldSpot) => void): void {
  addParameters(
    response.headers,
    { root: `${response.id}:headers`, prefix: `${prefix}-header`, location: 'response header' },
    add,
  );
  if (response.content?.schema)
    addSchema(response.content.schema, { root: response.id, prefix, location: 'response' }, add);
}

interface Target {
  root: string;
  prefix: string;
  location: ApiFieldLocation;
}

function addParameters(parameters: ParameterView[], target: Target, add: (spot: FieldSpot) => void): void {
  parameters.forEach((parameter, index) => {
    const anchor = `${target.prefix}-${segment(parameter.name, index)}`;
    add({
      root: target.root,
      key: parameter.name,
      anchor,
      name: parameter.name,
      location: target.location,
      ...described(parameter.descriptionHtml),
    });
    if (parameter.schema)
      addSchema(
        parameter.schema,
        { root: `${target.root}:${parameter.name}`, prefix: anchor, location: target.location, parent: parameter.name },
        add,
      );
  });
}

/**
 * Walks the tree exactly as SchemaViewer renders it (an array shows its items' fields in its
 * place); under a parameter (`parent`) the first property joins the parameter's anchor with `.`.
 */
function addSchema(schema: SchemaView, target: Target & { parent?: string }, add: (spot: FieldSpot) => void): void {
  const join = target.parent === undefined ? '-' : '.';
  const visit = (node: SchemaView, key: string, path: string[], names: string[]) => {
    const { shown, shownKey } = shownChildren(node, key);
    shown.properties?.forEach((property, i) => {
      const childKey = schemaKey(shownKey, `p${i}`);
      const childPath = [...path, segment(property.name ?? '', i)];
      const childNames = [...names, property.name ?? ''];
      add({
        root: target.root,
        key: childKey,
        anchor: `${target.prefix}${join}${childPath.join('.')}`,
        name: childNames.join('.'),
        location: target.location,
        ...described(property.descriptionHtml),
      });
      visit(property, childKey, childPath, childNames);
    });
    if (shown.additionalProperties) visit(shown.additionalProperties, schemaKey(shownKey, 'a'), path, names);
    // In page order: pattern properties beside the properties, the other sub-schemas last.
    const visitSubschemas = (owner: SchemaView, ownerKey: string, properties: boolean) =>
      owner.subschemas?.forEach((sub, i) => {
        if (FIELD_SUBSCHEMAS.has(sub.kind) && isPropertyRule(sub.kind) === properties)
          visit(sub.schema, schemaKey(ownerKey, `s${i}`), path, names);
      });
    visitSubschemas(shown, shownKey, true);
    if (shown !== node && shown.items) visit(shown.items, schemaKey(shownKey, 'i'), path, names);
    shown.composition?.variants.forEach((variant, i) => visit(variant, schemaKey(shownKey, `c${i}`), path, names));
    visitSubschemas(shown, shownKey, false);
    if (shown !== node) visitSubschemas(node, key, false);
  };
  visit(schema, '', [], target.parent === undefined ? [] : [target.parent]);
}

/**
 * Sub-schemas whose properties are fields a payload may have (they get anchors like the object's
 * own properties, adding nothing to the path); the fields of `if`, `not`, `contains` and
 * `contentSchema` are conditions or encoded content, not fields of the payload, and get none.
 */
const FIELD_SUBSCHEMAS: ReadonlySet<SubschemaView['kind']> = new Set([
  'patternProperties',
  'unevaluatedProperties',
  'dependentSchemas',
  'then',
  'else',
  'furtherItems',
]);

/** The node whose fields show under `node`: an array's items (at position `{key}/i`), else the node itself. */
export function shownChildren(node: SchemaView, key: string): { shown: SchemaView; shownKey: string } {
  return node.type === 'array' && node.items && !node.properties
    ? { shown: node.items, shownKey: schemaKey(key, 'i') }
    : { shown: node, shownKey: key };
}

function described(html: string | undefined): { descriptionHtml?: string } {
  return html ? { descriptionHtml: html } : {};
}

/** The anchor of a field by where it renders: `anchors(root)(key)`. */
export type AnchorLookup = (root: string) => (key: string) => string | undefined;

/** Looks up the anchor the template renders for a field. */
export function fieldAnchorLookup(view: ApiOperationView): AnchorLookup {
  const byRoot = new Map<string, Map<string, string>>();
  for (const spot of fieldSpots(view)) {
    let keys = byRoot.get(spot.root);
    if (!keys) byRoot.set(spot.root, (keys = new Map()));
    keys.set(spot.key, spot.anchor);
  }
  return (root) => (key) => byRoot.get(root)?.get(key);
}
