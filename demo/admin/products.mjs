// The Admin API stand-in's products: `productByIdentifier`, `products`, `productSet` (a product set
// to the state its input gives: options, variants with price and SKU; variants not listed are
// deleted), `publications` and `publishablePublish`, over the same shop the Storefront and theme
// stand-ins sell from. What Shopify checks in a product set (options present and matching each
// variant's option values, no two variants alike, a handle taken by another product) answers its
// `userErrors`; what the demo shop does not model (files, metafields, inventory, bundles) is refused
// with INVALID_INPUT rather than ignored.
import { PUBLICATIONS } from '../storefront/catalogue.mjs';
import { adminMoney } from '../storefront/money.mjs';
import { paginate } from '../storefront/paging.mjs';
import { notServedError } from '../storefront/graphql.mjs';

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

/** Shopify makes a handle of the title when none is given. */
const handleOf = (title) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const userError = (field, code, message) => ({ field, code, message });

/** Input fields the demo shop does not model: refused by name rather than silently dropped. */
const UNMODELLED_PRODUCT = ['files', 'metafields', 'collections', 'claimOwnership', 'combinedListingRole', 'category', 'giftCard', 'giftCardTemplateSuffix', 'requiresSellingPlan'];
const UNMODELLED_VARIANT = ['file', 'metafields', 'inventoryQuantities', 'requiresComponents', 'unitPriceMeasurement'];

export function productResolvers({ shop }) {
  const appView = (app) => ({ __typename: 'App', id: app.id, handle: app.handle, title: app.title });
  const publicationView = (publication) => ({
    __typename: 'Publication',
    id: publication.id,
    name: publication.name,
    autoPublish: false,
    supportsFuturePublishing: false,
    catalog: {
      __typename: 'AppCatalog',
      id: publication.id.replace('Publication', 'AppCatalog'),
      title: publication.name,
      status: 'ACTIVE',
      apps: (page) => paginate([appView(publication.app)], page),
    },
  });

  function variantView(variant, product) {
    return {
      __typename: 'ProductVariant',
      id: variant.id,
      title: variant.title,
      sku: variant.sku ?? null,
      price: adminMoney(variant.pricePence),
      availableForSale: variant.availableForSale,
      position: product.variantList.indexOf(variant) + 1,
      taxable: variant.taxable,
      selectedOptions: variant.selectedOptions.map(({ name, value }) => ({ name, value })),
      inventoryItem: { __typename: 'InventoryItem', id: variant.id.replace('ProductVariant', 'InventoryItem'), sku: variant.sku ?? null, requiresShipping: variant.requiresShipping, tracked: false },
      product: () => productView(product),
    };
  }

  function productView(product) {
    return {
      __typename: 'Product',
      id: product.id,
      handle: product.handle,
      title: product.title,
      status: product.status,
      productType: product.productType,
      vendor: product.vendor,
      descriptionHtml: product.descriptionHtml,
      tags: product.tags,
      variants: (args) => paginate(product.variantList.map((variant) => variantView(variant, product)), args),
      variantsCount: { count: product.variantList.length, precision: 'EXACT' },
      options: ({ first } = {}) =>
        product.optionList.slice(0, first ?? undefined).map((option, index) => ({
          id: option.id,
          name: option.name,
          position: index + 1,
          values: option.values,
          optionValues: option.optionValues.map((value) => ({ id: value.id, name: value.name, hasVariants: true })),
        })),
      publishedOnPublication: ({ publicationId }) => product.publishedTo.has(publicationId),
    };
  }

  const findProduct = ({ id, handle }) =>
    id != null ? shop.products.find((product) => product.id === id) : handle != null ? shop.productByHandle(handle) : undefined;

  /** What Shopify refuses in a productSet input, with paths under `input`; empty when it would run. */
  function setProblems(input, existing) {
    const errors = [];
    for (const field of UNMODELLED_PRODUCT) {
      if (input[field] != null) errors.push(userError(['input', field], 'INVALID_INPUT', `The demo shop does not keep ${field}.`));
    }
    if (!existing && !input.title) errors.push(userError(['input', 'title'], 'INVALID_PRODUCT', "Title can't be blank"));
    const handle = input.handle ?? (existing ? undefined : input.title && handleOf(input.title));
    const holder = handle && shop.productByHandle(handle);
    if (holder && holder !== existing) errors.push(userError(['input', 'handle'], 'HANDLE_NOT_UNIQUE', `Handle '${handle}' already in use. Please provide a new handle.`));
    const variants = input.variants ?? [];
    const options = input.productOptions;
    if (variants.length > 0 && !options) errors.push(userError(['input', 'productOptions'], 'PRODUCT_OPTIONS_INPUT_MISSING', 'Product options input is missing.'));
    if (options && variants.length === 0) errors.push(userError(['input', 'variants'], 'VARIANTS_INPUT_MISSING', 'Variants input is missing.'));
    if (!options || variants.length === 0) return errors;
    const names = options.map((option) => option.name);
    if (new Set(names).size !== names.length) errors.push(userError(['input', 'productOptions'], 'DUPLICATED_OPTION_NAME', 'Duplicated option name.'));
    const seen = new Set();
    variants.forEach((variant, index) => {
      const at = ['input', 'variants', String(index)];
      for (const field of UNMODELLED_VARIANT) {
        if (variant[field] != null) errors.push(userError([...at, field], 'INVALID_INPUT', `The demo shop does not keep ${field}.`));
      }
      if (variant.id != null && !existing?.variantList.some((candidate) => candidate.id === variant.id)) {
        errors.push(userError([...at, 'id'], 'PRODUCT_VARIANT_DOES_NOT_EXIST', `Product variant does not exist: ${variant.id}`));
      }
      if (variant.price != null && !MONEY.test(String(variant.price))) errors.push(userError([...at, 'price'], 'INVALID_VARIANT', 'Price must be a decimal amount.'));
      const values = variant.optionValues.map((value) => {
        const option = options.find((candidate) => candidate.name === value.optionName);
        if (!option) errors.push(userError([...at, 'optionValues'], 'OPTION_DOES_NOT_EXIST', `Option does not exist: ${value.optionName}`));
        else if (!(option.values ?? []).some((candidate) => candidate.name === value.name)) {
          errors.push(userError([...at, 'optionValues'], 'OPTION_VALUE_DOES_NOT_EXIST', `Option value does not exist: ${value.name}`));
        }
        return `${value.optionName}=${value.name}`;
      });
      if (values.length !== options.length) errors.push(userError([...at, 'optionValues'], 'OPTION_VALUES_MISSING', 'Each variant needs a value for every option.'));
      const key = values.sort().join('|');
      if (seen.has(key)) errors.push(userError([...at, 'optionValues'], 'DUPLICATED_OPTION_VALUE', 'The variant already exists.'));
      seen.add(key);
    });
    return errors;
  }

  /** The productRecord draft of an input, over an existing product's fields where the input is silent. */
  function draftOf(input, existing) {
    const title = input.title ?? existing?.title;
    const option = input.productOptions?.[0]?.name ?? existing?.optionList[0]?.name ?? 'Title';
    const description = input.descriptionHtml != null ? input.descriptionHtml.replace(/<[^>]*>/g, '') : existing?.descriptionText ?? '';
    return {
      handle: input.handle ?? existing?.handle ?? handleOf(title),
      title,
      productType: input.productType ?? existing?.productType ?? '',
      description,
      status: input.status ?? existing?.status ?? 'ACTIVE',
      optionName: option,
      variants: (input.variants ?? []).map((variant) => {
        const before = variant.id != null ? existing?.variantList.find((candidate) => candidate.id === variant.id) : undefined;
        return {
          id: before?.id,
          title: variant.optionValues.map((value) => value.name).join(' / '),
          sku: variant.sku ?? variant.inventoryItem?.sku ?? before?.sku ?? null,
          price: variant.price != null ? Math.round(Number(variant.price) * 100) : before?.pricePence ?? 0,
          requiresShipping: variant.inventoryItem?.requiresShipping ?? before?.requiresShipping ?? true,
        };
      }),
    };
  }

  function productSet({ identifier, input }) {
    const existing = identifier ? findProduct(identifier) : undefined;
    if (identifier?.id != null && !existing) {
      return { product: null, productSetOperation: null, userErrors: [userError(['identifier', 'id'], 'PRODUCT_DOES_NOT_EXIST', 'Product does not exist')] };
    }
    const userErrors = setProblems(input, existing);
    if (userErrors.length > 0) return { product: null, productSetOperation: null, userErrors };
    const draft = draftOf(input, existing);
    const product = existing ? shop.replaceProduct(existing, draft) : shop.createProduct(draft);
    if (input.vendor != null) product.vendor = input.vendor;
    if (input.tags != null) product.tags = input.tags;
    return { product: productView(product), productSetOperation: null, userErrors: [] };
  }

  function publishablePublish({ id, input }) {
    const product = shop.node(id);
    if (product?.__typename !== 'Product') return { publishable: null, shop: {}, userErrors: [{ field: ['id'], message: 'Resource does not exist' }] };
    const unknown = input.findIndex((entry) => !PUBLICATIONS.some((publication) => publication.id === entry.publicationId));
    if (unknown !== -1) return { publishable: null, shop: {}, userErrors: [{ field: ['input', String(unknown), 'publicationId'], message: 'Publication does not exist' }] };
    for (const entry of input) product.publishedTo.add(entry.publicationId);
    return { publishable: productView(product), shop: {}, userErrors: [] };
  }

  return {
    query: {
      productByIdentifier: ({ identifier }) => {
        const product = findProduct(identifier);
        return product ? productView(product) : null;
      },
      products: ({ query, ...page }) => {
        // Shopify's search syntax is not modelled: a filtered list would be made up.
        if (query != null) throw notServedError('QueryRoot.products(query:)', 'Admin');
        return paginate(shop.products.map(productView), page);
      },
      // Every publication here is an app's (the Online Store is one too): catalogType APP lists them all.
      publications: ({ catalogType, ...page }) => paginate(catalogType && catalogType !== 'APP' ? [] : PUBLICATIONS.map(publicationView), page),
    },
    mutation: { productSet, publishablePublish },
    /** A product or variant as a node (`nodes(ids)`), or undefined. */
    node: (id) => {
      const record = shop.node(id);
      if (record?.__typename === 'Product') return productView(record);
      if (record?.__typename === 'ProductVariant') return variantView(record, record.product);
      return undefined;
    },
    /** The app installation a token sees: its scopes, and its own publication (the storefront app's). */
    installation: (scopes) => {
      const own = PUBLICATIONS.find((publication) => publication.channel === 'storefront');
      return {
        __typename: 'AppInstallation',
        id: 'gid://shopify/AppInstallation/46100',
        app: appView(own.app),
        accessScopes: scopes.map((handle) => ({ handle, description: handle })),
        publication: publicationView(own),
      };
    },
  };
}
