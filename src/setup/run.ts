import type { Catalogue } from '../domain/catalogue/schema';
import { parseCatalogue } from '../domain/catalogue/schema';
import { penceFromPounds } from '../domain/shop-money';
import type { ShopIds, ShopProductSpec } from '../domain/shop-products';
import { catalogueWithShopIds, shopProducts, shopProductsProblems } from '../domain/shop-products';
import type { AdminCall } from './admin';
import { SetupError } from './admin';
import { existingProductsQuery, SETUP_ACCESS_QUERY, SETUP_PRODUCT_MUTATION, SETUP_PUBLICATIONS_QUERY, SETUP_PUBLISH_MUTATION } from './documents';
import type { ExistingProduct, PlanItem, Publication } from './plan';
import { planProduct, productSetVariables } from './plan';

export interface SetupOptions {
  catalogue: Catalogue;
  admin: AdminCall;
  dryRun: boolean;
  /** Publish to the Online Store too, for a theme's own cart (`cart="theme"`). */
  onlineStore: boolean;
  /** Publications to publish to in place of the token's own app's (a Headless storefront's, say). */
  publicationIds: readonly string[];
  /** One line of progress at a time. */
  report: (line: string) => void;
}

export interface SetupResult {
  /** The catalogue with the shop's ids; none after a dry run. */
  catalogue: Catalogue | undefined;
  plan: PlanItem[];
}

/** The scopes the set-up needs, each with what for. */
export const REQUIRED_SCOPES: Readonly<Record<string, string>> = {
  write_products: 'to create and update the products and their variants',
  write_publications: 'to publish them where the Storefront token can read them',
};

/** Products asked for in one request; each costs about 30 points of Shopify's 1000 a query. */
const LOOKUP_BATCH = 10;

/** The scopes message for a token without them, with where a merchant ticks them. */
export function missingScopesMessage(scopes: readonly string[]): string {
  const list = scopes.map((scope) => `${scope} (${REQUIRED_SCOPES[scope] ?? 'for this step'})`).join(', ');
  return (
    `The Admin API token lacks ${scopes.length === 1 ? 'the access scope' : 'the access scopes'} ${list}. ` +
    'Give them to the app (Shopify admin: Settings → Apps and sales channels → Develop apps → the app → Configuration → Admin API integration), ' +
    'install it again, and put its new Admin API access token in SHOPIFY_ADMIN_TOKEN.'
  );
}

interface AccessAnswer {
  currentAppInstallation: { app: { id: string; title: string }; accessScopes: { handle: string }[] };
}

interface PublicationsAnswer {
  publications: { nodes: { id: string; catalog: { title: string; apps?: { nodes: { id: string; handle: string | null }[] } } | null }[] };
}

interface ProductAnswer {
  id: string;
  handle: string;
  title: string;
  status: string;
  options: { name: string }[];
  variants: { nodes: { id: string; sku: string | null; price: string; selectedOptions: { name: string; value: string }[]; inventoryItem: { requiresShipping: boolean } }[] };
  [published: `published${number}`]: boolean;
}

function existingProduct(answer: ProductAnswer, publications: readonly Publication[]): ExistingProduct {
  const optionName = answer.options[0]?.name;
  return {
    id: answer.id,
    handle: answer.handle,
    title: answer.title,
    status: answer.status,
    optionName,
    variants: answer.variants.nodes.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      price: penceFromPounds(variant.price),
      title: variant.selectedOptions.find((option) => option.name === optionName)?.value ?? variant.selectedOptions[0]?.value ?? '',
      requiresShipping: variant.inventoryItem.requiresShipping,
    })),
    publishedTo: publications.filter((_publication, index) => answer[`published${index}`] === true).map((publication) => publication.id),
  };
}

/** The publications to publish to: the named ones, else the token's own app's; the Online Store's as asked. */
async function targetPublications(admin: AdminCall, appId: string, options: SetupOptions): Promise<Publication[]> {
  const { publications } = await admin<PublicationsAnswer>(SETUP_PUBLICATIONS_QUERY);
  const all = publications.nodes.map((node) => ({
    id: node.id,
    title: node.catalog?.title ?? node.id,
    apps: node.catalog?.apps?.nodes ?? [],
  }));
  const listed = all.map((publication) => `${publication.title} (${publication.id})`).join(', ');
  const targets: Publication[] = [];
  if (options.publicationIds.length > 0) {
    for (const id of options.publicationIds) {
      const found = all.find((publication) => publication.id === id);
      if (!found) throw new SetupError(`No publication ${id} in this shop; its sales channels' publications are: ${listed}.`);
      targets.push(found);
    }
  } else {
    const own = all.find((publication) => publication.apps.some((app) => app.id === appId));
    if (!own) throw new SetupError(`No sales channel publication belongs to the token's app, so the set-up cannot tell where the Storefront token reads products. Name one with --publication; this shop's are: ${listed}.`);
    targets.push(own);
  }
  if (options.onlineStore) {
    const store = all.find((publication) => publication.apps.some((app) => app.handle === 'online_store') || publication.title === 'Online Store');
    if (!store) throw new SetupError(`This shop has no Online Store publication for --online-store; its publications are: ${listed}.`);
    if (!targets.some((target) => target.id === store.id)) targets.push(store);
  }
  return targets.map(({ id, title }) => ({ id, title }));
}

async function existingProducts(admin: AdminCall, specs: readonly ShopProductSpec[], publications: readonly Publication[]): Promise<(ExistingProduct | null)[]> {
  const found: (ExistingProduct | null)[] = [];
  for (let start = 0; start < specs.length; start += LOOKUP_BATCH) {
    const batch = specs.slice(start, start + LOOKUP_BATCH);
    const variables = Object.fromEntries([
      ...batch.map((spec, index) => [`handle${index}`, spec.handle]),
      ...publications.map((publication, index) => [`publication${index}`, publication.id]),
    ]);
    const answer = await admin<Record<string, ProductAnswer | null>>(existingProductsQuery(batch.length, publications.length), variables);
    batch.forEach((_spec, index) => {
      const product = answer[`product${index}`];
      found.push(product ? existingProduct(product, publications) : null);
    });
  }
  return found;
}

const planLine = (item: PlanItem) =>
  item.action === 'unchanged' ? `unchanged  ${item.spec.handle}` : `${item.action.padEnd(9)}  ${item.spec.handle}: ${item.changes.join('; ')}`;

/** Sets up the shop for the catalogue, item by item; throws a SetupError on the first failure, after reporting what was and was not done. */
export async function setUpShop(options: SetupOptions): Promise<SetupResult> {
  const { admin, report } = options;
  const specs = shopProducts(options.catalogue);
  const problems = shopProductsProblems(specs);
  if (problems.length > 0) throw new SetupError(`The catalogue cannot be set up as it is: ${problems.join('; ')}.`);

  const access = await admin<AccessAnswer>(SETUP_ACCESS_QUERY);
  const granted = access.currentAppInstallation.accessScopes.map((scope) => scope.handle);
  const missing = Object.keys(REQUIRED_SCOPES).filter((scope) => !granted.includes(scope));
  if (missing.length > 0) throw new SetupError(missingScopesMessage(missing), missing);

  const publications = await targetPublications(admin, access.currentAppInstallation.app.id, options);
  report(`Publishing to: ${publications.map((publication) => `${publication.title} (${publication.id})`).join(', ')}`);
  const existing = await existingProducts(admin, specs, publications);
  const plan = specs.map((spec, index) => planProduct(spec, existing[index] ?? null, publications));

  if (options.dryRun) {
    report('Plan (dry run: nothing is changed):');
    plan.forEach((item) => report(`  ${planLine(item)}`));
    report(summary(plan, 'would be'));
    return { catalogue: undefined, plan };
  }

  const ids: { products: Record<string, string>; variants: Record<string, string> } = { products: {}, variants: {} };
  const remember = (product: { id: string; handle: string; variants: readonly { id: string; sku: string | null }[] }) => {
    ids.products[product.handle] = product.id;
    for (const variant of product.variants) if (variant.sku !== null) ids.variants[variant.sku] = variant.id;
  };
  for (const [index, item] of plan.entries()) {
    const at = `[${index + 1}/${plan.length}] ${item.spec.handle}`;
    try {
      const product = await apply(admin, item);
      remember(product);
      report(item.action === 'unchanged' ? `${at}: unchanged` : `${at}: ${item.action === 'create' ? 'created' : 'updated'} (${item.changes.join('; ')})`);
    } catch (error) {
      const done = plan.slice(0, index).map((earlier) => earlier.spec.handle);
      const left = plan.slice(index).map((later) => later.spec.handle);
      report(`${at}: failed`);
      report(`Done: ${done.length} of ${plan.length}${done.length > 0 ? ` (${done.join(', ')})` : ''}. Not done: ${left.join(', ')}.`);
      report('Run the same command again to carry on: what is done is found by its handle and SKU and left as it is.');
      throw error instanceof SetupError ? new SetupError(`${item.spec.handle}: ${error.message}`, error.scopes) : error;
    }
  }
  report(summary(plan, ''));
  const catalogue = catalogueWithShopIds(options.catalogue, specs, ids as ShopIds);
  const checked = parseCatalogue(catalogue);
  if (!checked.ok) throw new SetupError(`The catalogue with the shop's ids does not validate: ${checked.error}`);
  return { catalogue: checked.catalogue, plan };
}

/** Sets and publishes one product as its plan item says; the product as the shop now holds it. */
async function apply(admin: AdminCall, item: PlanItem): Promise<{ id: string; handle: string; variants: readonly { id: string; sku: string | null }[] }> {
  let product = item.existing;
  if (item.set) {
    const answer = await admin<{ productSet: { product: ProductAnswer | null; userErrors: { field: string[] | null; code: string | null; message: string }[] } }>(
      SETUP_PRODUCT_MUTATION,
      productSetVariables(item),
    );
    const { userErrors } = answer.productSet;
    if (userErrors.length > 0 || !answer.productSet.product) {
      throw new SetupError(`Shopify refused the product: ${userErrors.map((error) => `${error.field?.join('.') ?? 'input'}: ${error.message}${error.code ? ` (${error.code})` : ''}`).join('; ') || 'no product came back'}.`);
    }
    product = existingProduct(answer.productSet.product, []);
  }
  if (!product) throw new SetupError('no product to publish');
  if (item.publishTo.length > 0) {
    const answer = await admin<{ publishablePublish: { userErrors: { field: string[] | null; message: string }[] } }>(SETUP_PUBLISH_MUTATION, {
      id: product.id,
      input: item.publishTo.map((publication) => ({ publicationId: publication.id })),
    });
    const { userErrors } = answer.publishablePublish;
    if (userErrors.length > 0) throw new SetupError(`Shopify refused to publish it: ${userErrors.map((error) => `${error.field?.join('.') ?? 'input'}: ${error.message}`).join('; ')}.`);
  }
  return product;
}

function summary(plan: readonly PlanItem[], mood: string): string {
  const count = (action: PlanItem['action']) => plan.filter((item) => item.action === action).length;
  if (count('create') + count('update') === 0) return `Nothing to change: all ${plan.length} products are as the catalogue says.`;
  const verb = (word: string) => (mood ? `${mood} ${word}` : word);
  return `${count('create')} ${verb('created')}, ${count('update')} ${verb('updated')}, ${count('unchanged')} unchanged.`;
}
