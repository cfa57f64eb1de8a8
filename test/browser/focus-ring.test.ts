// The dialog's title takes focus when the wizard opens (Modal); its focus ring shows when the wizard
// was opened from the keyboard and not when it was opened with the mouse, in every engine (WebKit
// matches :focus-visible on any element focused by script, so it drew the ring after a click).
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { expect } from 'chai';
import { after, before, describe, it } from './mocha';
import { loadElements, settledBoxInView, waitFor } from './page';
import { allByRole, deepActiveElement } from './queries';

let host: HTMLElement;
let root: ShadowRoot;
let precedingButton: HTMLButtonElement;

const pageContinue = () => allByRole(root, 'button', 'Continue').find((button) => !button.closest('dialog')) as HTMLButtonElement;

/** Waits for the wizard's title to take focus; returns its outline width (0 when none is drawn). */
async function titleOutline(): Promise<number> {
  const title = await waitFor(() => {
    const focused = deepActiveElement();
    return focused?.matches('dialog[open] [part~="dialog-title"]') && focused;
  }, "the wizard's title to take focus");
  const style = getComputedStyle(title);
  return style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
}

async function closeWizard() {
  const wizard = root.querySelector('dialog[open]') as HTMLDialogElement;
  (wizard.querySelector('[part~="close-button"]') as HTMLButtonElement).click();
  await waitFor(() => !wizard.open, 'the wizard to close');
}

describe("the dialog title's focus ring", () => {
  before(async () => {
    expect(await loadElements()).to.deep.equal([]);
    host = document.createElement('ev-charger-configurator');
    host.setAttribute('persist', 'none');
    // Where keyboard focus starts: a focus set by script shows no ring, and neither would the title's.
    precedingButton = document.createElement('button');
    precedingButton.textContent = 'Before';
    document.body.append(precedingButton, host);
    root = await waitFor(() => host.shadowRoot, 'the shadow root');
    await waitFor(() => pageContinue(), 'the page to render');
  });

  after(() => {
    host.remove();
    precedingButton.remove();
  });

  it('is not drawn when the wizard is opened with the mouse', async () => {
    const box = await settledBoxInView(pageContinue);
    await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
    expect(await titleOutline()).to.equal(0);
    await closeWizard();
  });

  it('is drawn when the wizard is opened from the keyboard', async () => {
    precedingButton.focus();
    for (let presses = 0; deepActiveElement() !== pageContinue(); presses += 1) {
      expect(presses, 'Tab presses to reach Continue').to.be.below(60);
      await sendKeys({ press: 'Tab' });
    }
    await sendKeys({ press: 'Enter' });
    expect(await titleOutline()).to.be.at.least(2);
    await closeWizard();
  });
});
