export interface FieldLinkProps {
  /** Element id of the field. */
  id: string;
  /** What the link's label names, e.g. 'min_time' or 'data.hotspot_count'. */
  name: string;
}

/** The 'Direct link to …' link of a parameter or schema property, like a heading's hash link. */
export function FieldLink({ id, name }: FieldLinkProps) {
  const label = `Direct link to ${name}`;
  return (
    <a className="hash-link" href={`#${id}`} aria-label={label}>
      #
    </a>
  );
}
