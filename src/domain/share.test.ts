import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from './catalogue/uk';
import type { Configuration } from './configuration';
import { defaultConfiguration } from './configuration';
import type { Catalogue } from './catalogue/schema';
import { readSharePayload, sharedConfiguration } from './share-read';
import { sharePayloadIn } from './share';
import { encodeSharedConfiguration, shareUrl, withoutSharePayload, withSharePayload } from './share-write';
import type { Flow } from './wizard';

/** What the page does with a link: its reader reads the payload, the page checks the entries. */
const decodeSharedConfiguration = (catalogue: Catalogue, flow: Flow, payload: string) => sharedConfiguration(catalogue, flow, readSharePayload(payload));

const catalogue = UK_CATALOGUE;
const base = defaultConfiguration(catalogue);
const config = (changes: Partial<Configuration>): Configuration => ({ ...base, ...changes });
const encodeRaw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('share links: encode and decode', () => {
  it.each([
    ['the defaults', base],
    ['colours', config({ front: 'racing_green', body: 'windsor_grey' })],
    ['a wood front', config({ front: 'sorong_teak' })],
    [
      'every extra on a tethered cable with installation',
      config({
        cable: 'tethered_7kw_8_5m',
        installation: 'standard_7kw',
        surgeProtection: true,
        advancedSolar: true,
        renewable: true,
        cableHook: true,
        hookColour: 'nova_bronze',
        display: true,
        extendedWarranty: true,
        paymentType: 'PAY_MONTHLY',
      }),
    ],
  ])('round-trips %s', (_, configuration) => {
    const payload = encodeSharedConfiguration({ target: '#0', configuration });
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSharedConfiguration(catalogue, 'order', payload)).toEqual({ ok: true, target: '#0', configuration });
  });

  it('is compact: version first, extras as one number', () => {
    const payload = encodeSharedConfiguration({ target: 'id:main', configuration: config({ display: true, extendedWarranty: true }) });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual([
      1, 'id:main', 'midnight_black', 'midnight_black', 'socket_7kw', 'no_install', 48, 'midnight_black', null, null,
    ]);
    expect(payload.length).toBeLessThan(160);
  });

  it('keeps targets in any script', () => {
    const payload = encodeSharedConfiguration({ target: 'id:konfigurátor-✓', configuration: base });
    expect(decodeSharedConfiguration(catalogue, 'order', payload)).toMatchObject({ ok: true, target: 'id:konfigurátor-✓' });
  });

  it('normalises to what the cable offers (CHOICE-2: the hook only with a tethered cable)', () => {
    const payload = encodeRaw([1, '#0', 'cashmere', 'cashmere', 'socket_7kw', 'no_install', 8, 'cashmere', null, null]);
    const result = decodeSharedConfiguration(catalogue, 'order', payload);
    expect(result).toEqual({ ok: true, target: '#0', configuration: config({ front: 'cashmere', body: 'cashmere', hookColour: 'cashmere' }) });
  });

  it.each([
    ['empty', '', undefined, 'not base64url'],
    ['not base64url', 'a+b/c', undefined, 'not base64url'],
    ['an impossible length', 'abcde', undefined, 'not base64url'],
    ['not UTF-8', Buffer.from([0xff, 0xfe]).toString('base64url'), undefined, 'not base64url'],
    ['not JSON', Buffer.from('{front').toString('base64url'), undefined, 'not JSON'],
    ['an object', encodeRaw({ front: 'cashmere' }), undefined, 'not of version 1'],
    ['a later version', encodeRaw([2, '#0']), undefined, 'not of version 1'],
    ['without a target', encodeRaw([1, 0]), undefined, 'names no configurator'],
    ['too short', encodeRaw([1, '#0', 'cashmere']), '#0', 'wrong number of entries'],
    ['bad extras', encodeRaw([1, '#0', 'cashmere', 'cashmere', 'socket_7kw', 'no_install', 64, 'cashmere', null, null]), '#0', 'invalid set of extras'],
    ['fractional extras', encodeRaw([1, '#0', 'cashmere', 'cashmere', 'socket_7kw', 'no_install', 1.5, 'cashmere', null, null]), '#0', 'invalid set of extras'],
    ['an unknown colour', encodeRaw([1, '#0', 'pink', 'cashmere', 'socket_7kw', 'no_install', 0, 'cashmere', null, null]), '#0', 'configuration.front: "pink" is not in the catalogue'],
    ['an unknown installation', encodeRaw([1, '#0', 'cashmere', 'cashmere', 'socket_7kw', 'rooftop', 0, 'cashmere', null, null]), '#0', 'configuration.installation'],
    ['a bad payment type', encodeRaw([1, '#0', 'cashmere', 'cashmere', 'socket_7kw', 'no_install', 0, 'cashmere', 'PAY_LATER', null]), '#0', 'configuration.paymentType'],
    ['too long', 'A'.repeat(2001), undefined, 'too long'],
  ])('refuses %s without throwing', (_, payload, target, error) => {
    const result = decodeSharedConfiguration(catalogue, 'order', payload);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.target).toBe(target);
    expect(result.error).toContain(error);
  });
});

describe('share links: the URL fragment', () => {
  it.each([
    ['', undefined],
    ['#', undefined],
    ['#design', undefined],
    ['#evc=abc', 'abc'],
    ['#design&evc=abc', 'abc'],
    ['#evc=abc&tab=2', 'abc'],
    ['#evcx=abc', undefined],
  ])('payload in %j is %j', (hash, payload) => {
    expect(sharePayloadIn(hash)).toBe(payload);
  });

  it.each([
    ['', '#evc=new'],
    ['#design', '#design&evc=new'],
    ['#design&evc=old&tab=2', '#design&tab=2&evc=new'],
  ])('adding to %j keeps the rest', (hash, expected) => {
    expect(withSharePayload(hash, 'new')).toBe(expected);
  });

  it.each([
    ['#evc=abc', ''],
    ['#design&evc=abc', '#design'],
    ['#a&evc=abc&b', '#a&b'],
    ['#design', '#design'],
  ])('removing from %j leaves %j', (hash, expected) => {
    expect(withoutSharePayload(hash)).toBe(expected);
  });

  it('builds the page URL with the payload, query and other fragment content intact', () => {
    const url = shareUrl('https://shop.example/charger?utm=x#design', { target: '#0', configuration: config({ front: 'racing_green' }) });
    expect(url.startsWith('https://shop.example/charger?utm=x#design&evc=')).toBe(true);
    const payload = sharePayloadIn(new URL(url).hash);
    expect(decodeSharedConfiguration(catalogue, 'order', payload ?? '')).toMatchObject({ ok: true, configuration: { front: 'racing_green' } });
  });
});
