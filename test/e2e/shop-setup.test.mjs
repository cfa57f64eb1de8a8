// The set-up command as a merchant runs it (`npx ev-charger-configurator shop-setup`, a child process
// with the token in its environment) against the demo server's Admin API stand-in: it fills an emptied
// demo shop; a second run and a dry run change nothing; and marketing-site.html with the catalogue it
// wrote (and no product-id of its own) orders from that shop, the checkout holding the wizard's lines.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { assertCheckoutMatches, checkoutPage, configureOrder, wizardSummary } from './flows.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();
const run = promisify(execFile);
const ROOT_URL = new URL('../../', import.meta.url);
const ROOT = fileURLToPath(ROOT_URL);
/** The package's bin, as package.json names it. */
const BIN = fileURLToPath(new URL(JSON.parse(readFileSync(new URL('package.json', ROOT_URL), 'utf8')).bin['ev-charger-configurator'], ROOT_URL));
const PAGE = '/dist-examples/marketing-site.html';
const CATALOGUE = '/setup/catalogue.json';

/**
 * The command as a child process: through npx, as the README gives it, or (`npx: false`) the package's
 * bin file itself, which npx runs, without npx's second of start-up. Its exit code, output and errors.
 */
async function shopSetup(args, { npx = false } = {}) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, SHOPIFY_ADMIN_TOKEN: 'shpat_demo-admin-token' };
  const [command, prefix] = npx ? ['npx', ['--no-install', 'ev-charger-configurator']] : [process.execPath, [BIN]];
  try {
    const { stdout, stderr } = await run(command, [...prefix, 'shop-setup', ...args], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

const control = async (body) => {
  const response = await fetch(harness.url('/api/_control'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(response.status, 200);
};

describe('setting up a shop with the command', () => {
  it('fills an empty demo shop, changes nothing the second time, and a page with its catalogue orders from it', async () => {
    await control({ shop: 'empty' });
    const endpoint = harness.url('/admin/api/2026-04/graphql.json');
    const out = join(await mkdtemp(join(tmpdir(), 'evc-shop-setup-')), 'catalogue.json');

    const first = await shopSetup(['--admin-endpoint', endpoint, '--out', out], { npx: true });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /21 created, 0 updated, 0 unchanged\./);
    const second = await shopSetup(['--admin-endpoint', endpoint]);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /Nothing to change: all 21 products are as the catalogue says\./);
    const dry = await shopSetup(['--admin-endpoint', endpoint, '--dry-run']);
    assert.match(dry.stdout, /Plan \(dry run: nothing is changed\):[\s\S]*unchanged {2}installation/);
    const catalogue = await readFile(out, 'utf8');

    const { page, errors } = await harness.open('about:blank');
    await page.route(harness.url(CATALOGUE), (route) => route.fulfill({ contentType: 'application/json', body: catalogue }));
    await page.route(harness.url(PAGE), async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/ product-id="[^"]*"/, '').replace('<ev-charger-configurator', `<ev-charger-configurator catalog="${CATALOGUE}"`);
      await route.fulfill({ response, body });
    });
    const asked = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql.json')) asked.push(JSON.parse(request.postData()));
    });
    await page.goto(harness.url(PAGE));
    const { wizard, next } = await configureOrder(page, undefined, { email: 'sam.lee@home.example' });
    // The installation options are described by the installation product the command made.
    const { installationProductId } = JSON.parse(catalogue);
    assert.ok(asked.some((body) => body.query.includes('query ProductDetails') && body.variables.id === installationProductId), 'the installation product was asked for');
    const summary = await wizardSummary(wizard);
    await next();
    await page.waitForURL(/\/demo-checkout\//);
    assertCheckoutMatches(await checkoutPage(page), summary, 'shop');
    assert.deepEqual(errors, []);
    await page.close();
    await control({ reset: true });
  });
});
