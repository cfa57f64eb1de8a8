// ERR-2, SAVE-1: closing and reopening, or reloading the page, returns to the same step with the same
// choices.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useHarness } from './harness.mjs';

const harness = useHarness();

describe('the wizard keeps its place', () => {
  it('reload and close/reopen return to the same step with the same choices', async () => {
    const { page, errors } = await harness.open('/dist-examples/marketing-site.html');
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('button', { name: 'Continue' }).click();
    const wizard = element.locator('dialog.evc-wizard');
    await wizard.getByRole('radio', { name: '7kW with 8.5m cable' }).check();
    await wizard.getByRole('button', { name: 'Continue', exact: true }).last().click();
    await wizard.getByRole('radio', { name: 'Standard', exact: true }).check();

    await page.reload();
    const installation = element.getByRole('dialog', { name: 'Installation' });
    await installation.waitFor();
    assert.equal(await installation.getByRole('radio', { name: 'Standard', exact: true }).isChecked(), true);

    await installation.getByRole('button', { name: 'Close' }).first().click();
    await installation.waitFor({ state: 'hidden' });
    await element.getByRole('button', { name: 'Continue' }).click();
    await installation.waitFor();
    await installation.getByRole('button', { name: 'Back' }).click();
    const cable = element.getByRole('dialog', { name: 'Power & cable' });
    assert.equal(await cable.getByRole('radio', { name: '7kW with 8.5m cable' }).isChecked(), true);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
