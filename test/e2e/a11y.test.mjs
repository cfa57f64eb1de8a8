// Issues 3 and 7, Accessibility: axe-core (WCAG 2.2 A and AA) finds no violations on the configurator
// page of both example pages, with the share link's feedback showing, nor in its dialogs (Start again,
// and View in 3D while it loads, when it failed and with the model shown), which also fit 320 px. The wizard's steps and
// dialogs are checked in a11y-order-steps and a11y-spec-request-steps, the keyboard in a11y-keyboard,
// reduced motion in a11y-motion.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AXE_TAGS, assertNoAxeViolations, layoutProblems } from './a11y-checks.mjs';
import { hasWebgl, useHarness } from './harness.mjs';

const harness = useHarness();

/** Checks a dialog with axe at 1280 px and its layout at 320 px. */
async function checkDialog(page, dialog, where) {
  await dialog.waitFor();
  await assertNoAxeViolations(dialog, where);
  await page.setViewportSize({ width: 320, height: 800 });
  assert.deepEqual(await layoutProblems(page), [], `layout of ${where} at 320 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const example of ['marketing-site.html', 'mobilize-portal.html']) {
  describe(`accessibility of ${example}: the configurator page and its dialogs (axe-core, ${AXE_TAGS.join(', ')})`, () => {
    it('the page, the share feedback, Start again and the 3D view have no violations', async (t) => {
      const { page, errors } = await harness.open('about:blank');
      await page.setViewportSize({ width: 1280, height: 800 });
      // The viewer file is held, then refused: the 3D dialog shows its loading, then its failure.
      let refuse;
      const held = new Promise((resolve) => (refuse = resolve));
      await page.route('**/dist/model-viewer.js', async (route) => {
        await held;
        await route.abort();
      });
      await page.goto(harness.url(`/dist-examples/${example}`));
      const element = page.locator('ev-charger-configurator');
      await element.getByRole('radiogroup', { name: 'Front' }).waitFor();
      await assertNoAxeViolations(element, `${example}: the configurator`);

      await element.getByRole('button', { name: 'Share this configuration' }).click();
      await element.getByRole('textbox', { name: 'Link to this configuration' }).waitFor();
      await assertNoAxeViolations(element, `${example}: the configurator with the share link shown`);

      await element.getByRole('button', { name: 'Start again' }).click();
      const startAgain = element.getByRole('dialog', { name: 'Start again?' });
      await checkDialog(page, startAgain, `${example}: the Start again confirmation`);
      await startAgain.getByRole('button', { name: 'Keep my choices' }).click();
      await startAgain.waitFor({ state: 'hidden' });

      if (await hasWebgl(page)) {
        await element.getByRole('button', { name: 'View in 3D' }).click();
        const viewer = element.getByRole('dialog', { name: 'Your charger in 3D' });
        await viewer.getByText('Loading the 3D view…').waitFor();
        await checkDialog(page, viewer, `${example}: the 3D view, loading`);
        refuse();
        await viewer.getByRole('alert').filter({ hasText: 'The 3D view could not be loaded.' }).waitFor();
        await checkDialog(page, viewer, `${example}: the 3D view, failed`);
        // "Try again" with the file served: the model shown, model-viewer's own controls included.
        await page.unroute('**/dist/model-viewer.js');
        await viewer.getByRole('button', { name: 'Try again' }).click();
        await viewer.locator('model-viewer').waitFor();
        await page.waitForFunction(
          () => globalThis.document.querySelector('ev-charger-configurator').shadowRoot.querySelector('dialog[open] model-viewer')?.loaded === true,
        );
        await checkDialog(page, viewer, `${example}: the 3D view, model shown`);
      } else {
        t.diagnostic('this Chromium has no WebGL: the 3D dialog was checked as the notice that replaces it');
        await element.getByRole('button', { name: 'View in 3D' }).click();
        await element.getByText('3D view is not available in this browser.').waitFor();
        await assertNoAxeViolations(element, `${example}: the configurator with the 3D notice`);
      }
      // Only the refused viewer file may have been reported (by Chromium itself).
      assert.deepEqual(errors.filter((error) => !/^console: Failed to load resource: .*\/dist\/model-viewer\.js\)$/.test(error)), []);
      await page.close();
    });
  });
}
