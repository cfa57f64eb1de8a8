// The buyer flows in Firefox and WebKit (engine-flows.mjs): an order to the checkout, a monthly
// order through the drop-in, a specification request to "sent", and axe on the wizard.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { monthlyThroughDropin, orderToCheckout, specRequestSent, tabAroundWizard, wizardAxeViolations, wizardTopRows } from './engine-flows.mjs';
import { ENGINES, openEngine } from './engines.mjs';

for (const engine of ENGINES) {
  describe(`in ${engine}`, () => {
    let server;
    let page;
    const url = (path) => new URL(path, server.url).href;

    before(async () => {
      server = await startDemoServer({ port: 0, host: '127.0.0.1' });
      page = await openEngine(engine);
    });

    after(async () => {
      await page?.close();
      await server?.close();
    });

    it('orders to the demo checkout', () => orderToCheckout(page, url));
    it('orders monthly through the GoCardless drop-in to the demo invoice', () => monthlyThroughDropin(page, url));
    it('sends a specification request', () => specRequestSent(page, url));
    // Firefox scrolled the page to a fraction of a pixel and its screenshot showed a strip of the page above the header.
    it("shows the wizard's header, not the page, in a screenshot's top rows", async () => {
      const rows = await wizardTopRows(page, url, 5);
      // The header's background runs unbroken from the top down to the title.
      assert.deepEqual(rows.slice(0, 4).map((row, index) => (row === rows[4] ? 'header' : `row ${index} differs`)), ['header', 'header', 'header', 'header']);
    });
    // Firefox let Tab leave the modal wizard for the browser, and the next Tab came back to Continue.
    it('keeps Tab inside the wizard: from Continue to Close, and Shift+Tab back', async () => {
      assert.deepEqual(await tabAroundWizard(page, url), ['Continue', 'Close', 'Continue']);
    });
    it('shows axe no violations in the wizard', async () => {
      const lines = await wizardAxeViolations(page, url);
      assert.deepEqual(lines, [], `axe in ${engine}:\n${lines.join('\n')}`);
    });
  });
}
