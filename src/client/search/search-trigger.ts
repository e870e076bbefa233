/**
 * Entry point of search in the client bundle. Until the search UI module is loaded, the navbar's
 * search button is a plain link to the search page, which works without JavaScript too.
 */
export function setupSearchTrigger(): void {}
