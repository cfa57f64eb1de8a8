import { describe, expect, it } from 'vitest';
import type { ColourOption } from './catalogue/schema';
import { UK_CATALOGUE } from './catalogue/uk';
import type { Configuration } from './configuration';
import { defaultConfiguration } from './configuration';
import { darker, paintOf, previewDrawing } from './preview-drawing';

const catalogue = UK_CATALOGUE;
const base = defaultConfiguration(catalogue);
const config = (changes: Partial<Configuration>): Configuration => ({ ...base, ...changes });
const plan = (changes: Partial<Configuration>, pastInstallation = false) => previewDrawing(catalogue, config(changes), { pastInstallation });

describe('previewDrawing: paints from the catalogue', () => {
  it('fills metal fronts and bodies with their hex', () => {
    const drawing = plan({ front: 'racing_green', body: 'alpine_white' });
    expect(drawing.front).toEqual({ id: 'racing_green', name: 'Racing Green', paint: { kind: 'flat', colour: '#1f4a35' } });
    expect(drawing.body).toEqual({ id: 'alpine_white', name: 'Alpine White', paint: { kind: 'flat', colour: '#f1f1ec' } });
  });

  it.each([
    ['cotswold_oak', { kind: 'wood', light: '#b98a55', dark: '#8d6236' }],
    ['charcoal', { kind: 'wood', light: '#3b3a38', dark: '#232221' }],
    ['andersen_carbon', { kind: 'carbon', light: '#34373c', dark: '#1d1f22' }],
  ])('draws the %s finish as a two-tone pattern', (front, paint) => {
    expect(plan({ front }).front.paint).toEqual(paint);
  });

  it("uses a merchant finish's own hex when it gives one, and a wood tone when it does not", () => {
    const wood: ColourOption = { ...catalogue.colours.front.premium[0]!, id: 'birch', name: 'Birch' };
    expect(paintOf(wood, 'premium')).toEqual({ kind: 'wood', light: '#a47748', dark: '#74502c' });
    expect(paintOf({ ...wood, color: '#d0b080' }, 'premium')).toEqual({ kind: 'wood', light: '#d0b080', dark: darker('#d0b080') });
    const carbon: ColourOption = { ...catalogue.colours.front.limited[0]!, color: '#204060' };
    expect(paintOf(carbon, 'limited')).toEqual({ kind: 'carbon', light: '#204060', dark: '#162d43' });
    const { color: _none, ...flatWithoutHex } = catalogue.colours.body[0]!;
    expect(paintOf(flatWithoutHex)).toEqual({ kind: 'flat', colour: '#9aa0a6' });
  });

  it('darkens a hex by a share of each channel', () => {
    expect(darker('#ffffff', 0.5)).toBe('#808080');
    expect(darker('#fff', 0.5)).toBe('#808080');
    expect(darker('#000000')).toBe('#000000');
  });
});

describe('previewDrawing: the same rules as the images (PREVIEW-8)', () => {
  it.each([false, true])('the display shows on the front when chosen (%s)', (display) => {
    expect(plan({ display }).display).toBe(display);
  });

  it.each([
    [true, 'tethered_7kw_8_5m', true, 'nova_bronze'],
    [false, 'tethered_7kw_8_5m', true, undefined],
    [true, 'tethered_7kw_8_5m', false, undefined],
    [true, 'socket_7kw', true, undefined],
  ])('past installation %s, cable %s, hook chosen %s → hook %s', (pastInstallation, cable, cableHook, hook) => {
    expect(plan({ cable, cableHook, hookColour: 'nova_bronze' }, pastInstallation).hook?.id).toBe(hook);
  });

  it.each([
    ['tethered_7kw_5_5m', { name: '7kW with 5.5m cable', lengthM: 5.5 }],
    ['tethered_22kw_6_5m', { name: '22kW with 6.5m cable', lengthM: 6.5 }],
    ['socket_7kw', undefined],
    ['socket_22kw', undefined],
  ])('cable %s → drawn cable %j', (cable, drawn) => {
    expect(plan({ cable }).cable).toEqual(drawn);
  });
});

describe('previewDrawing: its accessible name follows the choices', () => {
  it('names the front and body', () => {
    expect(plan({ front: 'racing_green', body: 'alpine_white' }).label).toBe('Drawing of the charger: Racing Green front, Alpine White body');
  });

  it('changes with the colour', () => {
    expect(plan({ front: 'maranello_red', body: 'alpine_white' }).label).toBe('Drawing of the charger: Maranello Red front, Alpine White body');
  });

  it('names the display, hook and cable when they show', () => {
    const drawing = plan({ front: 'sorong_teak', display: true, body: 'windsor_grey', cable: 'tethered_7kw_8_5m', cableHook: true, hookColour: 'cashmere' }, true);
    expect(drawing.label).toBe(
      'Drawing of the charger: Sorong Teak front with digital display, Windsor Grey body, Cashmere cable hook, 8.5m tethered cable',
    );
  });
});
