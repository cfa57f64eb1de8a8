// A variant the shop answers it cannot sell (steered through `/api/_control`) is an option the wizard
// disables, with the reason read with it; an order already holding one says so and holds the checkout.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UK_CATALOGUE } from '../../dist/server.js';
import { assertNoAxeViolations } from './a11y-checks.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const REASON = 'Not available from the shop at the moment';
const variant = (items, id) => items.find((item) => item.id === id).variantId;

const control = async (body) => {
  const response = await fetch(harness.url('/api/_control'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(response.status, 200, `/api/_control answered ${response.status}`);
};

/** What describes a control (aria-describedby), read in its shadow root. */
const description = (control) =>
  control.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => input.getRootNode().getElementById(id)?.textContent ?? '')
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );

describe('availability from the shop (marketing-site.html)', () => {
  it('disables an extra and a cable the shop cannot sell, with the reason; a chosen one is named and the checkout waits', async () => {
    const { page, errors } = await harness.open('/dist-examples/marketing-site.html');
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('button', { name: 'Continue' }).click();
    const wizard = element.locator('dialog.evc-wizard');
    const next = () => wizard.getByRole('button', { name: /^Continue( to checkout)?$/ }).last().click();
    const back = () => wizard.getByRole('button', { name: 'Back', exact: true }).click();
    // The default cable and no installation (its terms accepted), no options, and the extended warranty.
    await next();
    await wizard.getByRole('checkbox', { name: /terms/ }).check();
    await next();
    await next();
    await wizard.getByRole('checkbox', { name: 'Extended warranty' }).check();

    const warranty = UK_CATALOGUE.addOns.find((addOn) => addOn.id === 'warranty');
    await control({ unavailable: [variant(UK_CATALOGUE.addOns, 'display'), warranty.variantId, variant(UK_CATALOGUE.cables, 'tethered_7kw_8_5m')] });
    try {
      await page.reload();
      const extras = element.getByRole('dialog', { name: 'Extras' });
      await extras.waitFor();
      const display = extras.getByRole('checkbox', { name: 'Digital display' });
      await page.waitForFunction((host) => host.shadowRoot.querySelector('.evc-option[data-unavailable]') !== null, await element.elementHandle());
      assert.equal(await display.isDisabled(), true, 'the display cannot be ticked');
      assert.match(await description(display), new RegExp(`${REASON}$`));
      // The warranty, saved before the shop took it off sale: named where the buyer is, and still untickable.
      const notice = extras.getByRole('status').filter({ hasText: 'is not available' });
      assert.equal((await notice.textContent()).trim(), `${warranty.name} is not available from the shop at the moment: please choose something else.`);
      assert.equal(await extras.getByRole('checkbox', { name: 'Extended warranty' }).isEnabled(), true);

      // Extras, options, installation: back to the cable.
      for (let step = 0; step < 3; step += 1) await back();
      const cable = element.getByRole('dialog', { name: 'Power & cable' });
      const longCable = cable.getByRole('radio', { name: '7kW with 8.5m cable' });
      assert.equal(await longCable.isDisabled(), true, 'the 8.5m cable cannot be chosen');
      assert.match(await description(longCable), new RegExp(`${REASON}$`));
      assert.equal(await cable.getByRole('radio', { name: '7kW with 5.5m cable' }).isEnabled(), true);
      await assertNoAxeViolations(cable, 'the cable step with an option the shop cannot sell');

      // On to the last step (through installation, options, extras and payment): its Continue, the checkout, waits.
      for (let step = 0; step < 4; step += 1) await next();
      await wizard.getByRole('radio', { name: /^Pay in full/ }).check();
      await next();
      await wizard.getByRole('textbox', { name: 'First name' }).fill('Sam');
      await wizard.getByRole('textbox', { name: 'Last name' }).fill('Lee');
      await wizard.getByRole('textbox', { name: 'E-mail address' }).fill('sam.lee@home.example');
      await wizard.getByRole('textbox', { name: 'Phone number' }).fill('07700 900123');
      const checkout = wizard.getByRole('button', { name: /^Continue( to checkout)?$/ }).last();
      assert.equal(await checkout.isDisabled(), true, 'no checkout with an item the shop cannot sell');
      assert.match(await description(checkout), new RegExp(`^${warranty.name.replace(/[()]/g, '\\$&')} is not available`));
      assert.deepEqual(errors, []);
    } finally {
      await control({ reset: true });
    }
    await page.close();
  });
});
