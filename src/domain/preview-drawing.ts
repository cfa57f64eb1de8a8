import type { Catalogue, ColourOption } from './catalogue/schema';
import type { Configuration } from './configuration';
import { bodyColour, frontColour, frontKind, hookColour } from './configuration';
import { previewLayers } from './preview';

/**
 * What the preview draws when it has no images (no image CDN, or its images failed): the parts the
 * stacked images would show, by the same rules (PREVIEW-8), each with the paint of its colour.
 */

/** A flat colour (metal finishes), or a two-tone pattern for the photo finishes (wood grain, carbon weave). */
export type DrawingPaint =
  | { kind: 'flat'; colour: string }
  | { kind: 'wood'; light: string; dark: string }
  | { kind: 'carbon'; light: string; dark: string };

export interface DrawnColour {
  /** The colour's id, unique within its part: pattern ids are made from it. */
  id: string;
  name: string;
  paint: DrawingPaint;
}

export interface ChargerDrawingPlan {
  front: DrawnColour;
  /** PREVIEW-3: the front carries the display. */
  display: boolean;
  body: DrawnColour;
  /** Only when the hook layer would show: past installation, with a hook that applies. */
  hook?: DrawnColour;
  /** Only when the tethered-cable image would show. */
  cable?: { name: string; lengthM?: number };
  /** The drawing's accessible name. */
  label: string;
}

/** Photo finishes carry no hex in the catalogue: the known woods' tones, and one for a merchant's own. */
const WOOD_TONES: Readonly<Record<string, readonly [string, string]>> = {
  cotswold_oak: ['#b98a55', '#8d6236'],
  sorong_teak: ['#9c6a3c', '#6d4523'],
  french_walnut: ['#6b4a32', '#47301f'],
  charcoal: ['#3b3a38', '#232221'],
};
const OTHER_WOOD = ['#a47748', '#74502c'] as const;
const CARBON = ['#34373c', '#1d1f22'] as const;
/** A colour with neither a hex nor a finish the drawing knows. */
const UNKNOWN_GREY = '#9aa0a6';

/** `#rgb` or `#rrggbb` darkened by `amount` (0..1): the grain of a finish whose base colour is given. */
export function darker(hex: string, amount = 0.3): string {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1, 7);
  const channels = [0, 2, 4].map((at) => Math.round(Number.parseInt(digits.slice(at, at + 2), 16) * (1 - amount)));
  return `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The paint of a colour: metal (and any flat) colours are their hex; a premium (wood) finish is
 * a grain and a limited one a weave, in the catalogue's hex when it gives one.
 */
export function paintOf(colour: ColourOption, kind: 'standard' | 'premium' | 'limited' = 'standard'): DrawingPaint {
  if (kind === 'premium' || colour.premium) {
    const [light, dark] = colour.color ? [colour.color, darker(colour.color)] : (WOOD_TONES[colour.id] ?? OTHER_WOOD);
    return { kind: 'wood', light, dark };
  }
  if (kind === 'limited' || colour.limited) {
    const [light, dark] = colour.color ? [colour.color, darker(colour.color)] : CARBON;
    return { kind: 'carbon', light, dark };
  }
  return { kind: 'flat', colour: colour.color ?? UNKNOWN_GREY };
}

const drawn = (colour: ColourOption, paint: DrawingPaint): DrawnColour => ({ id: colour.id, name: colour.name, paint });

/**
 * The drawing of `config`. The visible parts are read from previewLayers() itself, so the drawing
 * follows the images' rules exactly (display prefix, hook past installation, tethered cable only).
 */
export function previewDrawing(catalogue: Catalogue, config: Configuration, options: { pastInstallation: boolean }): ChargerDrawingPlan {
  const visible = previewLayers(catalogue, config, { imageCdn: '', pastInstallation: options.pastInstallation }).filter((layer) => layer.visible);
  const shows = (view: string) => visible.some((layer) => layer.view === view);
  const frontOption = frontColour(catalogue, config.front);
  const bodyOption = bodyColour(catalogue, config.body);
  const front = drawn(frontOption, paintOf(frontOption, frontKind(catalogue, config.front)));
  const body = drawn(bodyOption, paintOf(bodyOption));
  const display = shows('vision');
  const plan: ChargerDrawingPlan = { front, display, body, label: '' };
  if (shows('hook')) {
    const hookOption = hookColour(catalogue, config.hookColour);
    plan.hook = drawn(hookOption, paintOf(hookOption));
  }
  const cable = shows('cable') ? catalogue.cables.find((option) => option.id === config.cable) : undefined;
  if (cable) plan.cable = cable.lengthM === undefined ? { name: cable.name } : { name: cable.name, lengthM: cable.lengthM };
  plan.label = drawingLabel(plan);
  return plan;
}

/** "Drawing of the charger: Racing Green front with digital display, Alpine White body, Nova Bronze cable hook, 8.5m tethered cable". */
export function drawingLabel(plan: Omit<ChargerDrawingPlan, 'label'>): string {
  const parts = [`${plan.front.name} front${plan.display ? ' with digital display' : ''}`, `${plan.body.name} body`];
  if (plan.hook) parts.push(`${plan.hook.name} cable hook`);
  if (plan.cable) parts.push(plan.cable.lengthM === undefined ? `tethered cable (${plan.cable.name})` : `${plan.cable.lengthM}m tethered cable`);
  return `Drawing of the charger: ${parts.join(', ')}`;
}
