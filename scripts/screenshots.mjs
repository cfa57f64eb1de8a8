// README's screenshots of each mode, taken from the demo examples in Chromium: the configurator in
// order mode and in spec-request mode, and each mode's wizard. Needs a build (`npm run build`).
// Usage, from the repository root: node scripts/screenshots.mjs  (writes docs/screenshots/*.png)
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startDemo } from './bench/demo.mjs';
import { chromeArgs, findChrome } from './chrome.mjs';

const outDir = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
mkdirSync(outDir, { recursive: true });

const server = await startDemo();
const browser = await chromium.launch({ executablePath: findChrome(), args: chromeArgs });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const shot = async (locator, name) => {
    await locator.screenshot({ path: `${outDir}${name}.png`, animations: 'disabled' });
    console.log(`docs/screenshots/${name}.png`);
  };

  // Order mode: a configured charger on the marketing site, then the wizard's payment step.
  await page.goto(new URL('/dist-examples/marketing-site.html', server.url).href);
  const order = page.locator('ev-charger-configurator');
  await order.getByRole('radio', { name: 'Racing Green' }).first().check();
  await order.getByRole('img').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot(order, 'order-mode');
  await order.getByRole('button', { name: 'Continue' }).click();
  const wizard = order.locator('dialog.evc-wizard');
  const next = () => wizard.getByRole('button', { name: 'Continue', exact: true }).last().click();
  await wizard.getByRole('radio', { name: '7kW with 8.5m cable' }).check();
  await next();
  await wizard.getByRole('radio', { name: 'Standard', exact: true }).check();
  await wizard.getByRole('checkbox', { name: /terms/ }).check();
  await next();
  await next();
  await wizard.getByRole('checkbox', { name: /^Digital display/ }).check();
  await next();
  await wizard.getByRole('radio', { name: /^Pay monthly/ }).check();
  await page.waitForLoadState('networkidle');
  await shot(wizard, 'order-wizard');

  // Spec-request mode on the leasing portal, then its wizard's first step.
  await page.goto(new URL('/dist-examples/mobilize-portal.html', server.url).href);
  const spec = page.locator('ev-charger-configurator');
  await spec.getByRole('button', { name: 'Continue' }).waitFor();
  await page.waitForLoadState('networkidle');
  await shot(spec, 'spec-request-mode');
  await spec.getByRole('button', { name: 'Continue' }).click();
  const specWizard = spec.locator('dialog.evc-wizard');
  await specWizard.waitFor();
  await page.waitForLoadState('networkidle');
  await shot(specWizard, 'spec-request-wizard');
} finally {
  await browser.close();
  await server.close();
}
