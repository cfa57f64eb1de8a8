// The element reference in docs/reference.md (attributes, properties, events, parts, custom
// properties) is rendered from custom-elements.json, so the two cannot drift: `--write` puts it
// between the file's reference markers, `--check` fails when the file differs from the manifest
// (test/unit/docs.test.ts checks the same).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const START = '<!-- reference:start (generated from custom-elements.json by scripts/readme-reference.mjs) -->';
export const END = '<!-- reference:end -->';
/** The file holding the reference, from the repository root. */
export const REFERENCE_FILE = 'docs/reference.md';

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
    `## \`<${element.tagName}>\``,
    '',
    element.description,
    '',
    '### Attributes',
    '',
    'Each attribute has a property of the camelCase name that mirrors it.',
    '',
    table(
      ['attribute', 'property', 'type', 'default', 'meaning'],
      attributes.map((attribute) => [code(attribute.name), code(attribute.fieldName), code(attribute.type?.text), code(attribute.default), cell(attribute.description)]),
    ),
    '### Properties without an attribute',
    '',
    table(
      ['property', 'type', 'meaning'],
      properties.map((property) => [code(property.name), code(property.type?.text), cell(property.description)]),
    ),
    '### Events',
    '',
    table(
      ['event', 'type', 'when'],
      (element.events ?? []).map((event) => [code(event.name), code(event.type?.text), cell(event.description)]),
    ),
    '### Parts (`::part()`)',
    '',
    table(
      ['part', 'what'],
      (element.cssParts ?? []).map((part) => [code(part.name), cell(part.description)]),
    ),
    '### Custom properties',
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

/** `document` with its reference section replaced by `reference`. */
export function withReference(document, reference) {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start === -1 || end === -1 || end < start) throw new Error(`${REFERENCE_FILE} needs the markers ${START} and ${END}`);
  return `${document.slice(0, start + START.length)}\n\n${reference}\n${document.slice(end)}`;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const rootDir = fileURLToPath(new URL('..', import.meta.url));
  const manifest = JSON.parse(readFileSync(`${rootDir}custom-elements.json`, 'utf8'));
  const path = `${rootDir}${REFERENCE_FILE}`;
  const document = readFileSync(path, 'utf8');
  const expected = withReference(document, renderReference(manifest));
  if (process.argv.includes('--check')) {
    if (expected !== document) {
      console.error(`${REFERENCE_FILE}: the reference differs from custom-elements.json; run \`node scripts/readme-reference.mjs --write\`.`);
      process.exit(1);
    }
    console.log(`${REFERENCE_FILE}: the reference matches custom-elements.json.`);
  } else {
    writeFileSync(path, expected);
    console.log(`${REFERENCE_FILE}: reference written from custom-elements.json.`);
  }
}
