// The generated parts of docs/reference.md (the element reference: attributes, properties, events,
// parts, custom properties, rendered from the manifest) and of README.md (the table of the attributes
// most pages set, from the attribute table's summaries, ATTR-1), each between its markers.
// scripts/generated-files.mjs puts them in their files.

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

/** `document` with the text between `startMarker` and `endMarker` replaced by `text`. */
function between(file, document, startMarker, endMarker, text) {
  const start = document.indexOf(startMarker);
  const end = document.indexOf(endMarker);
  if (start === -1 || end === -1 || end < start) throw new Error(`${file} needs the markers ${startMarker} and ${endMarker}`);
  return `${document.slice(0, start + startMarker.length)}\n\n${text}${document.slice(end)}`;
}

/** `document` with its reference section replaced by `reference`. */
export const withReference = (document, reference) => between(REFERENCE_FILE, document, START, END, `${reference}\n`);

export const README_START = '<!-- attributes:start (generated from src/services/attribute-contract.ts: node scripts/custom-elements.mjs) -->';
export const README_END = '<!-- attributes:end -->';

/** README's attribute table: one row per `{ attributes, summary }` (manifest.ts `readmeAttributeRows()`). */
export const renderAttributeTable = (rows) =>
  table(['attribute', 'what it does'], rows.map(({ attributes, summary }) => [attributes.map(code).join(', '), cell(summary)]));

/** `readme` with its attribute table replaced by `attributeTable`. */
export const withAttributeTable = (readme, attributeTable) => between('README.md', readme, README_START, README_END, `${attributeTable}\n`);
