// DEMO-1, EXAMPLE-1: the index lists the examples and each page
// runs the built element in its mode without console errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useHarness } from './harness.mjs';

const harness = useHarness();

describe('demo examples', () => {
  it('the index links both example pages', async () => {
    const { page, errors } = await harness.open('/');
    for (const name of ['marketing-site.html', 'mobilize-portal.html']) {
      assert.equal(await page.getByRole('link', { name }).getAttribute('href'), `/dist-examples/${name}`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('marketing-site.html shows the configurator in order mode with a total in pounds', async () => {
    const { page, errors } = await harness.open('/dist-examples/marketing-site.html');
    const element = page.locator('ev-charger-configurator');
    assert.equal(await element.getAttribute('mode'), 'order');
    // Locators pierce open shadow roots; the element has no light-DOM children of its own.
    const amount = element.getByText(/^£\d[\d,]*\.\d{2}$/).first();
    await amount.waitFor({ state: 'visible' });
    assert.match(await amount.innerText(), /^£/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  // STEP-15, specification-request flow step 01.
  it('mobilize-portal.html shows the configurator in spec-request mode', async () => {
    const { page, errors } = await harness.open('/dist-examples/mobilize-portal.html');
    const element = page.locator('ev-charger-configurator');
    assert.equal(await element.getAttribute('mode'), 'spec-request');
    await element.getByRole('button', { name: 'Continue' }).first().click();
    const wizard = element.getByRole('dialog');
    await wizard.getByText("Let's make sure your configuration is linked to your Mobilize order.").waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
});
