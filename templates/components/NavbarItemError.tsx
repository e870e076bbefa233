/** Shown instead of a navbar item that failed to render (spec section 8), for the site's author. */
export function NavbarItemError({ item, error }: { item: unknown; error?: Error }) {
  return (
    <div className="navbar-item-error" role="alert">
      <p>
        A navbar item failed to render. Please double-check the following navbar item (themeConfig.navbar.items) of your
        site configuration:
      </p>
      <pre>{JSON.stringify(item, null, 2)}</pre>
      {error && <p className="navbar-item-error__cause">{error.message}</p>}
    </div>
  );
}
