import type { Catalogue } from './catalogue/schema';
import type { Pence } from './money';

/**
 * The Shopify products a catalogue sells as cart lines, as the set-up command makes them: the charger,
 * one installation product whose variants are the installation options (its title, description and
 * picture fill the installation step), and one product per cable, add-on and offer. Colours are no
 * products: the charger's line names them in its attributes. Each variant is found again by its SKU,
 * the catalogue's code (an installation's id), and each product by its handle.
 */

/** Where in the catalogue a variant's id goes once the shop has made it. */
export type CatalogueSlot =
  | { list: 'baseProduct' }
  | { list: 'cables' | 'installations' | 'addOns' | 'offers'; id: string };

export interface ShopVariantSpec {
  sku: string;
  /** The option value that names it; "Default Title" for a product of one variant, as Shopify names those. */
  title: string;
  price: Pence;
  requiresShipping: boolean;
  slot: CatalogueSlot;
}

export interface ShopProductSpec {
  handle: string;
  title: string;
  productType: string;
  /** Plain text; written when the product is made, and left to the merchant afterwards. */
  description: string;
  /** The one option its variants differ by; "Title" for a product of one variant. */
  optionName: string;
  variants: ShopVariantSpec[];
}

export const DEFAULT_OPTION = { name: 'Title', value: 'Default Title' } as const;

const INSTALLATION_DESCRIPTION =
  'Installation of your Charge Point by an approved electrician. Premium installations start with a ' +
  'physical survey, standard ones with a remote survey, usually arranged within two weeks of your order. ' +
  'A standard install includes up to 15m of cable, up to 4 hours on site, a 1.8m install height, 7m of ' +
  'trunking, 40A overcurrent protection and a Type A RCD. Weekend installation is £150 including VAT, ' +
  'subject to availability. Mainland UK only.';

const hyphenate = (id: string) => id.replace(/_/g, '-');

const single = (spec: Omit<ShopProductSpec, 'optionName' | 'variants'>, variant: Omit<ShopVariantSpec, 'title'>): ShopProductSpec => ({
  ...spec,
  optionName: DEFAULT_OPTION.name,
  variants: [{ ...variant, title: DEFAULT_OPTION.value }],
});

/** The products `catalogue` needs in the shop, in the order they are set up. */
export function shopProducts(catalogue: Catalogue): ShopProductSpec[] {
  const base = catalogue.baseProduct;
  const products: ShopProductSpec[] = [
    single(
      {
        handle: base.handle ?? 'charge-point',
        title: base.name,
        productType: 'Charge Point',
        description: 'A wall-mounted home charger for electric vehicles, 7kW single phase or 22kW three phase, with a Type 2 socket or a tethered cable.',
      },
      { sku: base.code, price: base.price, requiresShipping: true, slot: { list: 'baseProduct' } },
    ),
  ];
  // Installations share one product per handle (the installation step reads it once).
  const installationHandles = [...new Set(catalogue.installations.map((option) => option.handle ?? 'installation'))];
  for (const handle of installationHandles) {
    products.push({
      handle,
      title: 'Home charger installation',
      productType: 'Installation',
      description: INSTALLATION_DESCRIPTION,
      optionName: 'Installation',
      variants: catalogue.installations
        .filter((option) => (option.handle ?? 'installation') === handle)
        .map((option) => ({ sku: option.id, title: option.longName, price: option.price, requiresShipping: false, slot: { list: 'installations', id: option.id } })),
    });
  }
  for (const cable of catalogue.cables) {
    products.push(
      single(
        { handle: cable.handle ?? `cable-${hyphenate(cable.id)}`, title: cable.name, productType: 'Cable', description: `${cable.name} for the Charge Point.` },
        { sku: cable.code, price: cable.price, requiresShipping: true, slot: { list: 'cables', id: cable.id } },
      ),
    );
  }
  for (const addOn of catalogue.addOns) {
    products.push(
      single(
        { handle: addOn.handle ?? `add-on-${hyphenate(addOn.id)}`, title: addOn.name, productType: 'Add-on', description: `${addOn.name} for the Charge Point.` },
        { sku: addOn.code, price: addOn.price, requiresShipping: true, slot: { list: 'addOns', id: addOn.id } },
      ),
    );
  }
  for (const offer of catalogue.offers) {
    products.push(
      single(
        { handle: offer.handle ?? `offer-${hyphenate(offer.id)}`, title: offer.name, productType: 'Offer', description: `${offer.name}, free with the Charge Point.` },
        { sku: offer.id, price: 0, requiresShipping: true, slot: { list: 'offers', id: offer.id } },
      ),
    );
  }
  return products;
}

/** Why `products` cannot be set up as they are (two products with one handle, two variants with one SKU), or none. */
export function shopProductsProblems(products: readonly ShopProductSpec[]): string[] {
  const problems: string[] = [];
  const handles = new Map<string, string>();
  const skus = new Map<string, string>();
  for (const product of products) {
    const other = handles.get(product.handle);
    if (other !== undefined) problems.push(`"${product.title}" and "${other}" both have the handle ${product.handle}`);
    handles.set(product.handle, product.title);
    for (const variant of product.variants) {
      const owner = skus.get(variant.sku);
      if (owner !== undefined) problems.push(`the SKU ${variant.sku} is used by "${owner}" and "${variant.title === DEFAULT_OPTION.value ? product.title : variant.title}"`);
      skus.set(variant.sku, variant.title === DEFAULT_OPTION.value ? product.title : variant.title);
    }
  }
  return problems;
}

/** The shop's ids of what the set-up made: each product's by handle and each variant's by SKU. */
export interface ShopIds {
  products: Readonly<Record<string, string>>;
  variants: Readonly<Record<string, string>>;
}

/**
 * `catalogue` with the shop's ids and handles in place of its own, ready for the element's `catalog`:
 * every sold item's variant id and product handle, the charger's product id, and its price no longer a
 * demo value. Colours keep no variant id, as they are no products.
 */
export function catalogueWithShopIds(catalogue: Catalogue, products: readonly ShopProductSpec[], ids: ShopIds): Catalogue {
  const place = new Map<string, { variantId: string; handle: string }>();
  for (const product of products) {
    for (const variant of product.variants) {
      const variantId = ids.variants[variant.sku];
      if (variantId === undefined) throw new Error(`shop-products: no variant id for the SKU ${variant.sku}`);
      const key = variant.slot.list === 'baseProduct' ? 'baseProduct' : `${variant.slot.list}:${variant.slot.id}`;
      place.set(key, { variantId, handle: product.handle });
    }
  }
  const at = (list: string, id: string) => place.get(`${list}:${id}`)!;
  const base = place.get('baseProduct')!;
  const baseProductId = ids.products[base.handle];
  if (baseProductId === undefined) throw new Error(`shop-products: no product id for the handle ${base.handle}`);
  const withoutVariant = <T extends { variantId?: string | undefined }>({ variantId: _variantId, ...colour }: T) => colour;
  const installationHandle = place.get(`installations:${catalogue.installations[0]!.id}`)!.handle;
  return {
    ...catalogue,
    installationProductId: ids.products[installationHandle],
    baseProduct: { ...catalogue.baseProduct, productId: baseProductId, variantId: base.variantId, handle: base.handle, demoPrice: false },
    colours: {
      front: {
        standard: catalogue.colours.front.standard.map(withoutVariant),
        premium: catalogue.colours.front.premium.map(withoutVariant),
        limited: catalogue.colours.front.limited.map(withoutVariant),
      },
      body: catalogue.colours.body.map(withoutVariant),
      hook: catalogue.colours.hook.map(withoutVariant),
    },
    cables: catalogue.cables.map((cable) => ({ ...cable, ...at('cables', cable.id) })),
    installations: catalogue.installations.map((option) => ({ ...option, ...at('installations', option.id) })),
    addOns: catalogue.addOns.map((addOn) => ({ ...addOn, ...at('addOns', addOn.id) })),
    offers: catalogue.offers.map((offer) => ({ ...offer, ...at('offers', offer.id) })),
  };
}
