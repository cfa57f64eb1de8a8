// Both flows completed with the keyboard alone (Tab, Shift+Tab, Enter,
// Space, arrow keys and typing; no clicks, no fills), from the page's first control: the order to the
// demo checkout (pay in full, and the monthly plan with its finance step and the GoCardless drop-in
// stand-in, which takes focus when it opens and gives it back to the wizard when it closes), the
// specification request to its confirmation and the outbox. At every focus stop the focused element
// shows a focus indicator on screen. Focus moves into the wizard and each dialog when it opens (to its
// title) and back to what opened it when it closes, by Escape and by the Close button (and Back on the
// first step, and each confirmation's own buttons).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeFocus, focused as focusedInElement } from './a11y-checks.mjs';
import { DATE_OF_BIRTH } from './flows.mjs';
import { hasWebgl, useHarness } from './harness.mjs';

const harness = useHarness();

/** What has focus (a11y-checks' focused) and whether it is inside the GoCardless drop-in's overlay. */
async function focused(page) {
  const stop = await focusedInElement(page);
  const inDropin = await page.evaluate(() => globalThis.document.activeElement?.matches('[data-gocardless-dropin]') === true);
  return { ...stop, inDropin };
}

/**
 * The digits to type into a date input for an ISO date, in the order of the browser's locale
 * (day, month and year parts of Chromium's date field follow it).
 */
async function dateDigits(page, iso) {
  const [year, month, day] = iso.split('-');
  const order = await page.evaluate(() =>
    new Intl.DateTimeFormat(globalThis.navigator.language, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(2000, 0, 2))
      .map((part) => part.type)
      .filter((type) => type !== 'literal'),
  );
  return order.map((type) => ({ year, month, day })[type]).join('');
}

/** A bound for focus that never gets there, not a measure: a loaded machine stretches the page's work many times over. */
const FOCUS_BOUND_MS = 60_000;

/** The focused element, read again until `done` holds for it or the bound passes; the last one read. */
async function focusedOnce(page, done) {
  const deadline = Date.now() + FOCUS_BOUND_MS;
  let stop = await focused(page);
  while (!done(stop) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    stop = await focused(page);
  }
  return stop;
}

/** Waits until the focused element satisfies `probe`; returns it. Focus must show whenever it is set. */
async function expectFocus(page, probe, what) {
  const stop = await focusedOnce(page, probe);
  if (!probe(stop)) assert.fail(`focus never reached ${what}; it is on ${describeFocus(stop)}`);
  assert.ok(stop.visible, `focus on ${describeFocus(stop)} (${what}) is not visible: ${stop.why}`);
  return stop;
}

/**
 * Presses `key` (Tab by default) until the focused element satisfies `probe`, checking that focus
 * shows at every stop on the way. Fails after `limit` presses.
 */
async function tabTo(page, probe, what, { key = 'Tab', limit = 40 } = {}) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(key);
    // The browser scrolls a focused control into view as it renders its next frame, which a loaded machine may delay.
    const stop = await focusedOnce(page, (found) => found.visible);
    assert.ok(stop.visible, `after ${presses + 1} × ${key} towards ${what}: focus on ${describeFocus(stop)} is not visible: ${stop.why}`);
    if (probe(stop)) return stop;
  }
  assert.fail(`${key} never reached ${what}`);
}

/** Presses a key and waits for focus to land where `probe` says. */
async function pressExpecting(page, key, probe, what) {
  await page.keyboard.press(key);
  return expectFocus(page, probe, what);
}

const button = (name, dialog) => (stop) => stop.tag === 'BUTTON' && stop.name === name && (dialog === undefined || stop.inDialog === dialog);
const pageButton = (name) => button(name, '');
const title = (name) => (stop) => stop.tag === 'H2' && stop.name === name && stop.inDialog === name;
const radio = (name, checked = true) => (stop) => stop.type === 'radio' && (name === undefined || stop.name === name) && stop.checked === checked;
const checkbox = (name) => (stop) => stop.type === 'checkbox' && stop.name.startsWith(name);
const dropinButton = (name) => (stop) => stop.inDropin && stop.tag === 'BUTTON' && stop.name === name;
const textbox = (name) => (stop) => stop.tag === 'INPUT' && stop.name === name;

/** Tabs to the wizard's Continue and presses Enter; focus goes to the next step's title. */
async function continueTo(page, wizardTitle, stepTitle) {
  await tabTo(page, button('Continue', wizardTitle), `Continue on "${wizardTitle}"`);
  await pressExpecting(page, 'Enter', title(stepTitle), `the title of "${stepTitle}"`);
}

/** Tabs to a text field and types into it. */
async function typeInto(page, name, text) {
  await tabTo(page, textbox(name), `the "${name}" field`);
  await page.keyboard.type(text);
}

/** The contact step's four fields, in order: first name, last name, e-mail, phone. */
async function typeContact(page, values) {
  for (const [index, name] of ['First name', 'Last name', 'E-mail address', 'Phone number'].entries()) await typeInto(page, name, values[index]);
}

/** From the cable step to the extras: the standard installation with its terms accepted, then past Options. */
async function installationToExtras(page) {
  await continueTo(page, 'Power & cable', 'Installation');
  await tabTo(page, radio('Standard with no install'), 'the chosen installation');
  await pressExpecting(page, 'ArrowUp', radio('Standard'), 'the standard installation');
  await tabTo(page, checkbox(''), "the installation's terms");
  await page.keyboard.press('Space');
  await continueTo(page, 'Installation', 'Options');
  await continueTo(page, 'Options', 'Extras');
}

/** From the top of the page, Tab enters the element at its first control. */
async function enterElement(page) {
  await page.locator('ev-charger-configurator').getByRole('radiogroup', { name: 'Front' }).waitFor();
  const first = await tabTo(page, (stop) => stop.inElement, 'the element');
  assert.ok(pageButton('View in 3D')(first), `the element's first control is View in 3D, not ${describeFocus(first)}`);
}

describe('keyboard only', () => {
  it('orders on marketing-site.html from the first control to the demo checkout', async () => {
    const { page, errors } = await harness.open('/dist-examples/marketing-site.html');
    const element = page.locator('ev-charger-configurator');
    await enterElement(page);
    await tabTo(page, radio('Midnight Black'), 'the chosen front');
    await pressExpecting(page, 'ArrowRight', radio('Cheltenham Graphite'), 'the next front colour');

    // The wizard: in to its title, out to Continue by Escape, by Close, and by Back on its first step.
    await tabTo(page, pageButton('Continue'), 'the page Continue');
    await pressExpecting(page, 'Enter', title('Power & cable'), "the wizard's title");
    await pressExpecting(page, 'Escape', pageButton('Continue'), 'the page Continue after Escape');
    await pressExpecting(page, 'Enter', title('Power & cable'), "the wizard's title");
    await pressExpecting(page, 'Tab', button('Close', 'Power & cable'), 'Close');
    await pressExpecting(page, 'Enter', pageButton('Continue'), 'the page Continue after Close');
    await pressExpecting(page, 'Enter', title('Power & cable'), "the wizard's title");
    await tabTo(page, button('Back', 'Power & cable'), 'Back');
    await pressExpecting(page, 'Enter', pageButton('Continue'), 'the page Continue after Back on the first step');
    await pressExpecting(page, 'Enter', title('Power & cable'), "the wizard's title");

    // "Need help?": in and out by Escape, then by Close.
    await tabTo(page, button('Need help?', 'Power & cable'), 'Need help?');
    await pressExpecting(page, 'Enter', title('Contact Us'), 'the Contact Us title');
    await tabTo(page, (stop) => stop.tag === 'A' && stop.name === 'sales@quartz-charger.example', 'the sales e-mail link');
    await pressExpecting(page, 'Escape', button('Need help?', 'Power & cable'), 'Need help? after Escape');
    await pressExpecting(page, 'Enter', title('Contact Us'), 'the Contact Us title');
    await tabTo(page, button('Close', 'Contact Us'), 'Close of Contact Us');
    await pressExpecting(page, 'Enter', button('Need help?', 'Power & cable'), 'Need help? after Close');

    // An arrow key onto a 22kW cable asks; Escape, "Go back" and Close return to the radio and the old cable.
    await tabTo(page, radio('7kW socket'), 'the chosen cable', { key: 'Shift+Tab' });
    await pressExpecting(page, 'ArrowUp', title('22kW charging needs a three-phase supply'), 'the 22kW confirmation');
    await pressExpecting(page, 'Escape', radio('22kW with 6.5m cable', false), 'the 22kW radio after Escape');
    assert.equal(await element.getByRole('radio', { name: '7kW socket' }).isChecked(), true, 'Escape keeps the old cable');
    await pressExpecting(page, 'ArrowDown', radio('7kW socket'), 'the 7kW socket');
    await pressExpecting(page, 'ArrowUp', title('22kW charging needs a three-phase supply'), 'the 22kW confirmation');
    await tabTo(page, button('Go back', '22kW charging needs a three-phase supply'), 'Go back');
    await pressExpecting(page, 'Enter', radio('22kW with 6.5m cable', false), 'the 22kW radio after Go back');
    await pressExpecting(page, 'ArrowDown', radio('7kW socket'), 'the 7kW socket');
    await pressExpecting(page, 'ArrowUp', title('22kW charging needs a three-phase supply'), 'the 22kW confirmation');
    await tabTo(page, button('Close', '22kW charging needs a three-phase supply'), 'Close of the 22kW confirmation');
    await pressExpecting(page, 'Enter', radio('22kW with 6.5m cable', false), 'the 22kW radio after Close');
    await pressExpecting(page, 'ArrowUp', radio('7kW with 8.5m cable'), 'the 8.5m cable');

    await installationToExtras(page);
    await tabTo(page, checkbox('Cable hook'), 'Cable hook');
    await page.keyboard.press('Space');
    await continueTo(page, 'Extras', 'Cable hook colour');
    await tabTo(page, radio(undefined), 'the chosen hook colour');
    await pressExpecting(page, 'ArrowRight', radio('Cheltenham Graphite'), 'the next hook colour');
    await continueTo(page, 'Cable hook colour', 'Payment');
    // No plan is chosen yet: Tab lands on the first one, Space chooses it.
    await tabTo(page, radio('Pay in full', false), 'Pay in full');
    await page.keyboard.press('Space');
    await continueTo(page, 'Payment', 'Contact details');
    await typeContact(page, ['Sam', 'Lee', 'sam.lee@example.com', '07700 900123']);
    // Shift+Tab goes back through the form and out of it again.
    await tabTo(page, textbox('First name'), 'First name', { key: 'Shift+Tab' });
    await tabTo(page, button('Continue to checkout', 'Contact details'), 'Continue to checkout on the last step');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/demo-checkout\//);
    assert.match(await page.locator('main').textContent(), /sam\.lee@example\.com/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('orders with the monthly plan on marketing-site.html: finance, the drop-in, to the checkout of its draft order', async () => {
    const { page, errors } = await harness.open('/dist-examples/marketing-site.html');
    const wizard = page.locator('ev-charger-configurator').locator('dialog.evc-wizard');
    await enterElement(page);
    await tabTo(page, pageButton('Continue'), 'the page Continue');
    await pressExpecting(page, 'Enter', title('Power & cable'), "the wizard's title");
    // The default cable (7kW socket) stays: test 1 goes through the cables and the 22kW confirmation.
    await installationToExtras(page);
    await tabTo(page, checkbox('Digital display'), 'Digital display');
    await page.keyboard.press('Space');
    await continueTo(page, 'Extras', 'Payment');
    await tabTo(page, radio('Pay in full', false), 'Pay in full');
    await tabTo(page, (stop) => radio(undefined)(stop) && stop.name.startsWith('Pay monthly'), 'Pay monthly', { key: 'ArrowDown', limit: 3 });
    const plan = await wizard.locator('.evc-option', { has: page.getByRole('radio', { name: /^Pay monthly/ }) }).textContent();
    const monthly = /initial payment, then 36 monthly payments of (£[\d,]+\.\d\d)/.exec(plan)?.[1];
    assert.ok(monthly, `the monthly plan's figures: ${plan}`);
    await continueTo(page, 'Payment', 'Contact details');
    await typeContact(page, ['Alex', 'Morgan', 'alex.keyboard@example.com', '07700 900456']);
    await continueTo(page, 'Contact details', 'Finance');

    // Finance: a select by arrow keys, text fields, the date of birth typed into its parts, two boxes.
    await tabTo(page, (stop) => stop.tag === 'SELECT' && stop.name === 'Title', 'the Title select');
    const titleSelect = wizard.getByRole('combobox', { name: 'Title' });
    for (let presses = 0; (await titleSelect.inputValue()) !== 'Dr'; presses += 1) {
      assert.ok(presses < 8, 'ArrowDown never chose Dr');
      await page.keyboard.press('ArrowDown');
    }
    await typeInto(page, 'Legal name', 'Alexandra Morgan');
    await typeInto(page, 'Address line 1', '1 Example Street');
    await typeInto(page, 'City', 'London');
    await typeInto(page, 'Postcode', 'sw1a 1aa');
    await tabTo(page, textbox('Date of birth'), 'the date of birth');
    await page.keyboard.type(await dateDigits(page, DATE_OF_BIRTH));
    assert.equal(await wizard.getByLabel('Date of birth').inputValue(), DATE_OF_BIRTH);
    await tabTo(page, (stop) => stop.tag === 'SELECT' && stop.name === 'Gender', 'the Gender select');
    await tabTo(page, checkbox('I accept the monthly payment terms'), 'the monthly payment terms');
    await page.keyboard.press('Space');
    await tabTo(page, checkbox('I agree to a credit check'), 'the credit check');
    await page.keyboard.press('Space');
    await continueTo(page, 'Finance', 'Direct debit');

    // The drop-in takes focus when it opens and gives it back to the wizard when it closes:
    // cancelled by Escape, then completed with Tab and Enter.
    const setUp = button('Set up your Direct Debit', 'Direct debit');
    await tabTo(page, setUp, 'Set up your Direct Debit');
    await page.keyboard.press('Enter');
    await expectFocus(page, dropinButton('Set up Direct Debit'), "the drop-in's Set up Direct Debit");
    await pressExpecting(page, 'Tab', dropinButton('Cancel'), "the drop-in's Cancel");
    await pressExpecting(page, 'Tab', dropinButton('Set up Direct Debit'), "the drop-in's Set up Direct Debit again");
    await pressExpecting(page, 'Shift+Tab', dropinButton('Cancel'), "the drop-in's Cancel by Shift+Tab");
    await pressExpecting(page, 'Escape', setUp, 'Set up your Direct Debit after Escape in the drop-in');
    await wizard.getByText('You closed the GoCardless form before finishing.', { exact: false }).waitFor();
    await page.keyboard.press('Enter');
    await expectFocus(page, dropinButton('Set up Direct Debit'), "the drop-in's Set up Direct Debit");
    await pressExpecting(page, 'Tab', dropinButton('Cancel'), "the drop-in's Cancel");
    await pressExpecting(page, 'Enter', setUp, 'Set up your Direct Debit after Cancel in the drop-in');
    await page.keyboard.press('Enter');
    await expectFocus(page, dropinButton('Set up Direct Debit'), "the drop-in's Set up Direct Debit");
    await pressExpecting(page, 'Enter', (stop) => stop.inDialog === 'Direct debit' && stop.name.startsWith('Your Direct Debit details are complete.'), 'the confirmation');
    assert.equal(await wizard.evaluate((dialog) => dialog.matches(':modal')), true, 'the wizard is modal again');
    await tabTo(page, button('Continue to checkout', 'Direct debit'), 'Continue to checkout on the last step');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/demo-invoice\//);
    const text = await page.locator('main').textContent();
    // Every answer given by keyboard reached the draft order (the select's, the boxes', the drop-in's).
    const answers = ['E-mailalex.keyboard@example.com', 'Payment planPay monthly', `36 × ${monthly}`, 'GoCardless form completedYes'];
    answers.push('Finance: titleDr', 'Finance: legal nameAlexandra Morgan', 'Finance: postcodeSW1A 1AA');
    answers.push('Accepted monthly payment termsYes', 'Accepted credit checkYes');
    for (const expected of answers) assert.ok(text.includes(expected), `the draft order carries ${expected}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('sends a specification request on mobilize-portal.html from the first control to the outbox', async () => {
    const { page, errors } = await harness.open('/dist-examples/mobilize-portal.html');
    const email = 'keyboard@example.com';
    await enterElement(page);
    await tabTo(page, pageButton('Continue'), 'the page Continue');
    await pressExpecting(page, 'Enter', title('E-mail'), "the wizard's title");
    await typeInto(page, 'E-mail address', email);
    await continueTo(page, 'E-mail', 'Select Power & Cable Length');
    await tabTo(page, radio('Socketed'), 'Socketed');
    await pressExpecting(page, 'ArrowDown', radio('Tethered'), 'Tethered');
    await tabTo(page, radio('7kW with 5.5m cable'), 'the first tethered cable');
    await pressExpecting(page, 'ArrowDown', radio('7kW with 8.5m cable'), 'the 8.5m cable');
    await continueTo(page, 'Select Power & Cable Length', 'Select Installation');
    await tabTo(page, checkbox(''), "the installation's terms");
    await page.keyboard.press('Space');
    await continueTo(page, 'Select Installation', 'Select Your Extras');
    await tabTo(page, checkbox('Digital display'), 'Digital display');
    await page.keyboard.press('Space');
    await continueTo(page, 'Select Your Extras', 'Details');
    await typeInto(page, 'First name', 'Grace');
    await typeInto(page, 'Last name', 'Hopper');
    await typeInto(page, 'Phone number', '07700 900789');
    await continueTo(page, 'Details', 'Submission');
    await page.locator('ev-charger-configurator').getByText('Request for upgrade specification sent. You may leave this page now.').waitFor();
    const outbox = await (await fetch(harness.url('/api/outbox'))).json();
    assert.equal(outbox.filter((message) => message['h:Reply-To']?.includes(email)).length, 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the page dialogs take focus in and give it back: Start again, View in 3D; Share keeps it', async (t) => {
    const { page, errors } = await harness.open('/dist-examples/marketing-site.html');
    // The viewer file never arrives, so the 3D dialog stays on its loading state (no WebGL drawing).
    await page.route('**/dist/model-viewer.js', () => {});
    const element = page.locator('ev-charger-configurator');
    await enterElement(page);
    const webgl = await hasWebgl(page);
    if (webgl) {
      await pressExpecting(page, 'Enter', title('Your charger in 3D'), 'the 3D dialog title');
      await pressExpecting(page, 'Escape', pageButton('View in 3D'), 'View in 3D after Escape');
      await pressExpecting(page, 'Enter', title('Your charger in 3D'), 'the 3D dialog title');
      await tabTo(page, button('Close', 'Your charger in 3D'), 'Close of the 3D dialog');
      await pressExpecting(page, 'Enter', pageButton('View in 3D'), 'View in 3D after Close');
    } else {
      t.diagnostic('this Chromium has no WebGL: the 3D dialog was not opened');
    }

    await tabTo(page, pageButton('Start again'), 'Start again');
    await pressExpecting(page, 'Enter', title('Start again?'), 'the Start again title');
    await pressExpecting(page, 'Escape', pageButton('Start again'), 'Start again after Escape');
    await pressExpecting(page, 'Enter', title('Start again?'), 'the Start again title');
    await tabTo(page, button('Close', 'Start again?'), 'Close of Start again');
    await pressExpecting(page, 'Enter', pageButton('Start again'), 'Start again after Close');
    await pressExpecting(page, 'Enter', title('Start again?'), 'the Start again title');
    await tabTo(page, button('Keep my choices', 'Start again?'), 'Keep my choices');
    await pressExpecting(page, 'Enter', pageButton('Start again'), 'Start again after Keep my choices');
    await pressExpecting(page, 'Enter', title('Start again?'), 'the Start again title');
    await tabTo(page, button('Yes, start again', 'Start again?'), 'Yes, start again');
    await pressExpecting(page, 'Enter', pageButton('Start again'), 'Start again after Yes');
    await element.getByRole('status').filter({ hasText: 'Your choices are back to the defaults.' }).waitFor();

    await tabTo(page, pageButton('Share this configuration'), 'Share', { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    await element.getByRole('status').filter({ hasText: /Link copied|Copy the link below/ }).waitFor();
    await expectFocus(page, pageButton('Share this configuration'), 'Share after sharing');
    await tabTo(page, textbox('Link to this configuration'), 'the link field');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
