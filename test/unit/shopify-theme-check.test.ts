// @vitest-environment node
// Shopify's own theme checker (@shopify/theme-check-node, the checks `shopify theme check` runs) on
// the section as a merchant installs it: in a theme's sections/ folder, the script in assets/.
import { check } from '@shopify/theme-check-node';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const theme = mkdtempSync(join(tmpdir(), 'evc-theme-'));
afterAll(() => rmSync(theme, { recursive: true, force: true }));

it("the theme section has no offence in Shopify's theme check", async () => {
  mkdirSync(join(theme, 'sections'));
  mkdirSync(join(theme, 'assets'));
  mkdirSync(join(theme, 'locales'));
  cpSync(join(root, 'dist-examples/shopify-theme-section.liquid'), join(theme, 'sections/ev-charger-configurator.liquid'));
  // The file the section names; its content is not what the checker reads.
  writeFileSync(join(theme, 'assets/ev-charger-configurator.js'), '// the built script\n');
  writeFileSync(join(theme, 'locales/en.default.json'), '{}\n');
  const offences = await check(theme);
  expect(offences.map((offence) => `${offence.check}: ${offence.message} (line ${offence.start.line + 1})`)).toEqual([]);
}, 60_000);
