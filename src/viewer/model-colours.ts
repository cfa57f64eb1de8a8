import type { ColourOption } from '../domain/catalogue/schema';

/** The demo model's materials that follow the chosen colours (scripts/make-charger-glb.mjs names them). */
export const MODEL_MATERIALS = { front: 'front', body: 'body' } as const;

export type ModelSlot = keyof typeof MODEL_MATERIALS;

/** How one material of the 3D model is painted: a hex base colour and PBR factors. */
export interface ModelFinish {
  hex: string;
  metallic: number;
  roughness: number;
}

/**
 * Wood and carbon finishes have no flat colour (they show a photo swatch), so the model takes a
 * representative tone of each; a finish it does not know (a merchant catalogue's own) is grey.
 */
const FINISH_TONES: Readonly<Record<string, string>> = {
  cotswold_oak: '#b98a55',
  sorong_teak: '#9c6a3c',
  french_walnut: '#6b4a32',
  charcoal: '#3b3a38',
  andersen_carbon: '#2a2c30',
};

export const UNKNOWN_FINISH_TONE = '#9aa0a6';

/** The model's materials follow the chosen front and body colours. */
export function modelFinish(colour: ColourOption): ModelFinish {
  return {
    hex: colour.color ?? FINISH_TONES[colour.id] ?? UNKNOWN_FINISH_TONE,
    metallic: colour.metallic ? 0.6 : 0,
    roughness: colour.metallic ? 0.35 : colour.limited ? 0.3 : 0.6,
  };
}
