/**
 * Other pages' routes as a page's parse reads them to resolve its links to Markdown files: the
 * route of one file, or the routes of the files whose path ends a certain way (a broken link's
 * hint names the doc in other docs versions). Queries, not the whole table, so that what a parse
 * read can be recorded and a kept parse reused while every answer is the same.
 */
export interface DocRoutes {
  routeOf(file: string): string | undefined;
  routesEndingWith(suffix: string): string[];
}

/** Markdown path → route, for every page of the site (pages left out for a clash too). */
export type DocRouteTable = ReadonlyMap<string, string>;

export const NO_ROUTES: DocRoutes = { routeOf: () => undefined, routesEndingWith: () => [] };

export function docRoutesOf(table: DocRouteTable): DocRoutes {
  return {
    routeOf: (file) => table.get(file),
    routesEndingWith: (suffix) => [...table].filter(([file]) => file.endsWith(suffix)).map(([, route]) => route),
  };
}

/** A query as recorded: its kind and argument, answered by `answerRouteQuery`. */
const ROUTE_OF = 'route-of:';
const ENDING_WITH = 'routes-ending-with:';

/** The answer to a recorded query from a route table (JSON, so that "no page" is an answer too). */
export function answerRouteQuery(table: DocRouteTable, query: string): string | undefined {
  if (query.startsWith(ROUTE_OF)) return JSON.stringify(table.get(query.slice(ROUTE_OF.length)) ?? null);
  if (query.startsWith(ENDING_WITH))
    return JSON.stringify(docRoutesOf(table).routesEndingWith(query.slice(ENDING_WITH.length)));
  return undefined;
}

/** `routes` that records every query and its answer in `reads` (in the order asked; repeats once). */
export function recordingDocRoutes(routes: DocRoutes, reads: [string, string][]): DocRoutes {
  const asked = new Set<string>();
  const record = <T>(query: string, answer: T): T => {
    if (!asked.has(query)) {
      asked.add(query);
      reads.push([query, JSON.stringify(answer ?? null)]);
    }
    return answer;
  };
  return {
    routeOf: (file) => record(`${ROUTE_OF}${file}`, routes.routeOf(file)),
    routesEndingWith: (suffix) => record(`${ENDING_WITH}${suffix}`, routes.routesEndingWith(suffix)),
  };
}
