// The buyer's path as laid out in Chromium: on a 390x844 phone the preview stays in view while a
// swatch is pressed, on the page and on the wizard's hook-colour step; at 1280x900 the wizard's
// total stays in view above its footer with many lines, and "Need help?" keeps its place when the
// 22kW dialog hides Continue and "Per month" lines up with its amounts; a 22kW cable in spec-request
// mode is announced in a live region; terms-url is a link in a new tab; the demo checkout fits the phone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configureMonthly, configureOrder, HIGH_POWER_DIALOG } from './flows.mjs';
import { useHarness } from './harness.mjs';

const harness = useHarness();

const ORDER_PAGE = '/dist-examples/marketing-site.html';
const SPEC_REQUEST_PAGE = '/dist-examples/mobilize-portal.html';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The order page in a fresh tab sized `viewport` before it loads, so its layout is that size's from the start. */
async function openOrderPage(viewport) {
  const opened = await harness.open('about:blank');
  await opened.page.setViewportSize(viewport);
  await opened.page.goto(harness.url(ORDER_PAGE));
  return opened;
}

/** Whether a box lies wholly within the viewport's height (and above `bottom` when given). */
function inView(box, viewport, bottom = viewport.height) {
  return box !== null && box.y >= 0 && box.y + box.height <= bottom + 0.5;
}

/** Presses (mouse down) the swatch, checks `check` while it is held, then releases it. */
async function whilePressed(page, swatch, check) {
  await swatch.scrollIntoViewIfNeeded();
  const box = await swatch.boundingBox();
  assert.ok(box, 'the swatch is laid out');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  try {
    await check();
  } finally {
    await page.mouse.up();
  }
}

async function openWizard(page) {
  const element = page.locator('ev-charger-configurator');
  await element.getByRole('radiogroup', { name: 'Front' }).waitFor();
  await element.getByRole('button', { name: 'Continue' }).click();
  const wizard = element.locator('dialog.evc-wizard');
  await wizard.waitFor();
  const next = () => wizard.locator('[part~="next-button"]').click();
  return { element, wizard, next };
}

describe('the buyer’s path, laid out', () => {
  it('phone: the page’s preview stays in view while a body swatch two screens down is pressed, and shows it', async () => {
    const { page, errors } = await openOrderPage(PHONE);
    const element = page.locator('ev-charger-configurator');
    const stage = element.locator('.evc-product .evc-preview-stage');
    await stage.waitFor();
    const swatch = element.getByRole('radiogroup', { name: 'Body' }).getByRole('radio', { name: /^Purple Spirit/ });
    await whilePressed(page, swatch, async () => {
      assert.ok(inView(await stage.boundingBox(), PHONE), 'the preview is within the viewport while the swatch is pressed');
    });
    await element.locator('figcaption', { hasText: 'Purple Spirit' }).waitFor();
    assert.ok(inView(await stage.boundingBox(), PHONE), 'the preview is still in view, showing the colour');
    const side = element.locator('.evc-product img[data-view="side"]:not([hidden])');
    assert.match(await side.getAttribute('src'), /purple_spirit/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('phone: the hook-colour step shows a compact preview that stays in view while a swatch is pressed', async () => {
    const { page, errors } = await openOrderPage(PHONE);
    const { wizard, next } = await openWizard(page);
    await wizard.getByRole('radio', { name: '7kW with 5.5m cable' }).check();
    await next();
    await wizard.getByRole('checkbox', { name: /terms/ }).check();
    await next();
    await next(); // options
    await wizard.getByRole('checkbox', { name: /^Cable hook/ }).check();
    await next(); // extras
    // Small screens may show the price summary step first.
    const step = wizard.locator('.evc-step');
    await step.and(wizard.locator('[data-step="summary"], [data-step="hook"]')).waitFor();
    if ((await step.getAttribute('data-step')) === 'summary') await next();
    await wizard.locator('.evc-step[data-step="hook"]').waitFor();
    const stage = wizard.locator('.evc-step .evc-preview-stage');
    const swatch = wizard.getByRole('radiogroup', { name: 'Cable hook colour' }).getByRole('radio', { name: /^Purple Spirit/ });
    await whilePressed(page, swatch, async () => {
      assert.ok(inView(await stage.boundingBox(), PHONE), 'the preview is within the viewport while the swatch is pressed');
    });
    const hook = wizard.locator('.evc-step img[data-view="hook"]:not([hidden])');
    await hook.waitFor();
    assert.match(await hook.getAttribute('src'), /purple_spirit/);
    assert.ok(inView(await stage.boundingBox(), PHONE), 'the preview is still in view, showing the hook');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('desktop: with many lines the total stays in view above the footer; the checkout fits a phone', async () => {
    const { page, errors } = await openOrderPage(DESKTOP);
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('radiogroup', { name: 'Front' }).getByRole('radio', { name: /^Racing Green/ }).check();
    await element.getByRole('radiogroup', { name: 'Body' }).getByRole('radio', { name: /^Windsor Grey/ }).check();
    const { wizard, next } = await configureOrder(page, element, { email: 'sam.lee@example.com' });
    const footer = await wizard.locator(':scope > .evc-modal-footer').boundingBox();
    const table = await wizard.locator('.evc-wizard-aside .evc-summary table').boundingBox();
    assert.ok(table.y + table.height > footer.y, 'the summary runs below the footer');
    const total = wizard.locator('.evc-wizard-aside [part~="total"]');
    assert.ok(inView(await total.boundingBox(), DESKTOP, footer.y), 'the total is within the viewport, above the footer');

    await next();
    await page.waitForURL(/\/demo-checkout\//);
    await page.setViewportSize(PHONE);
    const width = await page.evaluate(() => globalThis.document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `the checkout page is ${width} px wide on a ${PHONE.width} px phone`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('desktop: "Need help?" keeps its place when the 22kW dialog hides Continue', async () => {
    const { page, errors } = await openOrderPage(DESKTOP);
    const { element, wizard } = await openWizard(page);
    const help = wizard.locator('[part~="help-button"]');
    const before = await help.boundingBox();
    await wizard.getByRole('radio', { name: '22kW with 6.5m cable' }).check();
    await element.getByRole('dialog', { name: HIGH_POWER_DIALOG }).waitFor();
    assert.equal(await wizard.locator('[part~="next-button"]').count(), 0, 'Continue is hidden');
    const after = await help.boundingBox();
    assert.deepEqual([after.x, after.y], [before.x, before.y]);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('spec-request: a 22kW cable announces the installation and surge protection it brings, in a polite live region', async () => {
    const { page, errors } = await harness.open(SPEC_REQUEST_PAGE);
    const { wizard, next } = await openWizard(page);
    await wizard.getByRole('textbox', { name: 'E-mail address' }).fill('driver@lease.example');
    await next();
    await wizard.getByRole('radio', { name: 'Tethered', exact: true }).check();
    const status = wizard.locator('.evc-step .evc-choice-changes');
    assert.equal((await status.textContent()).trim(), '', 'nothing said before the choice');
    await wizard.getByRole('radio', { name: '22kW with 6.5m cable' }).check();
    assert.equal(await status.getAttribute('aria-live'), null, 'role=status is polite by itself');
    await wizard.getByRole('status').filter({ hasText: '£360.00' }).waitFor();
    assert.match(await status.textContent(), /Installation is now 22kW Premium installation \(physical survey\), £360\.00, to match a 22kW charger\./);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('terms-url: the installation terms link to the merchant’s page, in a new tab', async () => {
    const { page, errors } = await harness.open('about:blank');
    await page.route(harness.url(ORDER_PAGE), async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('<ev-charger-configurator', '<ev-charger-configurator terms-url="/terms"');
      await route.fulfill({ response, body });
    });
    await page.goto(harness.url(ORDER_PAGE));
    const { wizard, next } = await openWizard(page);
    await next();
    const link = wizard.getByRole('link', { name: 'Read the terms & conditions (opens in a new tab)' });
    assert.equal(await link.getAttribute('href'), harness.url('/terms'));
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.match(await link.getAttribute('rel'), /\bnoopener\b/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('monthly plan: the "Per month" header is aligned with its amounts', async () => {
    const { page, errors } = await harness.open(ORDER_PAGE);
    const { wizard } = await configureMonthly(page);
    const table = wizard.locator('.evc-wizard-aside table[data-plan="monthly"]');
    const header = table.getByRole('columnheader', { name: 'Per month' });
    const amount = table.locator('tbody td').first();
    const align = (cell) => cell.evaluate((node) => globalThis.getComputedStyle(node).textAlign);
    assert.equal(await align(header), await align(amount));
    const [headerBox, amountBox] = [await header.boundingBox(), await amount.boundingBox()];
    assert.ok(Math.abs(headerBox.x + headerBox.width - (amountBox.x + amountBox.width)) < 1, 'their right edges line up');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
