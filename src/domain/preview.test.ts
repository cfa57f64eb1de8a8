import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from './catalogue/uk';
import type { Configuration } from './configuration';
import { defaultConfiguration } from './configuration';
import type { PreviewLayer, PreviewOptions } from './preview';
import { colourSummary, previewLayers } from './preview';

const catalogue = UK_CATALOGUE;
const base = defaultConfiguration(catalogue);
const config = (changes: Partial<Configuration>): Configuration => ({ ...base, ...changes });
const CDN = 'https://images.example/evc';
const options = (changes: Partial<PreviewOptions> = {}): PreviewOptions => ({ imageCdn: CDN, pastInstallation: false, ...changes });

const slot = (layers: PreviewLayer[], name: string) => layers.filter((layer) => layer.key.startsWith(`${name}:`));
const visibleIn = (layers: PreviewLayer[], name: string) => slot(layers, name).filter((layer) => layer.visible);

describe('previewLayers: stacked layers (PREVIEW-1)', () => {
  it('lists every option of each slot, in the order front, vision, side, hook, cable', () => {
    const layers = previewLayers(catalogue, base, options());
    expect(slot(layers, 'front')).toHaveLength(16);
    expect(slot(layers, 'vision')).toHaveLength(16);
    expect(slot(layers, 'side')).toHaveLength(11);
    expect(slot(layers, 'hook')).toHaveLength(11);
    expect(slot(layers, 'cable').map((layer) => layer.key)).toEqual([
      'cable:tethered_7kw_5_5m',
      'cable:tethered_7kw_8_5m',
      'cable:tethered_22kw_6_5m',
    ]);
    expect([...new Set(layers.map((layer) => layer.key.split(':')[0]))]).toEqual(['front', 'vision', 'side', 'hook', 'cable']);
    expect(new Set(layers.map((layer) => layer.key)).size).toBe(layers.length);
  });
});

describe('previewLayers: the chosen colour\'s layer visible, the others hidden (PREVIEW-2)', () => {
  it.each([
    ['a standard metal front', 'racing_green', 'windsor_grey'],
    ['a wood front', 'sorong_teak', 'midnight_black'],
    ['the limited front', 'andersen_carbon', 'purple_spirit'],
  ])('with %s', (_, front, body) => {
    const layers = previewLayers(catalogue, config({ front, body }), options());
    expect(visibleIn(layers, 'front').map((layer) => layer.colourId)).toEqual([front]);
    expect(visibleIn(layers, 'side').map((layer) => layer.colourId)).toEqual([body]);
  });
});

describe('previewLayers: front prefix (PREVIEW-3)', () => {
  it.each([
    [false, 'front', `${CDN}/front_quartz_cashmere.png?width=800&height=1000`],
    [true, 'vision', `${CDN}/vision_quartz_cashmere.png?width=800&height=1000`],
  ] as const)('display %s → the %s image shows', (display, view, src) => {
    const layers = previewLayers(catalogue, config({ display, front: 'cashmere' }), options());
    const fronts = [...slot(layers, 'front'), ...slot(layers, 'vision')];
    expect(fronts.filter((layer) => layer.visible).map((layer) => [layer.view, layer.src])).toEqual([[view, src]]);
    expect(slot(layers, view).every((layer) => layer.view === view)).toBe(true);
  });

  it('keeps both views of every front listed, so the display swaps layers without new images', () => {
    const keysAndSources = (display: boolean) =>
      previewLayers(catalogue, config({ display, front: 'cashmere' }), options()).map((layer) => `${layer.key} ${layer.src}`);
    expect(keysAndSources(true)).toEqual(keysAndSources(false));
  });
});

describe('previewLayers: cable hook (PREVIEW-4)', () => {
  it.each([
    [true, 'tethered_7kw_8_5m', true, 'nova_bronze'],
    [false, 'tethered_7kw_8_5m', true, undefined],
    [true, 'tethered_7kw_8_5m', false, undefined],
    [true, 'socket_7kw', true, undefined],
    [true, 'socket_22kw', true, undefined],
  ])('past installation %s, cable %s, hook chosen %s → visible %s', (pastInstallation, cable, cableHook, visible) => {
    const layers = previewLayers(catalogue, config({ cable, cableHook, hookColour: 'nova_bronze' }), options({ pastInstallation }));
    expect(visibleIn(layers, 'hook').map((layer) => layer.colourId)).toEqual(visible ? [visible] : []);
    expect(slot(layers, 'hook')).toHaveLength(11);
  });

  it('names hook images from the view "hook"', () => {
    const layers = previewLayers(catalogue, config({ cable: 'tethered_7kw_5_5m', cableHook: true, hookColour: 'alpine_white' }), options({ pastInstallation: true }));
    expect(visibleIn(layers, 'hook')[0]?.src).toBe(`${CDN}/hook_quartz_alpine_white.png?width=800&height=1000`);
  });
});

describe('previewLayers: tethered cable (PREVIEW-5)', () => {
  it.each([
    ['tethered_7kw_5_5m', 'cable/tethered_5_5m'],
    ['tethered_7kw_8_5m', 'cable/tethered_8_5m'],
    ['tethered_22kw_6_5m', 'cable/tethered_6_5m'],
    ['socket_7kw', undefined],
    ['socket_22kw', undefined],
  ])('cable %s → image %s', (cable, image) => {
    const visible = visibleIn(previewLayers(catalogue, config({ cable }), options()), 'cable');
    expect(visible.map((layer) => layer.src)).toEqual(image ? [`${CDN}/${image}.png?width=400&height=600`] : []);
  });
});

describe('previewLayers: image URLs (PREVIEW-6)', () => {
  it.each([
    [CDN, `${CDN}/side_quartz_windsor_grey.png?width=800&height=1000`],
    [`${CDN}/`, `${CDN}/side_quartz_windsor_grey.png?width=800&height=1000`],
    [`${CDN}//`, `${CDN}/side_quartz_windsor_grey.png?width=800&height=1000`],
  ])('base %s', (imageCdn, src) => {
    const layers = previewLayers(catalogue, config({ body: 'windsor_grey' }), options({ imageCdn }));
    expect(visibleIn(layers, 'side')[0]?.src).toBe(src);
  });
});

describe('previewLayers: sizes (PREVIEW-7)', () => {
  it.each([
    [undefined, [300, 375], [150, 225]],
    [1, [200, 250], [100, 150]],
    [1.25, [250, 313], [125, 188]],
    [2, [400, 500], [200, 300]],
  ])('scale %s', (scale, colourSize, cableSize) => {
    const layers = previewLayers(catalogue, base, scale === undefined ? options() : options({ scale }));
    const size = (layer: PreviewLayer) => [layer.width, layer.height];
    expect(layers.filter((layer) => layer.view !== 'cable').every((layer) => size(layer).join() === colourSize.join())).toBe(true);
    expect(slot(layers, 'cable').map(size)).toEqual([cableSize, cableSize, cableSize]);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('rejects scale %s', (scale) => {
    expect(() => previewLayers(catalogue, base, options({ scale }))).toThrow(RangeError);
  });
});

describe('previewLayers: text alternatives', () => {
  it('describes each visible layer and leaves hidden ones empty', () => {
    const chosen = config({ front: 'racing_green', body: 'windsor_grey', cable: 'tethered_7kw_8_5m', cableHook: true, hookColour: 'cashmere' });
    const layers = previewLayers(catalogue, chosen, options({ pastInstallation: true }));
    expect(layers.filter((layer) => layer.visible).map((layer) => layer.alt)).toEqual([
      'Front: Racing Green',
      'Body: Windsor Grey',
      'Cable hook: Cashmere',
      'Tethered cable: 7kW with 8.5m cable',
    ]);
    expect(layers.filter((layer) => !layer.visible).every((layer) => layer.alt === '')).toBe(true);
  });

  it('says the front carries the display when it does', () => {
    const layers = previewLayers(catalogue, config({ display: true, front: 'alpine_white' }), options());
    expect(visibleIn(layers, 'vision')[0]?.alt).toBe('Front with digital display: Alpine White');
  });
});

describe('colourSummary (PREVIEW-1)', () => {
  it.each([
    ['defaults', base, { front: 'Midnight Black', body: 'Midnight Black' }],
    ['a wood front', config({ front: 'charcoal', body: 'cashmere' }), { front: 'Charcoal', body: 'Cashmere' }],
    ['a hook on a tethered cable', config({ cable: 'tethered_7kw_5_5m', cableHook: true, hookColour: 'maranello_red' }), { front: 'Midnight Black', body: 'Midnight Black', hook: 'Maranello Red' }],
    ['a hook with a socket', config({ cable: 'socket_7kw', cableHook: true, hookColour: 'maranello_red' }), { front: 'Midnight Black', body: 'Midnight Black' }],
  ])('%s', (_, chosen, expected) => {
    expect(colourSummary(catalogue, chosen)).toEqual(expected);
  });
});
