// Focus and keyboard use in real Chromium, against the built classic script (Tests: "focus
// and keyboard use of the radio groups"). Keys go through the browser's real input pipeline
// (`sendKeys`), so native radio-group and dialog behaviour is what is tested.
import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import type { EvcChangeDetail } from '../../src/elements/events';
import { after, before, describe, it } from './mocha';
import { loadElements, waitFor } from './page';
import { accessibleName, allByRole, byRole, deepActiveElement } from './queries';

let host: HTMLElement;
let root: ShadowRoot;
let precedingButton: HTMLButtonElement;
const changes: EvcChangeDetail[] = [];

const press = (key: string) => sendKeys({ press: key });

/** Tabs forward until `probe` holds for the focused element; fails after `limit` presses. */
async function tabUntil(probe: (focused: Element | null) => boolean, what: string, limit = 40): Promise<Element> {
  for (let presses = 0; presses < limit; presses += 1) {
    await press('Tab');
    const focused = deepActiveElement();
    if (focused && probe(focused)) return focused;
  }
  throw new Error(`Tab never reached ${what}`);
}

const inGroup = (name: string) => (focused: Element | null) =>
  focused instanceof HTMLInputElement && focused.type === 'radio' && focused.closest('[role="radiogroup"]') === byRole(root, 'radiogroup', name);

/** The Total row of the order summary on the page (not the one inside the wizard). */
function pageTotal(): string {
  const header = [...root.querySelectorAll('th')].find((cell) => cell.textContent?.trim() === 'Total' && !cell.closest('dialog'));
  return header?.closest('tr')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

const lastTotal = () => changes.at(-1)?.totals.total;

/** The focused radio's outline, or its label's when the input itself is visually hidden. */
function focusOutline(radio: HTMLInputElement): { style: string; width: number } {
  for (const element of [radio, radio.closest('label')]) {
    if (!element) continue;
    const style = getComputedStyle(element);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  }
  return { style: 'none', width: 0 };
}

/** Each colour group: Tab reaches the chosen radio, an arrow key chooses the next colour. */
async function arrowChangesChoice(group: string) {
  const radio = (await tabUntil(inGroup(group), `the "${group}" group`)) as HTMLInputElement;
  expect(radio.checked, 'Tab lands on the chosen radio').to.equal(true);
  expect(radio.matches(':focus-visible'), 'keyboard focus is :focus-visible').to.equal(true);
  const outline = focusOutline(radio);
  expect(outline.style, 'a focus outline is drawn').to.not.equal('none');
  expect(outline.width).to.be.at.least(2);

  const totalBefore = pageTotal();
  const sumBefore = lastTotal();
  const eventsBefore = changes.length;
  await press('ArrowRight');
  const moved = await waitFor(() => {
    const focused = deepActiveElement();
    return focused !== radio && inGroup(group)(focused) && (focused as HTMLInputElement).checked && (focused as HTMLInputElement);
  }, `ArrowRight to choose the next "${group}" colour`);
  expect(radio.checked).to.equal(false);
  await waitFor(() => changes.length > eventsBefore && pageTotal() !== totalBefore, 'the total to follow the choice');
  expect(lastTotal(), `the new total after choosing ${accessibleName(moved)}`).to.not.equal(sumBefore);
  expect(pageTotal()).to.contain(`£${lastTotal()?.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
}

describe('keyboard and focus (built element in Chromium)', () => {
  before(async () => {
    expect(await loadElements()).to.deep.equal([]);
    // Something focusable before the element, so Tab enters it the way it would on a page.
    precedingButton = document.createElement('button');
    precedingButton.textContent = 'Before';
    host = document.createElement('ev-charger-configurator');
    host.setAttribute('persist', 'none');
    host.setAttribute('support-phone', '020 7946 0321');
    host.addEventListener('evc-change', (event) => changes.push(event.detail));
    document.body.append(precedingButton, host);
    root = await waitFor(() => host.shadowRoot, 'the shadow root');
    await waitFor(() => allByRole(root, 'radiogroup', 'Body').length > 0, 'the pickers to render');
  });

  after(() => {
    host.remove();
    precedingButton.remove();
  });

  it('reaches the "Front" group by Tab; arrow keys change the front and the total', async () => {
    precedingButton.focus();
    await arrowChangesChoice('Front');
  });

  it('reaches the "Body" group by Tab from there; arrow keys change the body and the total', async () => {
    await arrowChangesChoice('Body');
  });

  it('opens the wizard with Continue, moves focus into it, and Escape returns focus to Continue', async () => {
    const continueButton = allByRole(root, 'button', 'Continue').find((button) => !button.closest('dialog'));
    expect(continueButton, 'a Continue button on the page').to.not.equal(undefined);
    continueButton?.focus();
    await press('Enter');
    const wizard = await waitFor(() => [...root.querySelectorAll('dialog')].find((dialog) => dialog.open), 'the wizard dialog to open');
    expect(accessibleName(wizard), 'the wizard has an accessible name').to.not.equal('');
    await waitFor(() => deepActiveElement()?.closest('dialog') === wizard, 'focus to move into the wizard');

    await press('Escape');
    await waitFor(() => !wizard.open, 'Escape to close the wizard');
    await waitFor(() => deepActiveElement() === continueButton, 'focus to return to Continue');
  });

  it('"Need help?" opens the dialog named "Contact Us"; Escape closes it, then the wizard', async () => {
    const continueButton = allByRole(root, 'button', 'Continue').find((button) => !button.closest('dialog'));
    continueButton?.focus();
    await press('Enter');
    const wizard = await waitFor(() => [...root.querySelectorAll('dialog')].find((dialog) => dialog.open), 'the wizard dialog to open');
    const help = byRole(wizard, 'button', 'Need help?');
    help.focus();
    await press('Enter');

    const contact = await waitFor(() => allByRole(root, 'dialog', 'Contact Us').find((dialog) => (dialog as HTMLDialogElement).open), 'the Contact Us dialog');
    expect(contact.textContent).to.contain("We're happy to help you at any step along the way. Simply contact us below.");
    expect(contact.textContent).to.contain('08:00-19:00 Monday to Friday');
    await waitFor(() => deepActiveElement()?.closest('dialog') === contact, 'focus to move into the Contact Us dialog');

    await press('Escape');
    await waitFor(() => !(contact as HTMLDialogElement).open, 'Escape to close the Contact Us dialog');
    expect(wizard.open, 'the wizard stays open behind it').to.equal(true);
    await waitFor(() => deepActiveElement() === help, 'focus to return to "Need help?"');

    await press('Escape');
    await waitFor(() => !wizard.open, 'a second Escape to close the wizard');
    await waitFor(() => deepActiveElement() === continueButton, 'focus to return to Continue');
  });
});
