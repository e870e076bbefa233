/**
 * Description headings get ids from their text, so '## Parameters' in a description would
 * repeat the page's own `parameters` id. Such ids (and their hash links) get a `-1`, `-2` …
 * suffix; the page's own sections keep the ids that links rely on.
 */
export function renameReservedIds(
  html: string,
  anchors: readonly string[],
  isReserved: (id: string) => boolean,
): { html: string; anchors: string[] } {
  const taken = new Set(anchors);
  let out = html;
  const renamed = anchors.map((id) => {
    if (!isReserved(id)) return id;
    let n = 1;
    while (taken.has(`${id}-${n}`) || isReserved(`${id}-${n}`)) n++;
    const fresh = `${id}-${n}`;
    taken.add(fresh);
    out = out
      .split(` id="${id}"`)
      .join(` id="${fresh}"`)
      .split(`class="hash-link" href="#${id}"`)
      .join(`class="hash-link" href="#${fresh}"`);
    return fresh;
  });
  return { html: out, anchors: renamed };
}
