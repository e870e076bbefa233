/** Whether a navbar link belongs to the section of `route`; shared by the server render and the client router. */
export function isNavbarLinkActive(prefix: string | undefined, route: string): boolean {
  return Boolean(prefix) && (route === prefix || route.startsWith(`${prefix}/`));
}
