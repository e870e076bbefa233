/**
 * The label of a control that names a docs version and may change once the page runs (the
 * reader's preferred version, read from storage after hydration): every version's label stacked
 * in one grid cell, only `shown` visible, so the control is as wide as its longest label from the
 * first paint and switching labels moves nothing. Inline styles: only sites with several docs
 * versions render it, and the site stylesheet stays the same for every other site.
 */
export function VersionLabels({ labels, shown }: { labels: { name: string; label: string }[]; shown: string }) {
  return (
    <span style={{ display: 'inline-grid' }} data-version-labels>
      {labels.map((one) => (
        <span
          key={one.name}
          data-version-label={one.name}
          style={{ gridArea: '1 / 1', visibility: one.name === shown ? undefined : 'hidden' }}
        >
          {one.label}
        </span>
      ))}
    </span>
  );
}
