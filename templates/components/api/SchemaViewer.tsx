import { useId } from 'react';
import type { CompositionView, SchemaView } from '../../../src/api-view.js';
import { schemaKey, shownChildren } from '../../../src/openapi/field-anchors.js';
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
      <HtmlBlock className="api-schema__description" html={schema.descriptionHtml} />
      <Facts node={schema} />
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

function SchemaNode({ node, depth, label, treeKey, anchorOf }: NodeProps & { label?: string }) {
  const id = anchorOf(treeKey);
  const ref = schemaRef(node);
  const body = (
    <>
      <HtmlBlock className="api-schema__description" html={node.descriptionHtml} />
      <Facts node={node} />
    </>
  );
  if (!expandable(node)) {
    return (
      <div className="api-schema__node api-schema__leaf" id={id}>
        <span className="api-schema__head">
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
      {target.additionalProperties && (
        <ul className="api-schema__props">
          <li>
            <SchemaNode node={target.additionalProperties} label="[key: string]" {...child('a')} />
          </li>
        </ul>
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
      {target.truncated && (
        <p className="api-schema__note">
          Nested deeper than the viewer shows; see the example or the downloadable description.
        </p>
      )}
    </>
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
              <HtmlBlock className="api-schema__description" html={variant.descriptionHtml} />
              <Facts node={variant} />
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

function Facts({ node }: { node: SchemaView }) {
  return (
    <SchemaFacts
      enumValues={node.enum}
      enumDescriptions={node.enumDescriptions}
      constValue={node.const}
      defaultValue={node.default}
      example={node.example}
      constraints={node.constraints}
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
    target.truncated ||
    (node.type === 'array' && node.items?.items),
  );
}
