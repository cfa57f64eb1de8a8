import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE as C } from './catalogue/uk';
import { bodyColour, frontColour } from './configuration';
import { specRequestSurchargeLabel } from './surcharge-labels';

describe('PAGE-5: surcharge labels in the specification flow', () => {
  it.each<[string, string | undefined, string]>([
    ['midnight_black', undefined, 'black metal: no label'],
    ['racing_green', '+£22.00', 'a metallic D101 front'],
    ['purple_spirit', '+£22.00', 'a metallic D101 front'],
    ['andersen_carbon', undefined, 'the carbon limited edition: no label'],
    ['cotswold_oak', undefined, 'a non-D101 code (wood): no label'],
  ])('front %s → %s (%s)', (id, label, _reason) => {
    expect(specRequestSurchargeLabel(C, 'front', frontColour(C, id))).toBe(label);
  });

  it.each<[string, string | undefined]>([
    ['midnight_black', undefined],
    ['windsor_grey', '+£48.00'],
    ['alpine_white', '+£48.00'],
  ])('body %s → %s', (id, label) => {
    expect(specRequestSurchargeLabel(C, 'body', bodyColour(C, id))).toBe(label);
  });

  it('every front and body colour of the catalogue gets the label its code calls for', () => {
    const labelled = C.colours.front.standard.filter((c) => specRequestSurchargeLabel(C, 'front', c)).length;
    expect(labelled).toBe(10);
    expect(C.colours.body.filter((c) => specRequestSurchargeLabel(C, 'body', c)).length).toBe(10);
  });
});
