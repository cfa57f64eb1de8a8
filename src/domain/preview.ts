import type { Catalogue, ColourOption } from './catalogue/schema';
import type { Configuration } from './configuration';
import { bodyColour, frontColour, frontColours, hookApplies, hookColour } from './configuration';

/**
 * PREVIEW-1: the stacked images behind the configurator and the wizard's left pane.
 * Every colour's layer is listed (hidden unless chosen) so the browser preloads them and a
 * change of colour swaps instantly.
 */

export type PreviewView = 'front' | 'vision' | 'side' | 'hook' | 'cable';

export interface PreviewLayer {
  /** Stable per slot and option ("front:racing_green", "vision:racing_green", "cable:tethered_7kw_8_5m"). */
  key: string;
  view: PreviewView;
  colourId?: string;
  src: string;
  width: number;
  height: number;
  visible: boolean;
  /** Meaningful text for a visible layer; "" for hidden ones, which are decoration until shown. */
  alt: string;
}

export interface PreviewOptions {
  imageCdn: string;
  /** PREVIEW-7: the scale defaults to 1.5. */
  scale?: number;
  /**
   * PREVIEW-4: the wizard is past the installation step. The caller
   * decides by step name, so the rule survives steps being skipped or reordered.
   */
  pastInstallation: boolean;
}

/** PREVIEW-7: each image is 200 by 250 times the scale, the tethered image 100 by 150. */
const COLOUR_IMAGE = { width: 200, height: 250 };
const CABLE_IMAGE = { width: 100, height: 150 };

const sized = (size: { width: number; height: number }, scale: number) => ({
  width: Math.round(size.width * scale),
  height: Math.round(size.height * scale),
});

/** PREVIEW-6: colour images are named from the view, the word quartz and the colour slug, at 800x1000. */
export function colourImageUrl(imageCdn: string, view: Exclude<PreviewView, 'cable'>, slug: string): string {
  return `${imageCdn.replace(/\/+$/, '')}/${view}_quartz_${slug}.png?width=800&height=1000`;
}

/** The tethered-cable image, from the cable's own `image` path, at 400x600 (its 100 by 150 proportion). */
export function cableImageUrl(imageCdn: string, image: string): string {
  return `${imageCdn.replace(/\/+$/, '')}/${image}.png?width=400&height=600`;
}

export interface ColourSummary {
  front: string;
  body: string;
  /** Only when a cable hook applies (tethered cable with the hook chosen). */
  hook?: string;
}

/** PREVIEW-1 colour summary: the chosen colours by name. */
export function colourSummary(catalogue: Catalogue, config: Configuration): ColourSummary {
  const summary: ColourSummary = {
    front: frontColour(catalogue, config.front).name,
    body: bodyColour(catalogue, config.body).name,
  };
  if (hookApplies(catalogue, config)) summary.hook = hookColour(catalogue, config.hookColour).name;
  return summary;
}

/**
 * PREVIEW-2..5: the selected colour layer is visible and the others hidden; the front uses the
 * 'vision' prefix when the display is chosen; the cable-hook layer shows only past installation
 * with a hook that applies; the tethered-cable image only for a tethered cable. The fronts are
 * listed in both views ('front' and 'vision' slots), so choosing the display swaps which layer
 * shows at once, as a colour does, instead of reloading every front image.
 */
export function previewLayers(catalogue: Catalogue, config: Configuration, options: PreviewOptions): PreviewLayer[] {
  const scale = options.scale ?? 1.5;
  if (!Number.isFinite(scale) || scale <= 0) throw new RangeError(`Preview scale must be a positive number, not ${scale}`);
  const colourSize = sized(COLOUR_IMAGE, scale);
  const showHook = options.pastInstallation && hookApplies(catalogue, config);

  const colourLayers = (
    slot: string,
    view: Exclude<PreviewView, 'cable'>,
    label: string,
    colours: readonly ColourOption[],
    selected: string | undefined,
  ): PreviewLayer[] =>
    colours.map((colour) => {
      const visible = colour.id === selected;
      return {
        key: `${slot}:${colour.id}`,
        view,
        colourId: colour.id,
        src: colourImageUrl(options.imageCdn, view, colour.id),
        ...colourSize,
        visible,
        alt: visible ? `${label}: ${colour.name}` : '',
      };
    });

  const cableLayers = catalogue.cables
    .filter((cable) => cable.kind === 'tethered')
    .map((cable): PreviewLayer => {
      const visible = cable.id === config.cable;
      return {
        key: `cable:${cable.id}`,
        view: 'cable',
        src: cableImageUrl(options.imageCdn, cable.image),
        ...sized(CABLE_IMAGE, scale),
        visible,
        alt: visible ? `Tethered cable: ${cable.name}` : '',
      };
    });

  return [
    ...colourLayers('front', 'front', 'Front', frontColours(catalogue), config.display ? undefined : config.front),
    ...colourLayers('vision', 'vision', 'Front with digital display', frontColours(catalogue), config.display ? config.front : undefined),
    ...colourLayers('side', 'side', 'Body', catalogue.colours.body, config.body),
    ...colourLayers('hook', 'hook', 'Cable hook', catalogue.colours.hook, showHook ? config.hookColour : undefined),
    ...cableLayers,
  ];
}
