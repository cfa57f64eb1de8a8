import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIGURATOR_ATTRIBUTES, CONTACT_ATTRIBUTES, kebab } from './attributes';
import { buildManifest, CONTACT_ERROR_CODES, CSS_PROPERTY_DOCS, declaredProperties, ERROR_CODE_DOCS, EVENT_DOCS, PART_DOCS } from './manifest';

// A string, not new URL(): happy-dom replaces the global URL and node:url accepts only its own.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const uiDir = join(root, 'src/ui');

function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Every part name written in JSX: `part="a b"`, or the string literals inside `part={…}` (so
 * `part={['dialog', part].join(' ')}` yields "dialog"; names passed in as props are found where
 * they are written as literals).
 */
function partsUsed(source: string): string[] {
  const names: string[] = [];
  for (const [, quoted, expression] of source.matchAll(/(?<![\w-])part=(?:"([^"]*)"|\{([^}]*)\})/g)) {
    const texts = quoted !== undefined ? [quoted] : [...(expression ?? '').matchAll(/(['"`])((?:(?!\1)[^$])*)\1/g)].map((match) => match[2] ?? '');
    names.push(...texts.flatMap((text) => text.split(/\s+/)).filter(Boolean));
  }
  return names;
}

const manifest = buildManifest();
type Declaration = (typeof manifest.modules)[number]['declarations'][number];
const elementDeclaration = (tagName: string) => {
  const found = manifest.modules.flatMap((module) => module.declarations as Declaration[]).find((declaration) => 'tagName' in declaration && declaration.tagName === tagName);
  if (!found || !('tagName' in found)) throw new Error(`${tagName} is not in the manifest`);
  return found;
};
const configurator = elementDeclaration('ev-charger-configurator');
const contact = elementDeclaration('ev-charger-contact');

/**
 * The `evc-error` codes written as literals where the elements report them: `code: 'x'` (either side
 * of a ternary too) in files that fire `evc-error` or call `reportError`, a `failure="x"` prop and `fail('x', …)`.
 */
function errorCodesReported(source: string): string[] {
  const codes: string[] = [];
  const reporter = /'evc-error'|reportError\?\.\(/.test(source);
  for (const [, first, second] of reporter ? source.matchAll(/\bcode: (?:[^?,}\n]*\? )?'([^']+)'(?: : '([^']+)')?/g) : []) codes.push(first!, ...(second ? [second] : []));
  for (const [, prop, call] of source.matchAll(/\bfailure="([^"]+)"|\bfail\('([^']+)'/g)) codes.push((prop ?? call)!);
  return codes;
}

describe('custom-elements.json (BUILD-4)', () => {
  it('lists every attribute of both elements, with a camelCase property mirroring each', () => {
    expect(configurator.attributes.map((attribute) => attribute.name)).toEqual(CONFIGURATOR_ATTRIBUTES.map(kebab));
    // Then the property-only members: `mailSender`.
    expect(configurator.members.map((member) => member.name)).toEqual([...CONFIGURATOR_ATTRIBUTES, 'mailSender']);
    expect(contact.attributes.map((attribute) => attribute.name)).toEqual(CONTACT_ATTRIBUTES.map(kebab));
    for (const attribute of [...configurator.attributes, ...contact.attributes]) expect(attribute.description, attribute.name).not.toBe('');
  });

  it('states the defaults of the attribute table (ATTR-1)', () => {
    const defaults = Object.fromEntries(configurator.attributes.filter((a) => 'default' in a).map((a) => [a.name, a.default]));
    expect(defaults).toEqual({
      mode: 'order',
      cart: 'storefront',
      persist: 'local',
      'api-version': '2026-04',
      'image-cdn': '/cdn',
      // Added to the contract with the monthly plan.
      'direct-debit-dropin-src': 'https://pay.gocardless.com/billing/static/dropin/v2/initialise.js',
    });
    expect(configurator.members.find((member) => member.name === 'catalog')?.type.text).toContain('Catalogue');
  });

  it('lists the five contract events on the configurator and evc-error on the contact element', () => {
    expect(configurator.events.map((event) => event.name)).toEqual(['evc-change', 'evc-step', 'evc-checkout', 'evc-request-sent', 'evc-error']);
    expect(configurator.events.find((event) => event.name === 'evc-checkout')?.type.text).toBe('CustomEvent<EvcCheckoutDetail>');
    expect(contact.events.map((event) => event.name)).toEqual(['evc-error']);
    expect(Object.keys(EVENT_DOCS)).toHaveLength(5);
  });

  it('documents every evc-error code the elements report of their own, and only those (EVENT-6)', () => {
    const sources = filesUnder(join(root, 'src'), '.ts').concat(filesUnder(join(root, 'src'), '.tsx')).filter((file) => !/\.test\.tsx?$/.test(file));
    const reported = new Set(sources.flatMap((file) => errorCodesReported(readFileSync(file, 'utf8'))));
    expect([...reported].sort()).toEqual(Object.keys(ERROR_CODE_DOCS).sort());
    const evcError = configurator.events.find((event) => event.name === 'evc-error')!;
    for (const code of reported) expect(evcError.description.includes(`\`${code}\``), code).toBe(code !== 'contact-load-failed');
  });

  it("lists on the contact element the codes it reports, and only those: its own files' and the script's", () => {
    const files = ['src/elements/contact-element.tsx', 'src/elements/contact-root.tsx', 'src/loader.ts'];
    const reported = new Set(files.flatMap((file) => errorCodesReported(readFileSync(join(root, file), 'utf8'))));
    expect([...reported].sort()).toEqual([...CONTACT_ERROR_CODES].sort());
    const evcError = contact.events.find((event) => event.name === 'evc-error')!;
    for (const code of Object.keys(ERROR_CODE_DOCS)) expect(evcError.description.includes(`\`${code}\``), code).toBe(reported.has(code));
    expect(evcError.description).not.toContain('partner-discount');
  });

  it('finds the codes however they are reported, so the check above can fail', () => {
    const source = `emit(host, 'evc-error', { code: ok ? 'a-b' : 'c_d', message });
      reportError?.({ code: 'e', message }); <PageDialog failure="f-g" />; fail('h', message);`;
    expect(errorCodesReported(source)).toEqual(['a-b', 'c_d', 'e', 'f-g', 'h']);
    expect(errorCodesReported(`const x = { code: 'not-reported' };`)).toEqual([]);
  });

  it('documents every part used in src/ui, and only those', () => {
    const used = new Map<string, string>();
    for (const file of filesUnder(uiDir, '.tsx')) {
      for (const name of partsUsed(readFileSync(file, 'utf8'))) used.set(name, relative(root, file));
    }
    const undocumented = [...used].filter(([name]) => !(name in PART_DOCS)).map(([name, file]) => `${name} (${file})`);
    expect(undocumented, 'parts to describe in PART_DOCS, src/elements/manifest.ts').toEqual([]);
    expect(Object.keys(PART_DOCS).filter((name) => !used.has(name)), 'documented parts no component renders').toEqual([]);
    expect(configurator.cssParts.map((part) => part.name).sort()).toEqual(Object.keys(PART_DOCS).sort());
    expect(contact.cssParts.map((part) => part.name)).toEqual(expect.arrayContaining(['contact', 'notice']));
  });

  it('documents every --evc-* custom property declared in src/ui CSS, with its default', () => {
    const declared = declaredProperties(filesUnder(uiDir, '.css').map((file) => readFileSync(file, 'utf8')));
    expect([...declared.keys()].filter((name) => !(name in CSS_PROPERTY_DOCS)), 'properties to describe in CSS_PROPERTY_DOCS').toEqual([]);
    const properties = Object.fromEntries(configurator.cssProperties.map((property) => [property.name, property.default]));
    for (const name of ['--evc-accent', '--evc-text', '--evc-surface', '--evc-muted', '--evc-radius', '--evc-font', '--evc-header', '--evc-danger']) {
      expect(properties[name], name).toBe(declared.get(name));
    }
    expect(contact.cssProperties.map((property) => property.name)).toContain('--evc-header');
  });

  it('reads defaults from declarations only, ignoring comments and var() uses', () => {
    const found = declaredProperties(['/* --evc-x: no; */ :host { --evc-x: #fff; color: var(--evc-y, red); }', ':host { --evc-x: #000 }']);
    expect([...found]).toEqual([['--evc-x', '#fff']]);
  });

  it('is the manifest package.json points to (test/unit/generated-files.test.ts checks it is current)', () => {
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).customElements).toBe('custom-elements.json');
  });

  it('is the one place parts and custom properties are documented: the element classes point to it', () => {
    for (const file of ['configurator-element.tsx', 'contact-element.tsx']) {
      const source = readFileSync(join(root, 'src/elements', file), 'utf8');
      expect(source, file).not.toMatch(/@(csspart|cssprop)\b/);
      expect(source, file).toContain('documented in src/elements/manifest.ts');
    }
  });
});
