import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './mini-site.js';

/** The spec's route list (a copy kept in test/spec/, so a fresh clone has it), `{product}` filled in. */
export function specRoutes(product = 'heliumgeek'): string[] {
  const routes = readFileSync(join(REPO, 'test/spec/routes.txt'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((route) => route.replace('{product}', product));
  // A test that loops over no routes checks nothing: an empty or truncated copy is an error, not a pass.
  if (routes.length < 70) throw new Error(`test/spec/routes.txt lists ${routes.length} routes, expected 70`);
  return routes;
}
