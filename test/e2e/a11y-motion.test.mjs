// Prefers-reduced-motion is respected. With `reduce`, no animation or
// transition inside the element's shadow root lasts more than 0.01 s (the spinner stands still),
// nothing scrolls smoothly, and the 3D view does not auto-rotate; without it the spinner turns and
// the model auto-rotates, which shows the checks see motion when there is some.
/* global document, getComputedStyle, MutationObserver */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasWebgl, useHarness } from './harness.mjs';

const harness = useHarness();
const PAGE = '/dist-examples/marketing-site.html';

/**
 * Everything that moves inside the element's shadow root: running animations (Web Animations,
 * which include CSS animations and transitions) and each element's computed animation and
 * transition durations and scroll behaviour, pseudo-elements included. Durations in seconds.
 */
function motion(page) {
  return page.evaluate(() => {
    const root = document.querySelector('ev-charger-configurator').shadowRoot;
    const seconds = (list) => list.split(',').map((value) => (value.trim().endsWith('ms') ? parseFloat(value) / 1000 : parseFloat(value)));
    const found = [];
    for (const animation of root.getAnimations({ subtree: true })) {
      const { duration, iterations } = animation.effect.getComputedTiming();
      const target = animation.effect.target;
      found.push({ what: `${animation.constructor.name} on ${target?.className || target?.tagName}`, seconds: duration / 1000, moving: animation.playState === 'running', iterations });
    }
    const styles = [];
    for (const element of [root.host, ...root.querySelectorAll('*')]) {
      for (const pseudo of [null, '::before', '::after', ...(element.tagName === 'DIALOG' ? ['::backdrop'] : [])]) {
        const style = getComputedStyle(element, pseudo);
        const name = `${element.tagName.toLowerCase()}.${element.className || ''}${pseudo ?? ''}`;
        if (style.animationName !== 'none') styles.push({ what: `animation ${style.animationName} of ${name}`, seconds: Math.max(...seconds(style.animationDuration)) });
        const transition = Math.max(...seconds(style.transitionDuration));
        if (transition > 0) styles.push({ what: `transition of ${name}`, seconds: transition });
        if (style.scrollBehavior === 'smooth') styles.push({ what: `smooth scrolling of ${name}`, seconds: Infinity });
      }
    }
    return { animations: found, styles };
  });
}

const tooLong = ({ animations, styles }) => [...animations, ...styles].filter((entry) => entry.seconds > 0.01).map((entry) => `${entry.what}: ${entry.seconds} s`);

/** The attributes of the <model-viewer> the 3D dialog creates, read the moment it is inserted. */
async function viewerAttributes(page) {
  const element = page.locator('ev-charger-configurator');
  // The element is defined once its module has loaded, after the page's own parsing.
  await element.getByRole('button', { name: 'View in 3D' }).waitFor();
  const inserted = page.evaluate(
    () =>
      new Promise((resolve) => {
        const root = document.querySelector('ev-charger-configurator').shadowRoot;
        const observer = new MutationObserver(() => {
          const node = root.querySelector('dialog[open] model-viewer');
          if (!node) return;
          observer.disconnect();
          resolve(node.getAttributeNames());
        });
        observer.observe(root, { childList: true, subtree: true });
      }),
  );
  await element.getByRole('button', { name: 'View in 3D' }).click();
  return inserted;
}

describe('prefers-reduced-motion', () => {
  it('reduce: nothing in the shadow root moves, on the page, in the wizard and while loading; without it the spinner turns', async () => {
    const { page, errors } = await harness.open('about:blank');
    // The wizard file is held back, so "Loading the next steps…" shows its spinner until released.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/dist/wizard.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(harness.url(PAGE));
    const element = page.locator('ev-charger-configurator');
    await element.getByRole('button', { name: 'Continue' }).click();
    const spinner = element.getByRole('status').filter({ hasText: 'Loading the next steps…' });
    await spinner.waitFor();
    assert.deepEqual(tooLong(await motion(page)), [], 'motion with reduce, while the wizard loads');

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const moving = await motion(page);
    assert.ok(
      moving.animations.some((entry) => /evc-spinner-wheel/.test(entry.what) && entry.moving && entry.seconds > 0.5),
      `without reduce the spinner turns: ${JSON.stringify(moving.animations)}`,
    );

    await page.emulateMedia({ reducedMotion: 'reduce' });
    release();
    await element.locator('dialog.evc-wizard .evc-step').waitFor();
    await element.getByRole('radio', { name: '22kW with 6.5m cable' }).check();
    await element.getByRole('dialog', { name: '22kW charging needs a three-phase supply' }).waitFor();
    assert.deepEqual(tooLong(await motion(page)), [], 'motion with reduce, in the wizard and its confirmation');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('reduce: the 3D view does not auto-rotate; without it, it does', async (t) => {
    const { page } = await harness.open('about:blank');
    // The model never arrives: only the element's attributes matter, not software WebGL drawing it.
    await page.route('**/models/charger.glb', () => {});
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(harness.url(PAGE));
    if (!(await hasWebgl(page))) {
      t.skip('this Chromium has no WebGL, so there is no 3D view to check');
    } else {
      const reduced = await viewerAttributes(page);
      assert.equal(reduced.includes('auto-rotate'), false, 'no auto-rotation with reduce');
      assert.ok(reduced.includes('camera-controls'), 'the buyer still turns it');
      // Each opening makes a new viewer, which reads the preference afresh.
      await page.keyboard.press('Escape');
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      assert.equal((await viewerAttributes(page)).includes('auto-rotate'), true, 'auto-rotation without reduce');
    }
    await page.close();
  });
});
