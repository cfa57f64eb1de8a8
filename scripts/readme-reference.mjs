// README's element reference (attributes, properties, events, parts, custom properties) is rendered
// from custom-elements.json, so the two cannot drift: `--write` puts it between the README's
// reference markers, `--check` (run by the unit tests) fails when README differs from the manifest.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const START = '<!-- reference:start (generated from custom-elements.json by scripts/readme-reference.mjs) -->';
export const END = '<!-- reference:end -->';

/** A table cell: pipes escaped, line breaks flattened. */
const cell = (text) => String(text ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const code = (text) => (text ? `\`${cell(text)}\`` : '');

function table(header, rows) {
  if (rows.length === 0) return '_None._\n';
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n') + '\n';
}

function elementReference(element) {
  const attributes = element.attributes ?? [];
  const reflected = new Set(attributes.map((attribute) => attribute.fieldName));
  const properties = (element.members ?? []).filter((member) => member.kind === 'field' && !reflected.has(member.name));
  return [
    `### \`<${element.tagName}>\``,
    '',
    element.description,
    '',
    '#### Attributes',
    '',
    'Each attribute has a property of the camelCase name that mirrors it.',
    '',
    table(
      ['attribute', 'property', 'type', 'default', 'meaning'],
      attributes.map((attribute) => [code(attribute.name), code(attribute.fieldName), code(attribute.type?.text), code(attribute.default), cell(attribute.description)]),
    ),
    '#### Properties without an attribute',
    '',
    table(
      ['property', 'type', 'meaning'],
      properties.map((property) => [code(property.name), code(property.type?.text), cell(property.description)]),
    ),
    '#### Events',
    '',
    table(
      ['event', 'type', 'when'],
      (element.events ?? []).map((event) => [code(event.name), code(event.type?.text), cell(event.description)]),
    ),
    '#### Parts (`::part()`)',
    '',
    table(
      ['part', 'what'],
      (element.cssParts ?? []).map((part) => [code(part.name), cell(part.description)]),
    ),
    '#### Custom properties',
    '',
    table(
      ['property', 'syntax', 'default', 'what'],
      (element.cssProperties ?? []).map((property) => [code(property.name), code(property.syntax), code(property.default), cell(property.description)]),
    ),
  ].join('\n');
}

/** The reference section for every element in the manifest, in the manifest's order. */
export function renderReference(manifest) {
  const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.tagName);
  return elements.map(elementReference).join('\n');
}

/** README with its reference section replaced by `reference`. */
export function withReference(readme, reference) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end === -1 || end < start) throw new Error(`README.md needs the markers ${START} and ${END}`);
  return `${readme.slice(0, start + START.length)}\n\n${reference}\n${readme.slice(end)}`;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const rootDir = fileURLToPath(new URL('..', import.meta.url));
  const manifest = JSON.parse(readFileSync(`${rootDir}custom-elements.json`, 'utf8'));
  const readmePath = `${rootDir}README.md`;
  const readme = readFileSync(readmePath, 'utf8');
  const expected = withReference(readme, renderReference(manifest));
  if (process.argv.includes('--check')) {
    if (expected !== readme) {
      console.error('README.md: the reference differs from custom-elements.json; run `node scripts/readme-reference.mjs --write`.');
      process.exit(1);
    }
    console.log('README.md: the reference matches custom-elements.json.');
  } else {
    writeFileSync(readmePath, expected);
    console.log('README.md: reference written from custom-elements.json.');
  }
}
