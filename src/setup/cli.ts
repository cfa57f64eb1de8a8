import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Catalogue } from '../domain/catalogue/schema';
import { parseCatalogue } from '../domain/catalogue/schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { DEFAULT_API_VERSION, OLDEST_API_VERSION } from '../services/shop/api-version';
import { createAdminCall, SetupError } from './admin';
import { setUpShop } from './run';

/**
 * `npx ev-charger-configurator shop-setup`: the merchant's Shopify products from a catalogue, through
 * the Admin API, and the catalogue with the shop's ids for the element's `catalog`. The token comes
 * from the environment only, so it stays out of shell histories and process lists.
 */

export const HELP = `Usage: SHOPIFY_ADMIN_TOKEN=shpat_… npx ev-charger-configurator shop-setup [options]

Creates or updates, in a Shopify shop, every product and variant the catalogue sells (the charger,
the installation options, the cables, the add-ons and any offers) at the catalogue's prices, and
publishes them where the Storefront token reads them. Products are found by handle and variants by
SKU (the catalogue's codes), so a second run changes nothing; a run that stopped carries on.

Options:
  --shop <domain>            the shop, e.g. your-shop.myshopify.com
  --admin-endpoint <url>     the Admin GraphQL URL in place of the shop's (a stand-in, e.g.
                             http://127.0.0.1:5173/admin/api/${DEFAULT_API_VERSION}/graphql.json)
  --api-version <version>    Admin API version, ${OLDEST_API_VERSION} or later (default ${DEFAULT_API_VERSION},
                             or the one in --admin-endpoint)
  --catalogue <file.json>    a merchant catalogue (default: the embedded UK catalogue)
  --out <file.json>          write the catalogue with the shop's ids there, for the element's catalog
  --publication <id>         publish to this publication (repeatable) in place of the token's own
                             app's, e.g. a Headless storefront's gid://shopify/Publication/…
  --online-store             publish to the Online Store too (needed by cart="theme")
  --dry-run                  print the plan (create / update / unchanged, item by item); change nothing
  --help                     this text

Environment:
  SHOPIFY_ADMIN_TOKEN        the app's Admin API access token, with write_products and
                             write_publications (never a flag)
`;

const VERSION = /^\d{4}-(01|04|07|10)$/;
const SHOP = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const ADMIN_PATH = /^\/admin\/api\/([^/]+)\/graphql\.json$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A problem with how the command was called: shown with a pointer to --help, exit code 2. */
export class UsageError extends Error {}

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  fetch?: typeof fetch | undefined;
  sleep?: ((seconds: number) => Promise<void>) | undefined;
}

interface Settings {
  endpoint: string;
  apiVersion: string;
  token: string;
  catalogue: Catalogue;
  out: string | undefined;
  dryRun: boolean;
  onlineStore: boolean;
  publicationIds: string[];
}

async function settings(args: readonly string[], env: CliIo['env']): Promise<Settings | 'help'> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        shop: { type: 'string' },
        'admin-endpoint': { type: 'string' },
        'api-version': { type: 'string' },
        catalogue: { type: 'string' },
        out: { type: 'string' },
        publication: { type: 'string', multiple: true },
        'online-store': { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals[0] !== 'shop-setup' || positionals.length > 1) throw new UsageError(`Unknown command ${JSON.stringify(positionals.join(' '))}: the command is shop-setup.`);
  const token = env['SHOPIFY_ADMIN_TOKEN']?.trim();
  if (!token) throw new UsageError("Set SHOPIFY_ADMIN_TOKEN to the app's Admin API access token (it is read from the environment only).");

  const endpointOption = values['admin-endpoint'];
  let endpoint: URL | undefined;
  if (endpointOption !== undefined) {
    try {
      endpoint = new URL(endpointOption);
    } catch {
      throw new UsageError(`--admin-endpoint ${JSON.stringify(endpointOption)} is not a URL.`);
    }
    if (!ADMIN_PATH.test(endpoint.pathname)) throw new UsageError('--admin-endpoint must end in /admin/api/{version}/graphql.json.');
    // The token travels in a header: plain HTTP only to this machine, as a stand-in is.
    if (endpoint.protocol !== 'https:' && !(endpoint.protocol === 'http:' && LOOPBACK.has(endpoint.hostname))) {
      throw new UsageError('--admin-endpoint must be https (http only on this machine, for a stand-in).');
    }
  }
  const shop = values.shop?.trim().toLowerCase();
  if (shop !== undefined && !SHOP.test(shop)) throw new UsageError(`--shop ${JSON.stringify(values.shop)} is not a shop domain such as your-shop.myshopify.com.`);
  if (!shop && !endpoint) throw new UsageError('Name the shop with --shop your-shop.myshopify.com (or --admin-endpoint).');

  const versionInUrl = endpoint && ADMIN_PATH.exec(endpoint.pathname)![1];
  const apiVersion = values['api-version'] ?? versionInUrl ?? DEFAULT_API_VERSION;
  if (!VERSION.test(apiVersion)) throw new UsageError(`--api-version ${JSON.stringify(apiVersion)} is not an API version such as ${DEFAULT_API_VERSION}.`);
  if (apiVersion < OLDEST_API_VERSION) throw new UsageError(`API version ${apiVersion} is too old: the set-up needs ${OLDEST_API_VERSION} or later.`);
  if (versionInUrl && versionInUrl !== apiVersion) throw new UsageError(`--api-version ${apiVersion} and the version in --admin-endpoint (${versionInUrl}) differ.`);

  let catalogue: Catalogue = UK_CATALOGUE;
  if (values.catalogue !== undefined) {
    let text;
    try {
      text = await readFile(values.catalogue, 'utf8');
    } catch (error) {
      throw new UsageError(`Could not read --catalogue ${values.catalogue}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
    }
    const result = parseCatalogue(text);
    if (!result.ok) throw new UsageError(`${values.catalogue}: ${result.error}`);
    catalogue = result.catalogue;
  }
  return {
    endpoint: endpoint ? endpoint.href : `https://${shop}/admin/api/${apiVersion}/graphql.json`,
    apiVersion,
    token,
    catalogue,
    out: values.out,
    dryRun: values['dry-run'] ?? false,
    onlineStore: values['online-store'] ?? false,
    publicationIds: values.publication ?? [],
  };
}

/** Runs the command; the process's exit code: 0 done, 1 stopped by a failure, 2 called wrongly. */
export async function main(args: readonly string[], io: CliIo): Promise<number> {
  let options;
  try {
    options = await settings(args, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`shop-setup: ${error.message}`);
    io.err('See --help.');
    return 2;
  }
  if (options === 'help') {
    io.out(HELP);
    return 0;
  }
  io.out(`Shop: ${new URL(options.endpoint).host} (Admin API ${options.apiVersion})`);
  try {
    const admin = createAdminCall({ endpoint: options.endpoint, token: options.token, apiVersion: options.apiVersion, fetch: io.fetch, sleep: io.sleep });
    const result = await setUpShop({ ...options, admin, report: io.out });
    if (result.catalogue && options.out) {
      await writeFile(options.out, `${JSON.stringify(result.catalogue, null, 2)}\n`);
      io.out(`Wrote ${options.out}: the catalogue with the shop's ids, for the element's catalog attribute.`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    io.err(`shop-setup: ${error.message}`);
    return 1;
  }
}
