// The wizard is its own file (dist/wizard.js), loaded when the buyer first presses Continue and
// rendered with the page script's React, or a `wizard-src` copy's own, in a root of its own
// (docs/decisions/wizard-in-a-root-of-its-own.md); a failed load is shown with "Try again", which fetches
// wizard.js afresh, or, when a file it imports failed (the browser keeps that failure), says to reload.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { firstLoadFiles } from '../../scripts/first-load.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();
const wizardRequests = (requests) => requests.filter((url) => new URL(url).pathname === '/dist/wizard.js');

describe('wizard on demand', () => {
  it('marketing-site.html requests wizard.js only when Continue is pressed, then shows the wizard', async () => {
    const { page, errors, requests } = await harness.open('/dist-examples/marketing-site.html');
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('button', { name: 'Continue' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(wizardRequests(requests), [], 'the wizard is not part of the page load');

    await element.getByRole('button', { name: 'Continue' }).click();
    const wizard = element.getByRole('dialog', { name: 'Power & cable' });
    await wizard.waitFor();
    assert.equal(wizardRequests(requests).length, 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a failed load says so with "Try again", and trying again opens the wizard', async () => {
    const { page } = await harness.open('/dist-examples/marketing-site.html');
    let refuse = true;
    await page.route('**/dist/wizard.js*', (route) => (refuse ? route.abort('failed') : route.continue()));
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('button', { name: 'Continue' }).click();
    const alert = element.getByRole('alert').filter({ hasText: 'The wizard could not be loaded' });
    await alert.waitFor();
    refuse = false;
    await element.getByRole('button', { name: 'Try again' }).click();
    await element.getByRole('dialog', { name: 'Power & cable' }).waitFor();
    await page.close();
  });

  it('when wizard.js arrives but a chunk it imports does not, says to reload the page, with no "Try again"', async () => {
    const { page, errors } = await harness.open('/dist-examples/marketing-site.html');
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('button', { name: 'Continue' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The page's own chunks are loaded by now; those only the wizard imports fail.
    await page.route('**/dist/chunk-*', (route) => route.abort('failed'));
    await element.getByRole('button', { name: 'Continue' }).click();
    const alert = element.getByRole('alert').filter({ hasText: 'reload the page to try again' });
    await alert.waitFor();
    assert.equal(await alert.getByRole('button', { name: 'Try again' }).count(), 0);
    assert.ok(errors.every((error) => /Failed to load resource/.test(error)), errors.join('\n'));
    await page.close();
  });

  it('wizard-src naming a copy at another URL: the wizard and Start again come from it, with the React its own chunks bring, and act on the page\'s choices', async () => {
    const { page, errors, requests } = await harness.open('/dist-examples/marketing-site.html');
    // The same build served under another path: every file of the copy has a URL of its own.
    const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
    await page.route('**/copy/*', (route) => route.fulfill({ path: `${dist}${new URL(route.request().url()).pathname.slice('/copy/'.length)}` }));
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('button', { name: 'Continue' }).waitFor();
    await element.evaluate((node) => node.setAttribute('wizard-src', '/copy/wizard.js'));

    await element.getByRole('button', { name: 'Continue' }).click();
    const wizard = element.getByRole('dialog', { name: 'Power & cable' });
    await wizard.getByRole('radio', { name: '7kW with 8.5m cable' }).check();
    await wizard.getByRole('button', { name: 'Continue', exact: true }).last().click();
    const installation = element.getByRole('dialog', { name: 'Installation' });
    await installation.getByRole('button', { name: 'Close' }).first().click();
    await installation.waitFor({ state: 'hidden' });
    const paths = requests.map((url) => new URL(url).pathname);
    assert.deepEqual(wizardRequests(requests), [], "the build's own wizard.js is not loaded");
    // The page's React is in its first-load chunk; the copy's wizard imports that chunk by its own URL.
    const reactChunk = firstLoadFiles(dist).find((file) => file.startsWith('chunk-'));
    assert.ok(paths.includes(`/copy/${reactChunk}`), `the copy brought its own React (${paths.filter((path) => path.startsWith('/copy/')).join(', ')})`);

    await element.getByRole('button', { name: 'Start again' }).click();
    await element.getByRole('dialog', { name: 'Start again?' }).getByRole('button', { name: 'Yes, start again' }).click();
    await element.getByText('Your choices are back to the defaults.').waitFor();
    await element.getByRole('button', { name: 'Continue' }).click();
    assert.equal(await element.getByRole('dialog', { name: 'Power & cable' }).getByRole('radio', { name: '7kW with 8.5m cable' }).isChecked(), false, "Start again reset the page's choices");
    assert.deepEqual(errors, []);
    await page.close();
  });
});
