// PAGE-1..5 on marketing-site.html: colours picked by role and name,
// the preview's layers and caption, the total, a share link opened in a fresh browser context,
// Start again, and the layout at 320 px and at 200% zoom.
/* global document, location */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useHarness } from './harness.mjs';

const harness = useHarness();
const PAGE = '/dist-examples/marketing-site.html';

const colourImage = (view, slug) => harness.url(`/cdn/${view}_quartz_${slug}.png?width=800&height=1000`);
const radio = (element, group, name) => element.getByRole('radiogroup', { name: group }).getByRole('radio', { name });
const shownLayers = (figure) => figure.locator('img:not([hidden])').evaluateAll((images) => images.map((image) => image.src));

describe('configurator page (marketing-site.html)', () => {
  it('picks a front and a body by name; the preview, colour summary and total follow; share and Start again round-trip', async () => {
    const { page, errors } = await harness.open(PAGE);
    const element = page.locator('ev-charger-configurator');
    await radio(element, 'Front', 'Racing Green').check();
    await radio(element, 'Body', 'Windsor Grey').check();

    const figure = element.getByRole('figure');
    assert.deepEqual(await shownLayers(figure), [colourImage('front', 'racing_green'), colourImage('side', 'windsor_grey')]);
    // Every other layer (fronts with and without the display, bodies, hooks, cables) is requested in
    // idle time without being an element; the first front and body were shown, and stay, hidden.
    const requested = ([cdn, count]) =>
      new Set(
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.initiatorType === 'img' && entry.name.startsWith(cdn))
          .map((entry) => entry.name),
      ).size >= count;
    await page.waitForFunction(requested, [harness.url('/cdn/'), 16 + 16 + 11 + 11 + 3]);
    assert.equal(await figure.locator('img').count(), 4);
    assert.equal(await figure.locator('img[hidden]').first().isVisible(), false);
    await page.waitForFunction((node) => [...node.querySelectorAll('img')].every((image) => image.complete && image.naturalWidth > 0), await figure.elementHandle());
    assert.deepEqual(await figure.locator('figcaption dd').allInnerTexts(), ['Racing Green', 'Windsor Grey']);
    assert.equal(await element.getByRole('figure', { name: /Racing Green.*Windsor Grey/ }).count(), 1);
    assert.equal(await element.locator('[data-total]').first().innerText(), '£669.00');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await element.getByRole('button', { name: 'Share this configuration' }).click();
    await element.getByRole('status').filter({ hasText: 'Link copied to the clipboard.' }).waitFor();
    const link = await element.getByRole('textbox', { name: 'Link to this configuration' }).inputValue();
    assert.match(link, new RegExp(`^${harness.url(PAGE).replace(/[.?]/g, '\\$&')}#evc=[A-Za-z0-9_-]+$`));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    assert.deepEqual(errors, []);
    await page.close();

    // A new browser context: nothing saved, so the choices can only come from the link.
    const shared = await harness.open(link);
    const restored = shared.page.locator('ev-charger-configurator');
    await restored.getByRole('figure').waitFor();
    assert.equal(await radio(restored, 'Front', 'Racing Green').isChecked(), true);
    assert.equal(await radio(restored, 'Body', 'Windsor Grey').isChecked(), true);
    assert.deepEqual(await shownLayers(restored.getByRole('figure')), [colourImage('front', 'racing_green'), colourImage('side', 'windsor_grey')]);
    assert.equal(await restored.locator('[data-total]').first().innerText(), '£669.00');
    assert.equal(await shared.page.evaluate(() => location.hash), '', 'the used link leaves the address bar');

    await restored.getByRole('button', { name: 'Start again' }).click();
    const confirm = restored.getByRole('dialog', { name: 'Start again?' });
    await confirm.getByRole('button', { name: 'Yes, start again' }).click();
    await confirm.waitFor({ state: 'hidden' });
    assert.equal(await radio(restored, 'Front', 'Midnight Black').isChecked(), true);
    assert.equal(await radio(restored, 'Body', 'Midnight Black').isChecked(), true);
    assert.deepEqual(await shownLayers(restored.getByRole('figure')), [colourImage('front', 'midnight_black'), colourImage('side', 'midnight_black')]);
    assert.equal(await restored.locator('[data-total]').first().innerText(), '£599.00');
    await restored.getByRole('status').filter({ hasText: 'Your choices are back to the defaults.' }).waitFor();
    assert.deepEqual(shared.errors, []);
    await shared.page.close();
  });

  it('a link it cannot read shows a notice and the defaults', async () => {
    const { page, errors } = await harness.open(`${PAGE}#evc=bm90LWEtbGluaw`);
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('status').filter({ hasText: 'The configuration in this link could not be read, so it was not applied.' }).waitFor();
    assert.equal(await radio(element, 'Front', 'Midnight Black').isChecked(), true);
    assert.deepEqual(errors, []);
    await page.close();
  });

  // 1280 px at 200% zoom lays out as a 640 px viewport.
  it('fits 320 px and 200% zoom without sideways scrolling, controls at least 24 px; preview beside the pickers when wide', async () => {
    const { page } = await harness.open(PAGE);
    const element = page.locator('ev-charger-configurator');
    const figure = element.getByRole('figure');
    const front = element.getByRole('radiogroup', { name: 'Front' });
    await figure.waitFor();
    for (const width of [320, 640, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `no sideways scrolling at ${width} px`);
      const small = await element.evaluate((host) =>
        [...host.shadowRoot.querySelectorAll('button, label.evc-swatch, input:not([type="radio"])')]
          .map((control) => ({ text: control.textContent.trim(), box: control.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && (box.width < 24 || box.height < 24))
          .map(({ text, box }) => `${text} ${box.width}x${box.height}`),
      );
      assert.deepEqual(small, [], `targets of at least 24x24 px at ${width} px`);
      const [picture, pickers] = [await figure.boundingBox(), await front.boundingBox()];
      assert.ok(picture.x + picture.width <= width, `the preview fits at ${width} px`);
      const beside = picture.x + picture.width <= pickers.x && picture.y < pickers.y + pickers.height;
      assert.equal(beside, width >= 1280, `preview ${width >= 1280 ? 'beside' : 'above'} the pickers at ${width} px`);
    }
    await page.close();
  });
});
