// @vitest-environment node
// The set-up command against the demo's Admin API stand-in, in process: it fills an empty shop with
// every product and variant the catalogue sells, at its prices, published where the Storefront token
// reads them; a second run and a dry run change nothing; a failure stops it, saying what was done, and
// a run after it carries on. Every Admin request it sends is checked against Shopify's published schema.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdminStandIn } from '../../demo/admin/index.mjs';
import { createRouter } from '../../demo/router.mjs';
import { createThemeCartStandIn } from '../../demo/theme-cart.mjs';
import { requestProblems } from '../../demo/shopify-schemas.mjs';
import { createStorefrontStandIn, DEMO_ADMIN_TOKEN, type StorefrontStandIn } from '../../demo/storefront/stand-in.mjs';
import { parseCatalogue, type Catalogue } from '../../src/domain/catalogue/schema';
import { UK_CATALOGUE } from '../../src/domain/catalogue/uk';
import { catalogueVariantIds, VARIANT_PRICES_QUERY } from '../../src/domain/shop-prices';
import { main } from '../../src/setup/cli';
import { CHECKED_VERSIONS } from './shopify-schema';
import { shopProducts } from '../../src/domain/shop-products';

const ORIGIN = 'http://127.0.0.1:5173';
const endpoint = (version = '2026-04') => `${ORIGIN}/admin/api/${version}/graphql.json`;

let standIn: StorefrontStandIn;
/** Every Admin request the command sent: its version and body. */
let sent: { version: string; body: { query: string; variables?: Record<string, unknown> } }[];
/** The waits the command asked for. */
let slept: number[];

beforeEach(() => {
  standIn = createStorefrontStandIn({ catalogue: UK_CATALOGUE, products: shopProducts(UK_CATALOGUE) });
  sent = [];
  slept = [];
});

const mutationsSent = () => sent.filter((request) => request.body.query.trimStart().startsWith('mutation'));

/** A merchant catalogue file: the UK one changed by `change`. */
function catalogueFile(change: (catalogue: Catalogue) => Catalogue = (catalogue) => catalogue) {
  const path = join(mkdtempSync(join(tmpdir(), 'evc-setup-')), 'merchant.json');
  writeFileSync(path, JSON.stringify(change(structuredClone(UK_CATALOGUE))));
  return path;
}

const readCatalogue = (path: string) => {
  const result = parseCatalogue(readFileSync(path, 'utf8'));
  if (!result.ok) throw new Error(result.error);
  return result.catalogue;
};

async function control(body: unknown) {
  const response = await standIn.handle(new Request(`${ORIGIN}/api/_control`, { method: 'POST', body: JSON.stringify(body) }));
  expect(response.status).toBe(200);
}

type Answer = (request: Request) => Promise<Response>;

async function run(args: string[], env: Record<string, string | undefined> = { SHOPIFY_ADMIN_TOKEN: DEMO_ADMIN_TOKEN }, answer: Answer = (request) => standIn.handle(request)) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    fetch: async (input, init) => {
      const url = new URL(String(input));
      sent.push({ version: /\/api\/([^/]+)\//.exec(url.pathname)![1]!, body: JSON.parse(String(init!.body)) });
      return answer(new Request(url, init));
    },
    sleep: async (seconds) => {
      slept.push(seconds);
    },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The written catalogue's variants as the Storefront API answers them, by the page's own price query. */
async function storefrontPrices(catalogue: Catalogue) {
  const ids = catalogueVariantIds(catalogue);
  const response = await standIn.handle(
    new Request(`${ORIGIN}/api/2026-04/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-storefront-access-token': 'demo' },
      body: JSON.stringify({ query: VARIANT_PRICES_QUERY, variables: { ids, sellingPlans: false } }),
    }),
  );
  const { data } = (await response.json()) as { data: { nodes: ({ id: string; price: { amount: string } } | null)[] } };
  return { ids, nodes: data.nodes };
}

describe('shop-setup', () => {
  it('fills an empty shop; a second run and a dry run change nothing; the written catalogue orders from it', async () => {
    await control({ shop: 'empty' });
    const out = join(mkdtempSync(join(tmpdir(), 'evc-setup-')), 'catalogue.json');
    const first = await run(['shop-setup', '--admin-endpoint', endpoint(), '--out', out]);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/\[1\/21\] charge-point: created \(1 variant at £599\.00\)/);
    expect(first.out).toMatch(/21 created, 0 updated, 0 unchanged\./);

    const written = readCatalogue(out);
    const { ids, nodes } = await storefrontPrices(written);
    expect(ids).toHaveLength(24);
    expect(ids.every((id) => !UK_CATALOGUE.addOns.some((addOn) => addOn.variantId === id))).toBe(true);
    const byId = new Map(nodes.map((node) => [node!.id, node!.price.amount]));
    for (const item of [written.baseProduct, ...written.cables, ...written.installations, ...written.addOns]) {
      expect(Number(byId.get(item.variantId))).toBe(item.price / 100);
    }
    expect(written.baseProduct.demoPrice).toBe(false);
    expect(written.colours.front.standard[0]).not.toHaveProperty('variantId');

    sent = [];
    const second = await run(['shop-setup', '--admin-endpoint', endpoint()]);
    expect(second.code).toBe(0);
    expect(second.out).toContain('Nothing to change: all 21 products are as the catalogue says.');
    expect(sent.filter((request) => request.body.query.trimStart().startsWith('mutation'))).toEqual([]);

    const dry = await run(['shop-setup', '--admin-endpoint', endpoint(), '--dry-run']);
    expect(dry.out).toContain('unchanged  charge-point');
  });

  it('checks every Admin request it sends against Shopify\'s published schema of the pinned and the oldest accepted version', async () => {
    await control({ shop: 'empty' });
    for (const version of CHECKED_VERSIONS) {
      sent = [];
      const result = await run(['shop-setup', '--admin-endpoint', endpoint(version)]);
      expect(result.code).toBe(0);
      expect(sent.length).toBeGreaterThan(3);
      for (const request of sent) expect(requestProblems('admin', version, request.body).map((error) => error.message)).toEqual([]);
    }
  });

  it('plans without changing anything on a dry run, item by item', async () => {
    await control({ shop: 'empty' });
    const dry = await run(['shop-setup', '--admin-endpoint', endpoint(), '--dry-run', '--out', join(tmpdir(), 'never-written.json')]);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Plan (dry run: nothing is changed):');
    expect(dry.out).toMatch(/ {2}create {5}installation: 4 variants at £200\.00, £425\.00, £0\.00, £360\.00/);
    expect(dry.out).toContain('21 would be created, 0 would be updated, 0 unchanged.');
    expect(dry.out).not.toContain('Wrote');
    expect(mutationsSent()).toEqual([]);
    expect((await storefrontPrices(UK_CATALOGUE)).nodes.every((node) => node === null)).toBe(true);
  });

  it('updates what the catalogue changed, keeping the variant ids carts and catalogues name', async () => {
    await control({ shop: 'empty' });
    const out = join(mkdtempSync(join(tmpdir(), 'evc-setup-')), 'catalogue.json');
    expect((await run(['shop-setup', '--admin-endpoint', endpoint(), '--out', out])).code).toBe(0);
    const before = readCatalogue(out);
    const changed = catalogueFile((catalogue) => ({
      ...catalogue,
      cables: catalogue.cables.map((cable) => (cable.id === 'tethered_7kw_5_5m' ? { ...cable, price: 5500 } : cable)),
      installations: catalogue.installations.filter((option) => option.id !== 'premium_22kw').concat({ ...catalogue.installations.find((option) => option.id === 'premium_22kw')!, price: 37500 }),
    }));
    const plan = await run(['shop-setup', '--admin-endpoint', endpoint(), '--catalogue', changed, '--dry-run']);
    expect(plan.out).toContain('update     cable-tethered-7kw-5-5m: price of 7kW with 5.5m cable £49.00 → £55.00');
    expect(plan.out).toContain('update     installation: price of 22kW Premium installation (physical survey) £360.00 → £375.00');
    expect(plan.out).toContain('2 would be updated, 19 unchanged.');
    const applied = await run(['shop-setup', '--admin-endpoint', endpoint(), '--catalogue', changed, '--out', out]);
    expect(applied.code).toBe(0);
    const after = readCatalogue(out);
    expect(after.cables.map((cable) => cable.variantId)).toEqual(before.cables.map((cable) => cable.variantId));
    expect(after.installations.map((option) => [option.id, option.variantId]).sort()).toEqual(before.installations.map((option) => [option.id, option.variantId]).sort());
    const { nodes } = await storefrontPrices(after);
    expect(nodes.find((node) => node!.id === after.cables[0]!.variantId)!.price.amount).toBe('55.0');
  });

  it('stops at a failure saying what was and was not done; the next run carries on', async () => {
    await control({ shop: 'empty' });
    let calls = 0;
    // Shopify's 5xx on the tenth request: the third product's productSet (after the scopes, the publications, 3 lookups, 2 products' set and publish).
    const flaky: Answer = async (request) => (++calls === 10 ? new Response('{"errors":"Internal error"}', { status: 502, headers: { 'content-type': 'application/json' } }) : standIn.handle(request));
    const stopped = await run(['shop-setup', '--admin-endpoint', endpoint()], undefined, flaky);
    expect(stopped.code).toBe(1);
    expect(stopped.out).toContain('[3/21] cable-tethered-7kw-5-5m: failed');
    expect(stopped.out).toContain('Done: 2 of 21 (charge-point, installation). Not done: cable-tethered-7kw-5-5m,');
    expect(stopped.out).toContain('Run the same command again to carry on');
    expect(stopped.err).toBe('shop-setup: cable-tethered-7kw-5-5m: The Admin API answered HTTP 502; try again later.');
    const resumed = await run(['shop-setup', '--admin-endpoint', endpoint()]);
    expect(resumed.code).toBe(0);
    expect(resumed.out).toContain('[1/21] charge-point: unchanged');
    expect(resumed.out).toContain('19 created, 0 updated, 2 unchanged.');
  });

  it('publishes to the Online Store only with --online-store, so only then a theme sells the products', async () => {
    await control({ shop: 'empty' });
    const out = join(mkdtempSync(join(tmpdir(), 'evc-setup-')), 'catalogue.json');
    const theme = createRouter(createThemeCartStandIn({ shop: standIn.shop }).routes);
    const themeProduct = () => theme(new Request(`${ORIGIN}/products/charge-point.js`));
    await run(['shop-setup', '--admin-endpoint', endpoint()]);
    expect((await themeProduct()).status).toBe(404);
    const again = await run(['shop-setup', '--admin-endpoint', endpoint(), '--online-store', '--out', out]);
    expect(again.out).toContain('Publishing to: Charge Point configurator (gid://shopify/Publication/46100002), Online Store (gid://shopify/Publication/46100001)');
    expect(again.out).toContain('[1/21] charge-point: updated (publish to Online Store)');
    const product = await themeProduct();
    expect(product.status).toBe(200);
    expect(((await product.json()) as { variants: { price: number }[] }).variants[0]!.price).toBe(readCatalogue(out).baseProduct.price);
  });

  it('publishes on the next run a product made by a run that stopped before publishing it', async () => {
    await control({ shop: 'empty' });
    let calls = 0;
    // The seventh request is the first product's publishablePublish (after its productSet).
    const stopping: Answer = async (request) => (++calls === 7 ? new Response('{"errors":"Internal error"}', { status: 503, headers: { 'content-type': 'application/json' } }) : standIn.handle(request));
    expect((await run(['shop-setup', '--admin-endpoint', endpoint()], undefined, stopping)).code).toBe(1);
    const resumed = await run(['shop-setup', '--admin-endpoint', endpoint()]);
    expect(resumed.out).toContain('[1/21] charge-point: updated (publish to Charge Point configurator)');
    expect(resumed.out).toContain('20 created, 1 updated, 0 unchanged.');
  });

  it('names the scopes a token lacks before changing anything, and where to give them', async () => {
    const limited = createAdminStandIn({ shop: standIn.shop, tokens: { shpat_products_only: ['write_products', 'read_publications'] } });
    const result = await run(['shop-setup', '--admin-endpoint', endpoint()], { SHOPIFY_ADMIN_TOKEN: 'shpat_products_only' }, (request) => limited.handle(request));
    expect(result.code).toBe(1);
    expect(result.err).toContain('The Admin API token lacks the access scope write_publications (to publish them where the Storefront token can read them).');
    expect(result.err).toContain('Settings → Apps and sales channels → Develop apps');
    expect(mutationsSent()).toEqual([]);
  });

  it('shows a refused product with the field Shopify named', async () => {
    await control({ shop: 'empty' });
    // Shopify's documented productSet payload for a refused input, for the first product.
    const refusing: Answer = async (request) => {
      const body = (await request.clone().json()) as { query: string };
      if (!body.query.includes('productSet(')) return standIn.handle(request);
      const productSet = { product: null, userErrors: [{ field: ['input', 'variants', '0', 'price'], code: 'INVALID_VARIANT', message: 'Price must be greater than or equal to 0' }] };
      return Response.json({ data: { productSet } });
    };
    const result = await run(['shop-setup', '--admin-endpoint', endpoint()], undefined, refusing);
    expect(result.code).toBe(1);
    expect(result.err).toBe('shop-setup: charge-point: Shopify refused the product: input.variants.0.price: Price must be greater than or equal to 0 (INVALID_VARIANT).');
  });

  it('waits out Shopify\'s rate limit as the answer says, then asks again', async () => {
    await control({ shop: 'empty' });
    let throttled = false;
    const limiting: Answer = async (request) => {
      if (throttled) return standIn.handle(request);
      throttled = true;
      const cost = { requestedQueryCost: 752, actualQueryCost: null, throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 652, restoreRate: 50 } };
      return Response.json({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }], extensions: { cost } });
    };
    const result = await run(['shop-setup', '--admin-endpoint', endpoint()], undefined, limiting);
    expect(result.code).toBe(0);
    expect(slept).toEqual([2]);
  });

  it.each([
    [['shop-setup', '--admin-endpoint', 'http://127.0.0.1:5173/admin/api/2026-04/graphql.json'], {}, 'shop-setup: Set SHOPIFY_ADMIN_TOKEN'],
    [['shop-setup', '--token', 'shpat_x', '--shop', 'a.myshopify.com'], undefined, "shop-setup: Unknown option '--token'"],
    [['shop-setup'], undefined, 'shop-setup: Name the shop with --shop'],
    [['shop-setup', '--shop', 'example.com'], undefined, 'is not a shop domain such as your-shop.myshopify.com'],
    [['shop-setup', '--admin-endpoint', 'http://shop.example/admin/api/2026-04/graphql.json'], undefined, 'must be https (http only on this machine'],
    [['shop-setup', '--shop', 'a.myshopify.com', '--api-version', '2025-07'], undefined, 'API version 2025-07 is too old: the set-up needs 2025-10 or later.'],
    [['shop-setup', '--admin-endpoint', 'http://127.0.0.1:1/admin/api/2026-04/graphql.json', '--api-version', '2026-01'], undefined, 'differ'],
    [['shop-setup', '--shop', 'a.myshopify.com', '--catalogue', '/nonexistent.json'], undefined, 'Could not read --catalogue /nonexistent.json: ENOENT.'],
    [['stock-setup'], undefined, 'the command is shop-setup'],
  ] as const)('refuses %j with exit code 2 and a reason', async (args, env, message) => {
    const result = await run([...args], env === undefined ? undefined : { ...env });
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain('See --help.');
    expect(sent).toEqual([]);
  });

  it('names the bad field of a merchant catalogue', async () => {
    const bad = catalogueFile((catalogue) => ({ ...catalogue, cables: [{ ...catalogue.cables[0]!, price: 49.5 }, ...catalogue.cables.slice(1)] }));
    const result = await run(['shop-setup', '--shop', 'a.myshopify.com', '--catalogue', bad]);
    expect(result.code).toBe(2);
    expect(result.err).toContain('catalogue.cables[0].price: must be a whole number of pence');
  });

  it('lists every option in --help', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    for (const option of ['--shop', '--admin-endpoint', '--api-version', '--catalogue', '--out', '--publication', '--online-store', '--dry-run', '--help', 'SHOPIFY_ADMIN_TOKEN']) {
      expect(help.out).toContain(option);
    }
  });
});
