// Issue 3, Tests: axe-core finds no WCAG 2.x A/AA violations in the configurator, the open wizard
// and the Contact Us dialog, on both example pages. axe audits inside open shadow roots.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { useHarness } from './harness.mjs';

const harness = useHarness();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page's configurator element; returns its violations as readable lines. */
async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE });
  const found = await page.locator('ev-charger-configurator').evaluate(async (element, tags) => {
    const result = await globalThis.axe.run(element, { runOnly: { type: 'tag', values: tags } });
    // A target with a shadow path is an array of selectors: proof axe looked inside the shadow root.
    const insideShadow = result.passes.some((rule) => rule.nodes.some((node) => Array.isArray(node.target[0])));
    if (!insideShadow) return [{ id: 'no-shadow-content', impact: 'test', help: 'axe checked nothing inside the shadow root', nodes: [] }];
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.flat().join(' >>> '), html: node.html, summary: node.failureSummary })),
    }));
  }, TAGS);
  return found.flatMap((violation) => [
    `${violation.id} (${violation.impact}): ${violation.help}`,
    ...violation.nodes.map((node) => `  at ${node.target}\n     ${node.html}\n     ${node.summary?.replace(/\n/g, '\n     ')}`),
  ]);
}

const assertClean = (lines, where) => assert.deepEqual(lines, [], `axe violations in ${where}:\n${lines.join('\n')}`);

for (const example of ['marketing-site.html', 'mobilize-portal.html']) {
  describe(`accessibility of ${example} (axe-core, ${TAGS.join(', ')})`, () => {
    it('the configurator, the open wizard and the Contact Us dialog have no violations', async () => {
      const { page, errors } = await harness.open(`/dist-examples/${example}`);
      const element = page.locator('ev-charger-configurator');
      await element.getByRole('radiogroup', { name: 'Front' }).waitFor();
      assertClean(await violations(page), `${example}: the configurator`);

      await element.getByRole('button', { name: 'Continue' }).first().click();
      const wizard = element.getByRole('dialog').first();
      await wizard.waitFor();
      assertClean(await violations(page), `${example}: the open wizard`);

      await wizard.getByRole('button', { name: 'Need help?' }).click();
      await element.getByRole('dialog', { name: 'Contact Us' }).waitFor();
      assertClean(await violations(page), `${example}: the Contact Us dialog`);

      assert.deepEqual(errors, []);
      await page.close();
    });
  });
}
