import { describe, expect, it } from 'vitest';
import { modelViewerAttributes } from './model-stage';

const MODEL = 'https://shop.example/models/charger.glb';

describe('modelViewerAttributes', () => {
  it('auto-rotates only when the buyer has not asked for reduced motion', () => {
    expect(modelViewerAttributes(MODEL, false)).toMatchObject({ 'auto-rotate': '' });
    const reduced = modelViewerAttributes(MODEL, true);
    expect(reduced).not.toHaveProperty('auto-rotate');
    expect(reduced).toMatchObject({ 'interaction-prompt': 'none', 'camera-controls': '', 'ar-placement': 'wall' });
  });
});
