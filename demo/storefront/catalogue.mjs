// The demo shop's products, seeded from the configurator's catalogue: the Charge Point, one installation product whose variants are the installation options
// (the installation step reads its title, description and first image), and one product per cable,
// add-on and offer, so every variant the element adds to a cart exists here. Colours are no products
// (the charger's line names them), so nothing here sells for £0.00 but the catalogue's own items.
// The Admin API stand-in adds and changes products too, and publishes them: the Storefront API
// sees only products published to the storefront app's publication, a theme only the Online Store's.
import { escapeHtml } from '../http.mjs';
import { moneyV2 } from './money.mjs';
import { offerMonthlyPlan } from './selling-plans.mjs';

/** Seeded records carry one fixed date, so answers are the same on every run. */
const SEEDED_AT = '2025-01-06T09:00:00Z';

export const SHOP_NAME = 'Charge Point demo shop';

/** The demo shop's two sales channels: its theme, and the custom app whose Storefront token the pages use. */
export const PUBLICATIONS = [
  { id: 'gid://shopify/Publication/46100001', name: 'Online Store', channel: 'online-store', app: { id: 'gid://shopify/App/580111', handle: 'online_store', title: 'Online Store' } },
  // The custom app whose Admin token the set-up command and handlers use and whose Storefront token the pages carry.
  { id: 'gid://shopify/Publication/46100002', name: 'Charge Point configurator', channel: 'storefront', app: { id: 'gid://shopify/App/46100', handle: null, title: 'Charge Point configurator' } },
];
export const publicationOf = (channel) => PUBLICATIONS.find((publication) => publication.channel === channel).id;

/** The most of one variant a cart line may hold; more is answered with MAXIMUM_EXCEEDED (CART-4). */
export const MAX_QUANTITY = 999;

const numericTail = (gid) => /\/(\d+)$/.exec(gid)?.[1];

/** The demo's pictures of the two products the element shows one of. */
const IMAGES = {
  'Charge Point': { name: 'charge-point', alt: 'The Charge Point on a wall' },
  Installation: { name: 'installation', alt: 'A charger installed on a house wall' },
};

/** The catalogue item a shop variant stands for (domain/shop-products.ts `CatalogueSlot`). */
const itemOf = (catalogue, slot) => (slot.list === 'baseProduct' ? catalogue.baseProduct : catalogue[slot.list].find((item) => item.id === slot.id));

/**
 * The product records before ids are settled, from the products the set-up command makes for the
 * catalogue (`shopProducts`): the catalogue's own variant ids, the charger's product id, the pictures.
 */
function productDrafts(catalogue, products) {
  return products.map((spec) => ({
    ...(spec.productType === 'Charge Point' && { id: catalogue.baseProduct.productId }),
    handle: spec.handle,
    title: spec.title,
    productType: spec.productType,
    description: spec.description,
    image: IMAGES[spec.productType],
    optionName: spec.optionName,
    variants: spec.variants
      .map((variant) => ({ id: itemOf(catalogue, variant.slot)?.variantId, title: variant.title, sku: variant.sku, price: variant.price, requiresShipping: variant.requiresShipping }))
      .filter((variant) => variant.id !== undefined),
  }));
}

function image(index, { name, alt }) {
  return {
    __typename: 'Image',
    id: `gid://shopify/ProductImage/${index}`,
    // Relative: the Image.url resolver makes it absolute on the origin the request came to.
    path: `/demo-images/${name}.png?v=1`,
    altText: alt,
    width: 800,
    height: 800,
  };
}

export function productRecord(draft, id, index) {
  const img = draft.image ? image(index, draft.image) : null;
  const media = img
    ? [{ __typename: 'MediaImage', id: `gid://shopify/MediaImage/${index}`, alt: img.altText, mediaContentType: 'IMAGE', image: img, previewImage: img }]
    : [];
  const optionName = draft.optionName ?? 'Title';
  const product = {
    __typename: 'Product',
    id,
    handle: draft.handle,
    title: draft.title,
    descriptionText: draft.description,
    descriptionHtml: `<p>${escapeHtml(draft.description)}</p>`,
    productType: draft.productType,
    vendor: SHOP_NAME,
    tags: draft.productType ? [draft.productType.toLowerCase()] : [],
    createdAt: SEEDED_AT,
    updatedAt: SEEDED_AT,
    publishedAt: SEEDED_AT,
    // Live: `POST /api/_control` re-prices variants and takes them off sale.
    get availableForSale() {
      return this.variantList.some((variant) => variant.availableForSale);
    },
    get minPricePence() {
      return Math.min(...this.variantList.map((variant) => variant.pricePence));
    },
    get priceRange() {
      const prices = this.variantList.map((variant) => variant.pricePence);
      return { minVariantPrice: moneyV2(Math.min(...prices)), maxVariantPrice: moneyV2(Math.max(...prices)) };
    },
    /** Ids of the publications the product is published to. */
    publishedTo: new Set(draft.publishedTo ?? []),
    /** The draft's picture, so a product the Admin API sets again keeps it. */
    imageDraft: draft.image,
    status: draft.status ?? 'ACTIVE',
    sellingPlanGroupList: [],
    isGiftCard: false,
    requiresSellingPlan: false,
    seo: { title: draft.title, description: draft.description },
    featuredImage: img,
    imageList: img ? [img] : [],
    mediaList: media,
  };
  product.variantList = draft.variants.map((variant) => {
    const title = variant.title ?? 'Default Title';
    return {
      __typename: 'ProductVariant',
      id: variant.id,
      title,
      sku: variant.sku,
      /** The catalogue's price, which `{ "reset": true }` restores. */
      seedPence: variant.price,
      pricePence: variant.price,
      get price() {
        return moneyV2(this.pricePence);
      },
      get priceV2() {
        return moneyV2(this.pricePence);
      },
      availableForSale: true,
      sellingPlans: [],
      // "Out of stock but still available for purchase" (back-orders): the demo shop takes none.
      currentlyNotInStock: false,
      // Not tracked while on sale; none left once taken off sale.
      get quantityAvailable() {
        return this.availableForSale ? null : 0;
      },
      requiresShipping: variant.requiresShipping,
      requiresComponents: false,
      taxable: true,
      weightUnit: 'KILOGRAMS',
      image: img,
      selectedOptions: [{ name: optionName, value: title }],
      quantityRule: { minimum: 1, maximum: MAX_QUANTITY, increment: 1 },
      product,
    };
  });
  product.compareAtPriceRange = { minVariantPrice: moneyV2(0), maxVariantPrice: moneyV2(0) };
  product.variantsCount = { count: product.variantList.length, precision: 'EXACT' };
  product.optionList = [
    {
      __typename: 'ProductOption',
      id: `gid://shopify/ProductOption/${index}`,
      name: optionName,
      values: product.variantList.map((variant) => variant.title),
      optionValues: product.variantList.map((variant, position) => ({
        __typename: 'ProductOptionValue',
        id: `gid://shopify/ProductOptionValue/${index * 1000 + position}`,
        name: variant.title,
        firstSelectableVariant: variant,
      })),
    },
  ];
  return product;
}

const POLICIES = [
  ['privacyPolicy', 'privacy-policy', 'Privacy policy', 'This demo shop keeps carts in memory only, forgets them when the demo server stops and never sends them anywhere.'],
  ['termsOfService', 'terms-of-service', 'Terms of service', 'This is a demonstration shop. Nothing is sold, no payment is taken and no order is placed.'],
  ['refundPolicy', 'refund-policy', 'Refund policy', 'As nothing is paid in the demo shop, there is nothing to refund.'],
  ['shippingPolicy', 'shipping-policy', 'Shipping policy', 'In the real shop, chargers normally ship within 10 working days, to mainland UK only.'],
];

/**
 * Everything the demo shop sells and says about itself, indexed for the resolvers: products in
 * seed order, variants, the shop with its policies, and the discount codes of
 * the catalogue's partner discounts. `productSpecs` are the products the set-up command would make
 * for the catalogue (`shopProducts` of dist/server.js), so the prefilled shop is what it makes.
 */
export function seedShop(catalogue, productSpecs) {
  const products = [];
  const variants = new Map();
  /** Numbers for products and variants the Admin API makes, apart from the catalogue's. */
  let nextNumber = 47_000_000_000;
  const newId = (type) => `gid://shopify/${type}/${nextNumber++}`;

  /** Indexes a product record, its variants, media and options. */
  function addProduct(product) {
    products.push(product);
    for (const variant of product.variantList) variants.set(variant.id, variant);
    [product, ...product.variantList, ...product.mediaList, ...product.optionList].forEach(index);
  }

  /** The catalogue's products, published everywhere, with the monthly plan's selling plans. */
  function seed() {
    const usedIds = new Set();
    let fallbackId = 9_000_000_000;
    const seeded = [];
    productDrafts(catalogue, productSpecs).forEach((draft) => {
      // A merchant catalogue may reuse a variant for two items; the first item keeps it.
      const fresh = { ...draft, variants: draft.variants.filter((variant) => !variants.has(variant.id)) };
      if (fresh.variants.length === 0) return;
      // Product ids follow the first variant's number, so the ids read alike in the demo.
      let id = draft.id ?? `gid://shopify/Product/${numericTail(fresh.variants[0].id) ?? fallbackId++}`;
      while (usedIds.has(id)) id = `gid://shopify/Product/${fallbackId++}`;
      usedIds.add(id);
      const product = productRecord({ ...fresh, publishedTo: PUBLICATIONS.map((publication) => publication.id) }, id, seeded.length + 1);
      seeded.push(product);
      addProduct(product);
    });
    offerMonthlyPlan(seeded, catalogue);
  }

  const policies = Object.fromEntries(
    POLICIES.map(([field, handle, title, text], index) => [
      field,
      { __typename: 'ShopPolicy', id: `gid://shopify/ShopPolicy/${index + 1}`, handle, title, body: `<p>${escapeHtml(text)}</p>`, path: `/demo-policies/${handle}` },
    ]),
  );
  const shop = {
    __typename: 'Shop',
    id: 'gid://shopify/Shop/46100',
    name: SHOP_NAME,
    description: 'The demo shop behind the EV charger configurator examples.',
    moneyFormat: '£{{amount}}',
    shipsToCountries: ['GB'],
    paymentSettings: {
      countryCode: 'GB',
      currencyCode: 'GBP',
      enabledPresentmentCurrencies: ['GBP'],
      acceptedCardBrands: ['VISA', 'MASTERCARD', 'AMERICAN_EXPRESS'],
    },
    ...policies,
  };

  /**
   * Codes by lower case: the catalogue's shared codes, and the single-use ones the Admin API
   * stand-in adds (`usageLimit: 1`), which the first cart they are applied to holds (`heldBy`).
   */
  const discounts = new Map();
  const seedDiscounts = () => {
    for (const discount of catalogue.discounts) {
      if (discount.code && discount.value > 0) discounts.set(discount.code.toLowerCase(), { code: discount.code, title: discount.name, value: discount.value });
    }
  };
  seedDiscounts();
  /** Codes of `discounts` the shop does not honour for now (`POST /api/_control`), lower case. */
  const rejectedCodes = new Set();
  /**
   * `applies`, `rejected` (exists, not honoured), `used` (single-use and held by another cart than
   * `holder`) or `unknown`; shop codes ignore case.
   */
  const codeStanding = (code, holder) => {
    const key = code.toLowerCase();
    const discount = discounts.get(key);
    if (!discount) return 'unknown';
    if (rejectedCodes.has(key)) return 'rejected';
    return discount.usageLimit === 1 && discount.heldBy !== undefined && discount.heldBy !== holder ? 'used' : 'applies';
  };

  const nodes = new Map();
  function index(record) {
    nodes.set(record.id, record);
  }
  const indexShop = () => [shop, ...Object.values(policies)].forEach(index);
  indexShop();
  seed();

  /** Listeners told when the shop is emptied: the cart stores, whose carts name its variants. */
  const emptiedListeners = [];

  return {
    shop,
    products,
    discounts,
    rejectedCodes,
    codeStanding,
    /** Adds a single-use code (the Admin API stand-in's `discountCodeBasicCreate`): a fixed amount off the order. */
    addSingleUseCode: ({ code, title, value }) => discounts.set(code.toLowerCase(), { code, title, value, usageLimit: 1 }),
    /** The cart `holder` now holds each free single-use code among `codes`: the first cart a code is applied to. */
    holdCodes: (codes, holder) => {
      for (const code of codes) {
        const discount = discounts.get(code.toLowerCase());
        if (discount?.usageLimit === 1 && discount.heldBy === undefined) discount.heldBy = holder;
      }
    },
    /**
     * The order discount `codes` earn on `subtotal` in the cart `holder`: the best code the shop
     * honours there (the partner discounts do not combine), capped at the subtotal; undefined when
     * none applies.
     */
    orderDiscount: (codes, subtotal, holder) => {
      const best = codes
        .filter((code) => codeStanding(code, holder) === 'applies' && subtotal > 0)
        .map((code) => ({ ...discounts.get(code.toLowerCase()), code }))
        .reduce((found, candidate) => (!found || candidate.value > found.value ? candidate : found), undefined);
      return best && { ...best, pence: Math.min(best.value, subtotal) };
    },
    policies: Object.values(policies),
    /** The product CART-7 queries for the installation's title, description and image. */
    get installationProductId() {
      const installation = catalogue.installations[0] && variants.get(catalogue.installations[0].variantId);
      return installation?.product.id ?? null;
    },
    variant: (id) => variants.get(id),
    node: (id) => nodes.get(id),
    productByHandle: (handle) => products.find((product) => product.handle === handle),
    /** Whether `product` is published to a channel: `storefront` (the Storefront API) or `online-store` (the theme). */
    publishedOn: (product, channel) => product.publishedTo.has(publicationOf(channel)) && product.status === 'ACTIVE',
    /** A product made through the Admin API from a draft (productRecord's shape), unpublished; ids made here. */
    createProduct(draft) {
      const product = productRecord(
        { ...draft, variants: draft.variants.map((variant) => ({ ...variant, id: newId('ProductVariant') })) },
        newId('Product'),
        products.length + 1,
      );
      addProduct(product);
      return product;
    },
    /**
     * `existing` set to `draft` (the Admin API's productSet): same id, picture and publications; its
     * variants with an id kept (with their selling plans), new ones made, the rest deleted.
     */
    replaceProduct(existing, draft) {
      const at = products.indexOf(existing);
      const record = productRecord(
        {
          ...draft,
          image: existing.imageDraft,
          publishedTo: [...existing.publishedTo],
          variants: draft.variants.map((variant) => ({ ...variant, id: variant.id ?? newId('ProductVariant') })),
        },
        existing.id,
        at + 1,
      );
      record.vendor = existing.vendor;
      record.tags = existing.tags;
      for (const variant of record.variantList) variant.sellingPlans = existing.variantList.find((before) => before.id === variant.id)?.sellingPlans ?? [];
      record.sellingPlanGroupList = [...new Set(record.variantList.flatMap((variant) => variant.sellingPlans.map((plan) => plan.group)))];
      for (const part of [...existing.variantList, ...existing.mediaList, ...existing.optionList]) {
        nodes.delete(part.id);
        variants.delete(part.id);
      }
      products[at] = record;
      for (const variant of record.variantList) variants.set(variant.id, variant);
      [record, ...record.variantList, ...record.mediaList, ...record.optionList].forEach(index);
      return record;
    },
    /** No products, variants, discounts or carts: a shop for the set-up command to fill. */
    empty() {
      products.length = 0;
      variants.clear();
      nodes.clear();
      indexShop();
      discounts.clear();
      rejectedCodes.clear();
      for (const listener of emptiedListeners) listener();
    },
    /** The catalogue's products and codes again, as seeded, in place of whatever products the shop holds; carts stay. */
    reseed() {
      products.length = 0;
      variants.clear();
      nodes.clear();
      indexShop();
      seed();
      seedDiscounts();
    },
    onEmptied: (listener) => emptiedListeners.push(listener),
  };
}
