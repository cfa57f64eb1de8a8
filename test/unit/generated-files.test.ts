// The committed generated files (custom-elements.json, docs/reference.md's element reference,
// README's attribute table) are what the attribute table (ATTR-1) and manifest.ts render now: each
// is rendered in memory and compared, so a stale one fails with the command that rewrites it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as manifest from '../../src/elements/manifest';
import { CONFIGURATOR_CONTRACT } from '../../src/services/attribute-contract';
import { kebab } from '../../src/elements/attributes';
// @ts-expect-error: a plain .mjs script without types
import { REGENERATE, generatedFiles } from '../../scripts/generated-files.mjs';
// @ts-expect-error: a plain .mjs script without types
import { README_END, README_START } from '../../scripts/readme-reference.mjs';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const files: { path: string; text: string }[] = generatedFiles(manifest, read);

describe('generated files', () => {
  it.each(files.map((file) => [file.path, file.text]))('%s is as the attribute table and manifest.ts render it', (path, text) => {
    expect(read(path) === text, `${path} is stale: run \`${REGENERATE}\` (npm run build runs it) and commit the result`).toBe(true);
  });

  it('README keeps its hand-written text around the table, and stays within 300 lines', () => {
    const readme = files.find((file) => file.path === 'README.md')!.text;
    expect(readme.indexOf(README_START)).toBeLessThan(readme.indexOf(README_END));
    expect(readme.split('\n').length - 1).toBeLessThanOrEqual(300);
  });

  it("README's table has one row per summary, naming every attribute that has it, in the table's order", () => {
    const rows = manifest.readmeAttributeRows();
    expect(rows.map((row) => row.attributes)).toContainEqual(['shop-domain', 'storefront-token']);
    expect(rows.map((row) => row.attributes)).toContainEqual(['support-phone', 'support-email', 'video-url', 'social-url']);
    const order = Object.keys(CONFIGURATOR_CONTRACT).map(kebab);
    const firsts = rows.map((row) => order.indexOf(row.attributes[0]!));
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
  });
});
