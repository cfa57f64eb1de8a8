// A module of its own: asking the shop for its prices needs it without the theme cart's checkout.
/** The theme's locale-aware root (`Shopify.routes.root`), ending in "/"; "/" outside a Shopify theme. */
export function themeRoot(view: object | null = globalThis): string {
  const root = (view as { Shopify?: { routes?: { root?: unknown } } } | null)?.Shopify?.routes?.root;
  return typeof root === 'string' && root.startsWith('/') ? root.replace(/\/?$/, '/') : '/';
}
