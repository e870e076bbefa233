import type { SchemaView } from '../../../src/openapi/api-view.js';
import { HtmlBlock } from './HtmlBlock.js';
import { SchemaFacts } from './SchemaFacts.js';

/** Levels open by default; deeper ones start collapsed. */
const OPEN_LEVELS = 2;

const COMPOSITION_LABEL = { oneOf: 'One of', anyOf: 'Any of', allOf: 'All of' } as const;

/**
 * The schema as a tree of <details> (collapsible without JavaScript): properties with their
 * type, flags, description and constraints; array items; oneOf/anyOf/allOf variants; and a
 * label where a schema refers back to one above it.
 */
export function SchemaViewer({ schema, label = 'Schema' }: { schema: SchemaView; label?: string }) {
  return (
    <div className="api-schema" role="group" aria-label={label}>
      <div className="api-schema__root">
        <TypeLine node={schema} />
      </div>
      <HtmlBlock className="api-schema__description" html={schema.descriptionHtml} />
      <Facts node={schema} />
      <Children node={schema} depth={0} />
    </div>
  );
}

function SchemaNode({ node, depth, label }: { node: SchemaView; depth: number; label?: string }) {
  const head = (
    <span className="api-schema__head">
      {label !== undefined && <code className="api-schema__name">{label}</code>}
      <TypeLine node={node} hideTitle={label === node.title} />
    </span>
  );
  const body = (
    <>
      <HtmlBlock className="api-schema__description" html={node.descriptionHtml} />
      <Facts node={node} />
    </>
  );
  if (!expandable(node)) {
    return (
      <div className="api-schema__node api-schema__leaf">
        {head}
        {body}
      </div>
    );
  }
  return (
    <details className="api-schema__node" open={depth < OPEN_LEVELS}>
      <summary>{head}</summary>
      {body}
      <Children node={node} depth={depth + 1} />
    </details>
  );
}

function Children({ node, depth }: { node: SchemaView; depth: number }) {
  const target = node.type === 'array' && node.items && !node.properties ? node.items : node;
  return (
    <>
      {target.properties && target.properties.length > 0 && (
        <ul className="api-schema__props">
          {target.properties.map((property, i) => (
            <li key={`${property.name}-${i}`}>
              <SchemaNode node={property} depth={depth} label={property.name} />
            </li>
          ))}
        </ul>
      )}
      {target.additionalProperties && (
        <ul className="api-schema__props">
          <li>
            <SchemaNode node={target.additionalProperties} depth={depth} label="[key: string]" />
          </li>
        </ul>
      )}
      {target !== node && target.items && <SchemaNode node={target.items} depth={depth} label="items" />}
      {target.composition && <Composition composition={target.composition} depth={depth} />}
      {target.truncated && (
        <p className="api-schema__note">
          Nested deeper than the viewer shows; see the example or the downloadable description.
        </p>
      )}
    </>
  );
}

function Composition({ composition, depth }: { composition: NonNullable<SchemaView['composition']>; depth: number }) {
  return (
    <div className="api-schema__composition">
      <p className="api-schema__composition-label">{COMPOSITION_LABEL[composition.kind]}</p>
      <ul className="api-schema__variants">
        {composition.variants.map((variant, i) => (
          <li key={i}>
            <SchemaNode node={variant} depth={depth} label={variant.title ?? `Option ${i + 1}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function TypeLine({ node, hideTitle = false }: { node: SchemaView; hideTitle?: boolean }) {
  return (
    <span className="api-schema__meta">
      <span className="api-schema__type">{typeText(node)}</span>
      {node.title && !hideTitle && node.type !== 'array' && !node.circular && (
        <span className="api-schema__title">{node.title}</span>
      )}
      {node.format && <span className="api-schema__format">{`<${node.format}>`}</span>}
      {node.required && <span className="api-flag api-flag--required">required</span>}
      {node.nullable && <span className="api-flag">nullable</span>}
      {node.readOnly && <span className="api-flag">read-only</span>}
      {node.writeOnly && <span className="api-flag">write-only</span>}
      {node.deprecated && <span className="api-flag api-flag--deprecated">deprecated</span>}
      {node.circular && <Circular name={node.circular} />}
      {node.type === 'array' && node.items?.circular && <Circular name={node.items.circular} />}
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
