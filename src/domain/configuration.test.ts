import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from './catalogue/uk';
import { defaultConfiguration, parseConfiguration } from './configuration';
import { ConfigurationShape } from './configuration-shape';

const C = UK_CATALOGUE;
const VALID = { ...defaultConfiguration(C), paymentType: 'PAY_NOW' as const };

/** What parseConfiguration said with valibot, before its structure check was written by hand. */
function withValibot(input: unknown): string | undefined {
  const result = v.safeParse(ConfigurationShape, input, { abortEarly: true });
  if (result.success) return undefined;
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  return `configuration${path ? `.${path}` : ''}: ${issue.message}`;
}

class Saved {
  constructor(readonly front: unknown) {}
}

/** Saved state and share links as they may arrive: stale, tampered with, or plain junk. */
const CORPUS: [string, unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['a number', 42],
  ['a string', 'racing_green'],
  ['true', true],
  ['an array', []],
  ['a function', () => VALID],
  ['an empty object', {}],
  ['an object of a class', new Saved('racing_green')],
  ['an object without a prototype', Object.assign(Object.create(null) as object, VALID, { body: 7 })],
  ['a number for front', { ...VALID, front: 3 }],
  ['an object for body', { ...VALID, body: { id: 'racing_green' } }],
  ['null for cable', { ...VALID, cable: null }],
  ['an unknown installation', { ...VALID, installation: 'deluxe' }],
  ['an installation as a number', { ...VALID, installation: 7 }],
  ['a string for a flag', { ...VALID, surgeProtection: 'yes' }],
  ['a number for a flag', { ...VALID, extendedWarranty: 1 }],
  ['no display flag', (({ display: _display, ...rest }) => rest)(VALID)],
  ['no hook colour', (({ hookColour: _hook, ...rest }) => rest)(VALID)],
  ['no payment type', (({ paymentType: _payment, ...rest }) => rest)(VALID)],
  ['an unknown payment type', { ...VALID, paymentType: 'PAY_LATER' }],
  ['undefined payment type', { ...VALID, paymentType: undefined }],
  ['a number for the offer', { ...VALID, offer: 5 }],
  ['bigint for the offer', { ...VALID, offer: 5n }],
  ['several problems at once', { ...VALID, front: 1, body: 2, display: 'no' }],
  ['a valid configuration with extra keys', { ...VALID, colourOfTheDay: 'blue' }],
  ['a valid configuration', VALID],
];

describe('parseConfiguration: saved state and share links, checked without a schema library', () => {
  it.each(CORPUS)('%s: the same answer as the valibot schema of the relay bodies', (_name, input) => {
    const result = parseConfiguration(C, input);
    const expected = withValibot(input);
    if (expected === undefined) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, error: expected });
  });

  it('gives a copy that holds exactly the fields of a configuration, as the schema does', () => {
    const input = { colourOfTheDay: 'blue', ...VALID, offer: null };
    const result = parseConfiguration(C, input);
    expect(result).toEqual({ ok: true, configuration: v.parse(ConfigurationShape, input) });
    expect(result.ok && Object.keys(result.configuration)).toEqual(Object.keys(ConfigurationShape.entries));
    expect(result.ok && result.configuration).not.toBe(input);
  });

  it('names an id the catalogue does not know', () => {
    expect(parseConfiguration(C, { ...VALID, front: 'gold' })).toEqual({ ok: false, error: 'configuration.front: "gold" is not in the catalogue' });
    expect(parseConfiguration(C, { ...VALID, offer: 'free_cable' })).toEqual({ ok: false, error: 'configuration.offer: "free_cable" is not in the catalogue' });
  });
});
