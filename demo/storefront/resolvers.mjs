// Resolvers of the stand-in. They are the same for every stand-in: each request's context carries
// its shop, cart store and origin; one executable schema per published version serves them all.
import { formattedAddress } from './delivery-addresses.mjs';
import { GraphQLError, getNamedType, getNullableType, isListType, isNonNullType, isObjectType, notServedError } from './graphql.mjs';
import { emptyConnection, paginate } from './paging.mjs';
import { executableSchema, mergeResolvers, storefrontSchema } from './schema.mjs';
import { sellingPlanAllocation } from './selling-plans.mjs';

/** Storefront `nodes(ids)` takes at most 250 ids. */
const MAX_NODE_IDS = 250;

const absolute = (path, { origin }) => new URL(path, origin).href;

const truncate = (text, at) => (at != null && at >= 0 && text.length > at ? `${text.slice(0, Math.max(0, at - 1))}…` : text);

/** Whether the Storefront API shows a record: a product, or a part of one, published to its channel. */
function visible(shop, record) {
  const product = record.__typename === 'Product' ? record : record.product;
  return product === undefined || shop.publishedOn(product, 'storefront');
}

/** A product by id; ids of other records (a variant's, say) find nothing, as in the real API. */
function productById(shop, id) {
  const record = shop.node(id);
  return record?.__typename === 'Product' && visible(shop, record) ? record : undefined;
}

const productByHandle = (shop, handle) => {
  const product = shop.productByHandle(handle);
  return product && visible(shop, product) ? product : undefined;
};

function node(id, context) {
  const record = context.shop.node(id);
  if (record) return visible(context.shop, record) ? record : null;
  return context.carts.get(id) ?? context.carts.line(id) ?? null;
}

/** A mutation payload: the cart in its API shape plus the user errors and warnings. */
const payload = ({ cart, userErrors, warnings }) => ({ cart, userErrors, warnings });

const attribute = (source, { key }) => source.attributes.find((candidate) => candidate.key === key) ?? null;

/** HasMetafields.metafields: the demo shop has no metafields, so one null per identifier. */
const metafields = (_source, { identifiers }) => identifiers.map(() => null);

const RESOLVERS = {
  QueryRoot: {
    product: (_root, { id, handle }, { shop }) => (id != null ? productById(shop, id) : productByHandle(shop, handle ?? '')) ?? null,
    shop: (_root, _args, { shop }) => shop.shop,
    node: (_root, { id }, context) => node(id, context),
    nodes: (_root, { ids }, context) => {
      if (ids.length > MAX_NODE_IDS) throw new GraphQLError(`The "ids" argument must not contain more than ${MAX_NODE_IDS} values.`);
      return ids.map((id) => node(id, context));
    },
    cart: (_root, { id }, { carts }) => carts.get(id) ?? null,
  },
  Mutation: {
    cartCreate: (_root, { input }, context) => payload(context.carts.create(input)),
    cartLinesAdd: (_root, { cartId, lines }, { carts }) => payload(carts.linesAdd(cartId, lines)),
    cartLinesRemove: (_root, { cartId, lineIds }, { carts }) => payload(carts.linesRemove(cartId, lineIds)),
    cartAttributesUpdate: (_root, { cartId, attributes }, { carts }) => payload(carts.attributesUpdate(cartId, attributes)),
    cartBuyerIdentityUpdate: (_root, { cartId, buyerIdentity }, { carts }) => payload(carts.buyerIdentityUpdate(cartId, buyerIdentity)),
    cartDeliveryAddressesReplace: (_root, { cartId, addresses }, context) => payload(context.carts.deliveryAddressesReplace(cartId, addresses)),
    cartDiscountCodesUpdate: (_root, { cartId, discountCodes }, { carts }) => payload(carts.discountCodesUpdate(cartId, discountCodes)),
  },
  Product: {
    description: (product, { truncateAt }) => truncate(product.descriptionText, truncateAt),
    variants: (product, args) => paginate(product.variantList, args),
    images: (product, args) => paginate(product.imageList, args),
    media: (product, args) => paginate(product.mediaList, args),
    options: (product, { first }) => (first == null ? product.optionList : product.optionList.slice(0, first)),
    // "If no variants are available, the first variant is returned."
    selectedOrFirstAvailableVariant: (product, { selectedOptions }) =>
      variantFor(product, selectedOptions) ?? product.variantList.find((variant) => variant.availableForSale) ?? product.variantList[0],
    variantBySelectedOptions: (product, { selectedOptions }) => variantFor(product, selectedOptions) ?? null,
  },
  Image: {
    url: (image, _args, context) => absolute(image.path, context),
    src: (image, _args, context) => absolute(image.path, context),
    originalSrc: (image, _args, context) => absolute(image.path, context),
    transformedSrc: (image, _args, context) => absolute(image.path, context),
  },
  Shop: {
    primaryDomain: (_shop, _args, { origin }) => {
      const url = new URL(origin);
      return { host: url.host, sslEnabled: url.protocol === 'https:', url: url.origin };
    },
  },
  ShopPolicy: { url: (policy, _args, context) => absolute(policy.path, context) },
  PaymentSettings: { cardVaultUrl: (_settings, _args, context) => absolute('/demo-checkout/', context) },
  Cart: {
    lines: (cart, args) => paginate(cart.lineViews, args, (line) => line.seq),
    checkoutUrl: (cart, _args, context) => absolute(`/demo-checkout/${cart.token}`, context),
    attribute,
    delivery: (cart) => cart.delivery,
  },
  // `selected: true` keeps the selected address only; the default (false) lists them all.
  CartDelivery: { addresses: ({ addressList }, { selected }) => (selected ? addressList.filter((entry) => entry.selected) : addressList) },
  CartDeliveryAddress: { formatted: (address, args) => formattedAddress(address, args) },
  CartLine: { attribute },
  ComponentizableCartLine: { attribute },
};

/** The monthly plan's selling plans (selling-plans.mjs): groups, their plans, each variant's allocations. */
const SELLING_PLAN_RESOLVERS = {
  Product: { sellingPlanGroups: (product, args) => paginate(product.sellingPlanGroupList, args) },
  ProductVariant: {
    sellingPlanAllocations: (variant, args) =>
      paginate(variant.sellingPlans.map((sellingPlan) => sellingPlanAllocation(sellingPlan, variant.pricePence)), args),
  },
  SellingPlanGroup: { sellingPlans: (group, args) => paginate(group.planList, args) },
};

function variantFor(product, selectedOptions) {
  if (!selectedOptions?.length) return undefined;
  return product.variantList.find((variant) =>
    selectedOptions.every(({ name, value }) => variant.selectedOptions.some((option) => option.name === name && option.value === value)),
  );
}

/** Root fields the demo shop does not serve answer an error naming them, never a made-up value. */
function notServed(schema) {
  const refuse = (typeName) => {
    const fields = schema.getType(typeName).getFields();
    const served = RESOLVERS[typeName];
    return Object.fromEntries(
      Object.keys(fields)
        .filter((name) => !(name in served))
        .map((name) => [name, () => { throw notServedError(`${typeName}.${name}`, 'Storefront'); }]),
    );
  };
  const hasMetafields = schema.getPossibleTypes(schema.getType('HasMetafields'));
  return {
    QueryRoot: refuse('QueryRoot'),
    Mutation: refuse('Mutation'),
    ...Object.fromEntries(hasMetafields.map((type) => [type.name, { metafields }])),
  };
}

/**
 * Fields the stand-in's records leave out (or hold as null, as an input left them): null where the
 * schema allows it, an empty list or connection where it does not, an empty object for a required
 * object (its own fields then follow these rules), and an error naming the field for a required scalar.
 */
export function fallbackResolver(source, _args, _context, info) {
  const value = source?.[info.fieldName];
  if (value != null || !isNonNullType(info.returnType)) return value ?? null;
  const type = getNullableType(info.returnType);
  if (isListType(type)) return [];
  const named = getNamedType(type);
  if (named.name.endsWith('Connection')) return emptyConnection();
  if (isObjectType(named)) return {};
  throw notServedError(`${info.parentType.name}.${info.fieldName}`, 'Storefront');
}

const schemas = new Map();

/** The executable Storefront schema of the stand-in at a published `version`, built once per process. */
export function standInSchema(version) {
  if (!schemas.has(version)) {
    const schema = storefrontSchema(version);
    schemas.set(version, executableSchema(schema, mergeResolvers(notServed(schema), RESOLVERS, SELLING_PLAN_RESOLVERS)));
  }
  return schemas.get(version);
}
