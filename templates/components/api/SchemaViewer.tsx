import { Fragment, useId, type ReactNode } from 'react';
import { hasItemDetails, type CompositionView, type SchemaView, type SubschemaView } from '../../../src/api-view.js';
import { schemaKey, shownChildren } from '../../../src/openapi/field-anchors.js';
import { isPropertyRule } from '../../../src/openapi/schema-keywords-to-view.js';
import { FieldLink } from './FieldLink.js';
import { HtmlBlock } from './HtmlBlock.js';
import { SchemaFacts } from './SchemaFacts.js';

/** Levels open by default; deeper ones start collapsed. */
const OPEN_LEVELS = 2;

const COMPOSITION_LABEL = { oneOf: 'One of', anyOf: 'Any of', allOf: 'All of', tuple: 'Tuple' } as const;

/** The element id of the field at a tree position (see field-anchors), if it has one. */
type AnchorOf = (key: string) => string | undefined;
const none: AnchorOf = () => undefined;

export interface SchemaViewerProps {
  schema: SchemaView;
  label?: string;
  /** Deep-link anchors of the properties, by tree position. */
  anchorOf?: AnchorOf;
}

/**
 * The schema as a tree of <details> (collapsible without JavaScript): properties with their
 * type, flags, description and constraints; array items; oneOf/anyOf/allOf variants; and a
 * label where a schema refers back to one above it. A property with an anchor carries it as
 * its id, with a 'Direct link to …' link (the client opens the levels above a linked one).
 */
export function SchemaViewer({ schema, label = 'Schema', anchorOf = none }: SchemaViewerProps) {
  return (
    <div className="api-schema" role="group" aria-label={label}>
      <div className="api-schema__root">
        <TypeLine node={schema} linked />
      </div>
      <NodeBody node={schema} />
      <Children node={schema} depth={0} treeKey="" anchorOf={anchorOf} />
    </div>
  );
}

interface NodeProps {
  node: SchemaView;
  depth: number;
  /** Position in the tree, for the anchor lookup. */
  treeKey: string;
  anchorOf: AnchorOf;
}

/** The component schema a node shows (itself, or an array's items), when it has a page. */
function schemaRef(node: SchemaView): { name: string; href: string } | undefined {
  const target = node.href ? node : node.type === 'array' ? node.items : undefined;
  return target?.href && target.title ? { name: target.title, href: target.href } : undefined;
}

/** `heading` replaces the name when the node is no named property (a pattern, a condition). */
function SchemaNode({
  node,
  depth,
  label,
  heading,
  treeKey,
  anchorOf,
}: NodeProps & { label?: string; heading?: ReactNode }) {
  const id = anchorOf(treeKey);
  const ref = schemaRef(node);
  const body = <NodeBody node={node} />;
  if (!expandable(node)) {
    return (
      <div className="api-schema__node api-schema__leaf" id={id}>
        <span className="api-schema__head">
          {heading}
          {label !== undefined && <Name label={label} href={label === node.title ? ref?.href : undefined} />}
          <TypeLine node={node} hideTitle={label === node.title} linked />
          {id && <FieldLink id={id} name={label ?? ''} />}
        </span>
        {body}
      </div>
    );
  }
  const details = (
    <details className="api-schema__node" open={depth < OPEN_LEVELS}>
      <summary>
        <span className="api-schema__head">
          {heading}
          {label !== undefined && <Name label={label} />}
          <TypeLine node={node} hideTitle={label === node.title} />
        </span>
      </summary>
      {body}
      <Children node={node} depth={depth + 1} treeKey={treeKey} anchorOf={anchorOf} />
    </details>
  );
  if (!id && !ref) return details;
  // Links inside <summary> would be interactive elements inside another: they sit beside it.
  return (
    <div className="api-schema__field" id={id}>
      <span className="api-schema__links">
        {ref && (
          <a className="api-schema__ref" href={ref.href} aria-label={`Schema ${ref.name}`}>
            {ref.name}
          </a>
        )}
        {id && <FieldLink id={id} name={label ?? ''} />}
      </span>
      {details}
    </div>
  );
}

function Name({ label, href }: { label: string; href?: string }) {
  const name = <code className="api-schema__name">{label}</code>;
  return href ? <a href={href}>{name}</a> : name;
}

function Children({ node, depth, treeKey, anchorOf }: NodeProps) {
  const { shown: target, shownKey: key } = shownChildren(node, treeKey);
  const child = (step: string) => ({ depth, anchorOf, treeKey: schemaKey(key, step) });
  return (
    <>
      {target.properties && target.properties.length > 0 && (
        <ul className="api-schema__props">
          {target.properties.map((property, i) => (
            <li key={`${property.name}-${i}`}>
              <SchemaNode node={property} label={property.name} {...child(`p${i}`)} />
            </li>
          ))}
        </ul>
      )}
      {withAfter(
        target.additionalProperties && (
          <ul className="api-schema__props">
            <li>
              <SchemaNode node={target.additionalProperties} label="[key: string]" {...child('a')} />
            </li>
          </ul>
        ),
        hasSubschemas(target, 'properties') && (
          <Subschemas owner={target} part="properties" depth={depth} anchorOf={anchorOf} treeKey={key} />
        ),
        target.noOtherProperties && <p className="api-schema__note">No other properties</p>,
      )}
      {target !== node && target.items && <SchemaNode node={target.items} label="items" {...child('i')} />}
      {target.composition && (
        <Composition
          composition={target.composition}
          depth={depth}
          treeKey={key}
          anchorOf={anchorOf}
          discriminator={target.discriminator}
        />
      )}
      {withAfter(
        hasSubschemas(target, 'rules') && (
          <Subschemas owner={target} part="rules" depth={depth} anchorOf={anchorOf} treeKey={key} />
        ),
        target !== node && hasSubschemas(node, 'rules') && (
          <Subschemas owner={node} part="rules" depth={depth} anchorOf={anchorOf} treeKey={treeKey} />
        ),
        target.truncated && (
          <p className="api-schema__note">
            Nested deeper than the viewer shows; see the example or the downloadable description.
          </p>
        ),
      )}
    </>
  );
}

/**
 * Several parts in one child slot, or the only part as it is: React derives `useId` (the
 * alternatives' group names) from each child's position among its siblings, so a tree without
 * the parts added later keeps the ids it had.
 */
function withAfter(...parts: ReactNode[]): ReactNode {
  const present = parts.filter((part) => part !== undefined && part !== null && part !== false && part !== '');
  return present.length > 1 ? present.map((part, i) => <Fragment key={i}>{part}</Fragment>) : present[0];
}

const hasSubschemas = (owner: SchemaView, part: 'properties' | 'rules') =>
  (owner.subschemas ?? []).some((sub) => isPropertyRule(sub.kind) === (part === 'properties'));

/**
 * The labelled sub-schemas of a node, each expandable like a property (tree positions `s{i}`):
 * the `properties` part ('Properties matching `/^x-/`', 'Other properties') beside the
 * properties, before 'No other properties'; the `rules` part ('Must not match', 'If' … 'Then' …
 * 'Else' …, 'Contains', …) after the properties and alternatives.
 */
function Subschemas({
  owner,
  part,
  depth,
  treeKey,
  anchorOf,
}: Omit<NodeProps, 'node'> & { owner: SchemaView; part: 'properties' | 'rules' }) {
  const shown = (owner.subschemas ?? [])
    .map((sub, i) => ({ sub, i }))
    .filter(({ sub }) => isPropertyRule(sub.kind) === (part === 'properties'));
  if (!shown.length) return null;
  return (
    <ul className="api-schema__props">
      {shown.map(({ sub, i }) => (
        <li key={i} data-keyword={sub.kind}>
          <SchemaNode
            node={sub.schema}
            heading={<SubschemaHeading sub={sub} />}
            depth={depth}
            treeKey={schemaKey(treeKey, `s${i}`)}
            anchorOf={anchorOf}
          />
        </li>
      ))}
    </ul>
  );
}

function SubschemaHeading({ sub }: { sub: SubschemaView }) {
  return (
    <span className="api-schema__name">
      {sub.label}
      {sub.subject !== undefined && (
        <>
          {' '}
          <code>{sub.subject}</code>
        </>
      )}
      {sub.after && ` ${sub.after}`}
    </span>
  );
}

/** A composition under a schema node: its variants, and the property a `oneOf` is told apart by. */
type CompositionProps = Omit<NodeProps, 'node'> & { composition: CompositionView; discriminator?: string };

function Composition(props: CompositionProps) {
  const { composition, depth, treeKey, anchorOf } = props;
  if (composition.kind === 'allOf' || composition.kind === 'tuple') {
    return (
      <div className="api-schema__composition">
        <p className="api-schema__composition-label">{COMPOSITION_LABEL[composition.kind]}</p>
        <ul className="api-schema__variants">
          {composition.variants.map((variant, i) => (
            <li key={i}>
              <SchemaNode
                node={variant}
                depth={depth}
                label={composition.labels[i]}
                treeKey={schemaKey(treeKey, `c${i}`)}
                anchorOf={anchorOf}
              />
            </li>
          ))}
        </ul>
        {composition.closed && <p className="api-schema__composition-label">No further items</p>}
      </div>
    );
  }
  return <Alternatives {...props} />;
}

/**
 * `oneOf`/`anyOf` as a selector: one <details> per alternative sharing a `name`, so opening one
 * closes the others (the browser does it, no JavaScript), the first open. api.css lays the
 * summaries out as a row of tabs where `::details-content` exists; elsewhere, and without CSS,
 * it reads as a list of alternatives, each with its label.
 */
function Alternatives({ composition, depth, treeKey, anchorOf, discriminator }: CompositionProps) {
  const group = useId();
  return (
    <div className="api-schema__composition api-alternatives">
      <p className="api-schema__composition-label">
        {COMPOSITION_LABEL[composition.kind]}
        {discriminator && (
          <span className="api-alternatives__by">
            {' '}
            (by <code>{discriminator}</code>)
          </span>
        )}
      </p>
      <div className="api-alternatives__list">
        {composition.variants.map((variant, i) => (
          <details key={i} className="api-alternative" name={group} open={i === 0}>
            <summary className="api-alternative__label">{composition.labels[i]}</summary>
            <div className="api-alternative__body">
              <span className="api-schema__head">
                <TypeLine node={variant} linked />
              </span>
              <NodeBody node={variant} />
              <Children node={variant} depth={depth + 1} treeKey={schemaKey(treeKey, `c${i}`)} anchorOf={anchorOf} />
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}

/** Type, schema name and flags; `linked`: outside a <summary>, the schema name links to its page. */
function TypeLine({
  node,
  hideTitle = false,
  linked = false,
}: {
  node: SchemaView;
  hideTitle?: boolean;
  linked?: boolean;
}) {
  const items = node.type === 'array' ? node.items : undefined;
  return (
    <span className="api-schema__meta">
      <span className="api-schema__type">
        {linked && items?.href && items.title ? (
          <>
            <a href={items.href}>{items.title}</a>[]
          </>
        ) : (
          typeText(node)
        )}
      </span>
      {node.title && !hideTitle && node.type !== 'array' && !node.circular && (
        <span className="api-schema__title">
          {linked && node.href ? <a href={node.href}>{node.title}</a> : node.title}
        </span>
      )}
      {node.format && <span className="api-schema__format">{`<${node.format}>`}</span>}
      {node.required && <span className="api-flag api-flag--required">required</span>}
      {node.nullable && <span className="api-flag">nullable</span>}
      {node.readOnly && <span className="api-flag">read-only</span>}
      {node.writeOnly && <span className="api-flag">write-only</span>}
      {node.deprecated && <span className="api-flag api-flag--deprecated">deprecated</span>}
      {node.circular && <Circular name={node.circular} />}
      {items?.circular && <Circular name={items.circular} />}
    </span>
  );
}

function Circular({ name }: { name: string }) {
  return (
    <span className="api-schema__circular" title={`${name} contains itself; its fields are shown above`}>
      ↻ circular reference to {name}
    </span>
  );
}

/** A node's description and facts, and for an array what its items' own schema says of each item. */
function NodeBody({ node }: { node: SchemaView }) {
  const items = node.type === 'array' ? node.items : undefined;
  return (
    <>
      <HtmlBlock className="api-schema__description" html={node.descriptionHtml} />
      <Facts node={node} />
      {items && hasItemDetails(items) && (
        <div className="api-schema__items">
          <span className="api-schema__head">
            <span className="api-schema__name">Each item</span>
            <TypeLine node={items} linked />
          </span>
          <HtmlBlock className="api-schema__description" html={items.descriptionHtml} />
          <Facts node={items} />
        </div>
      )}
    </>
  );
}

function Facts({ node }: { node: SchemaView }) {
  return (
    <SchemaFacts
      enumValues={node.enum}
      enumDescriptions={node.enumDescriptions}
      constValue={node.const}
      defaultValue={node.default}
      example={node.example}
      constraints={node.constraints}
      content={node.content}
      requiredNames={node.requiredNames}
      dependentRequired={node.dependentRequired}
      externalDocs={node.externalDocs}
    />
  );
}

function typeText(node: SchemaView): string {
  if (node.type === 'array' && node.items) return `${node.items.title ?? typeText(node.items)}[]`;
  return node.type;
}

function expandable(node: SchemaView): boolean {
  const target = node.type === 'array' && node.items ? node.items : node;
  return Boolean(
    target.properties?.length ||
    target.additionalProperties ||
    target.composition ||
    target.subschemas?.length ||
    node.subschemas?.length ||
    target.truncated ||
    (node.type === 'array' && node.items?.items),
  );
}
