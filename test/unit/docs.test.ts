// README and docs/ say what the code does: the element reference names all of the manifest
// (generated-files.test.ts checks it is current), and the catalogue a merchant starts from is the
// embedded one and passes its own validation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../../src/domain/catalogue/schema';
import { UK_CATALOGUE } from '../../src/domain/catalogue/uk';
// @ts-expect-error: a plain .mjs script without types
import { END, REFERENCE_FILE, START } from '../../scripts/readme-reference.mjs';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** A Markdown section: from its `## ` heading to the next one (or the end). */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`no heading "${heading}"`);
  const end = markdown.indexOf('\n## ', start + heading.length + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

describe(`${REFERENCE_FILE} (checked against custom-elements.json)`, () => {
  const reference = read(REFERENCE_FILE);
  const manifest = JSON.parse(read('custom-elements.json'));

  it('names every attribute, property, event, part and custom property of both elements', () => {
    const generated = reference.slice(reference.indexOf(START), reference.indexOf(END));
    for (const element of manifest.modules.flatMap((module: { declarations?: unknown[] }) => module.declarations ?? [])) {
      const { tagName, attributes = [], members = [], events = [], cssParts = [], cssProperties = [] } = element as Record<string, { name: string }[]> & { tagName?: string };
      if (!tagName) continue;
      for (const { name } of [...attributes, ...members, ...events, ...cssParts, ...cssProperties]) {
        expect(generated, `${tagName}: ${name}`).toContain(`\`${name}\``);
      }
    }
  });

  it('is linked from README', () => {
    expect(read('README.md')).toContain(`](${REFERENCE_FILE})`);
  });
});

describe('docs/catalogue.uk.json (README "The catalogue JSON")', () => {
  const json: unknown = JSON.parse(read('docs/catalogue.uk.json'));

  it('is the embedded UK catalogue (run `node scripts/catalogue-json.mjs` after changing it)', () => {
    expect(json).toEqual(UK_CATALOGUE);
  });

  it('passes the validation a merchant catalogue gets', () => {
    expect(parseCatalogue(json)).toMatchObject({ ok: true });
  });

  it('README documents each of its top-level fields', () => {
    const documented = section(read('README.md'), '## The catalogue JSON');
    for (const field of Object.keys(json as object)) expect(documented, field).toContain(`\`${field}`);
  });
});
