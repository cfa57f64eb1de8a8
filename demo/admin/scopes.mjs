// The access scope each root field the Admin API stand-in serves needs, as Shopify's reference
// gives it for the field (none: any token may ask). A `write_` scope grants its `read_` one.
export const REQUIRED_SCOPE = {
  currentAppInstallation: null,
  shop: null,
  // Each node asks its own type's scope (NODE_SCOPE).
  nodes: null,
  draftOrder: 'read_draft_orders',
  draftOrderCalculate: 'write_draft_orders',
  draftOrderCreate: 'write_draft_orders',
  draftOrderDelete: 'write_draft_orders',
  codeDiscountNodeByCode: 'read_discounts',
  discountCodeBasicCreate: 'write_discounts',
  products: 'read_products',
  productVariants: 'read_products',
  productSet: 'write_products',
  publications: 'read_publications',
  publishablePublish: 'write_publications',
};

/** The scope a node of each type the stand-in serves needs in `nodes(ids)`, as its type's own query does. */
export const NODE_SCOPE = {
  Product: 'read_products',
  ProductVariant: 'read_products',
  DraftOrder: 'read_draft_orders',
};

/** Whether `scopes` (a token's) include `scope`, directly or through its write scope. */
export function grants(scopes, scope) {
  return scopes.includes(scope) || (scope.startsWith('read_') && scopes.includes(`write_${scope.slice('read_'.length)}`));
}
