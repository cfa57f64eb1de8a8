import { describe, expect, it } from 'vitest';
import { remToPx } from './constructable-styles';

// A rem follows the host page's root font size, so sheets are adopted in px.
describe('remToPx', () => {
  it('turns every rem length into px at 16 px to the rem, minified or not', () => {
    expect(remToPx('a{margin:0 0 .75rem;padding:-.5rem 1.25rem}')).toBe('a{margin:0 0 12px;padding:-8px 20px}');
    expect(remToPx('.x { width: calc(100vw - 2rem); font-size: 0.8125rem; gap: 1rem }')).toBe('.x { width: calc(100vw - 32px); font-size: 13px; gap: 16px }');
    expect(remToPx('@container evc (min-width: 40rem) {}')).toBe('@container evc (min-width: 640px) {}');
  });

  it('leaves other units, and names that merely contain "rem", alone', () => {
    const css = '.evc-remove, .x2rem { width: 2em; height: 10px; --evc-premium: 1; }';
    expect(remToPx(css)).toBe(css);
  });
});
