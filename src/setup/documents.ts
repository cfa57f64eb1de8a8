/**
 * Every Admin API document the set-up command sends; tests validate each, with the variables the
 * command builds, against Shopify's published schema of the pinned and the oldest accepted version.
 */

/** What the set-up reads of a product to tell what would change, found by handle. */
const EXISTING_PRODUCT = /* GraphQL */ `
  fragment ExistingProduct on Product {
    id
    handle
    title
    status
    options(first: 3) { name }
    variants(first: 100) {
      nodes {
        id
        sku
        price
        selectedOptions { name value }
        inventoryItem { requiresShipping }
      }
    }
  }`;

/** The token's app and the scopes it was granted: asked first, as it needs no scope itself. */
export const SETUP_ACCESS_QUERY = /* GraphQL */ `
  query SetupAccess {
    currentAppInstallation {
      app { id title }
      accessScopes { handle }
    }
  }`;

/** The sales channels' publications, with the apps each belongs to (the token's own among them). */
export const SETUP_PUBLICATIONS_QUERY = /* GraphQL */ `
  query SetupPublications {
    publications(first: 50, catalogType: APP) {
      nodes {
        id
        catalog {
          title
          ... on AppCatalog { apps(first: 5) { nodes { id handle } } }
        }
      }
    }
  }`;

/**
 * Products by handle, `count` at a time in one request (a direct lookup, not a search, so a product
 * made a moment ago is found), each with whether it is published to each of `publications` publications.
 */
export function existingProductsQuery(count: number, publications: number): string {
  const variables = [
    ...Array.from({ length: count }, (_, index) => `$handle${index}: String!`),
    ...Array.from({ length: publications }, (_, index) => `$publication${index}: ID!`),
  ];
  const published = Array.from({ length: publications }, (_, index) => `published${index}: publishedOnPublication(publicationId: $publication${index})`).join('\n      ');
  const lookups = Array.from(
    { length: count },
    (_, index) => `product${index}: productByIdentifier(identifier: { handle: $handle${index} }) {
      ...ExistingProduct
      ${published}
    }`,
  ).join('\n    ');
  return `query ExistingProducts(${variables.join(', ')}) {
    ${lookups}
  }
${EXISTING_PRODUCT}`;
}

/** One product set to the catalogue's state, found by its handle or made (Shopify's upsert). */
export const SETUP_PRODUCT_MUTATION = /* GraphQL */ `
  mutation SetupProduct($identifier: ProductSetIdentifiers!, $input: ProductSetInput!) {
    productSet(identifier: $identifier, input: $input, synchronous: true) {
      product { ...ExistingProduct }
      userErrors { field code message }
    }
  }
${EXISTING_PRODUCT}`;

export const SETUP_PUBLISH_MUTATION = /* GraphQL */ `
  mutation SetupPublish($id: ID!, $input: [PublicationInput!]!) {
    publishablePublish(id: $id, input: $input) {
      userErrors { field message }
    }
  }`;
