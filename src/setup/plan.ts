import { formatPence, moneyInput } from '../domain/money';
import type { Pence } from '../domain/money';
import type { ShopProductSpec } from '../domain/shop-products';

/** A product as the shop holds it, read by handle. */
export interface ExistingProduct {
  id: string;
  handle: string;
  title: string;
  status: string;
  optionName: string | undefined;
  variants: { id: string; sku: string | null; price: Pence; title: string; requiresShipping: boolean }[];
  /** Ids of the target publications it is published to. */
  publishedTo: string[];
}

export interface Publication {
  id: string;
  title: string;
}

/** What the set-up does to one product: make it, change it (what, in words), or leave it. */
export interface PlanItem {
  spec: ShopProductSpec;
  existing: ExistingProduct | null;
  action: 'create' | 'update' | 'unchanged';
  /** Whether the product itself is set (productSet), apart from publishing it. */
  set: boolean;
  /** The target publications it is not published to yet. */
  publishTo: Publication[];
  /** The changes, one phrase each, for the buyer-facing plan and progress lines. */
  changes: string[];
}

const variantName = (spec: ShopProductSpec, title: string) => (spec.variants.length === 1 ? spec.title : title);

/** What it takes to bring `existing` (or nothing) to `spec`, published to every one of `publications`. */
export function planProduct(spec: ShopProductSpec, existing: ExistingProduct | null, publications: readonly Publication[]): PlanItem {
  if (!existing) {
    const count = spec.variants.length;
    return {
      spec,
      existing,
      action: 'create',
      set: true,
      publishTo: [...publications],
      changes: [`${count} ${count === 1 ? 'variant' : 'variants'} at ${spec.variants.map((variant) => formatPence(variant.price)).join(', ')}`],
    };
  }
  const changes: string[] = [];
  if (existing.title !== spec.title) changes.push(`title "${existing.title}" → "${spec.title}"`);
  if (existing.status !== 'ACTIVE') changes.push(`status ${existing.status} → ACTIVE`);
  if (existing.optionName !== spec.optionName) changes.push(`option "${existing.optionName ?? 'none'}" → "${spec.optionName}"`);
  for (const variant of spec.variants) {
    const found = existing.variants.find((candidate) => candidate.sku === variant.sku);
    const name = variantName(spec, variant.title);
    if (!found) {
      changes.push(`add ${name} (SKU ${variant.sku}) at ${formatPence(variant.price)}`);
      continue;
    }
    if (found.price !== variant.price) changes.push(`price of ${name} ${formatPence(found.price)} → ${formatPence(variant.price)}`);
    if (found.title !== variant.title) changes.push(`variant "${found.title}" → "${variant.title}"`);
    if (found.requiresShipping !== variant.requiresShipping) changes.push(`${name} ${variant.requiresShipping ? 'needs' : 'needs no'} shipping`);
  }
  for (const variant of existing.variants) {
    if (!spec.variants.some((candidate) => candidate.sku === variant.sku)) changes.push(`remove the variant "${variant.title}" (SKU ${variant.sku ?? 'none'}), which the catalogue does not sell`);
  }
  const set = changes.length > 0;
  const publishTo = publications.filter((publication) => !existing.publishedTo.includes(publication.id));
  for (const publication of publishTo) changes.push(`publish to ${publication.title}`);
  return { spec, existing, action: changes.length > 0 ? 'update' : 'unchanged', set, publishTo, changes };
}


/**
 * The `productSet` variables for a plan item: found by handle; its one option and every variant, each
 * kept variant named by its id so the shop keeps it (and the carts and catalogues that name it). A new
 * product gets its type and description too; a product that exists keeps the merchant's.
 */
export function productSetVariables(item: PlanItem): { identifier: { handle: string }; input: Record<string, unknown> } {
  const { spec, existing } = item;
  const input: Record<string, unknown> = {
    handle: spec.handle,
    title: spec.title,
    status: 'ACTIVE',
    productOptions: [{ name: spec.optionName, values: spec.variants.map((variant) => ({ name: variant.title })) }],
    variants: spec.variants.map((variant) => {
      const id = existing?.variants.find((candidate) => candidate.sku === variant.sku)?.id;
      return {
        ...(id ? { id } : {}),
        optionValues: [{ optionName: spec.optionName, name: variant.title }],
        price: moneyInput(variant.price),
        sku: variant.sku,
        // Inventory tracking is the merchant's to turn on; a product that exists keeps theirs.
        inventoryItem: id ? { requiresShipping: variant.requiresShipping } : { requiresShipping: variant.requiresShipping, tracked: false },
      };
    }),
  };
  if (!existing) {
    input['productType'] = spec.productType;
    input['descriptionHtml'] = `<p>${spec.description.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`;
  }
  return { identifier: { handle: spec.handle }, input };
}
