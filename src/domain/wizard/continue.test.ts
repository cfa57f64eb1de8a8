import { describe, expect, it } from 'vitest';
import { everyOrderStep, navigationContext } from './context.fixture';
import { continueEffects, continueHidden, highPowerConfirmedEffects, needsHighPowerConfirmation } from './continue';
import type { Flow, StepName } from './steps';
import { stepsFor } from './steps';

describe('MOVE-7: choosing a 22kW cable on step 0 shows a confirmation dialog; Continue is hidden until then', () => {
  it.each<[string, boolean, boolean]>([
    ['tethered_22kw_6_5m', false, true],
    ['socket_22kw', false, true],
    ['tethered_22kw_6_5m', true, false],
    ['socket_22kw', true, false],
    ['tethered_7kw_5_5m', false, false],
    ['tethered_7kw_8_5m', false, false],
    ['socket_7kw', false, false],
  ])('ordering flow, cable %s, confirmed %s: dialog and hidden Continue %s', (cable, highPowerConfirmed, gated) => {
    const ctx = navigationContext({ highPowerConfirmed, configuration: { cable } });
    expect(needsHighPowerConfirmation(ctx, 'cable')).toBe(gated);
    expect(continueHidden(ctx, 'cable')).toBe(gated);
  });

  it('the gate belongs to step 0 only', () => {
    const ctx = navigationContext({ configuration: { cable: 'socket_22kw', installation: 'premium_22kw' } });
    expect(needsHighPowerConfirmation(ctx, 'installation')).toBe(false);
    expect(continueHidden(ctx, 'installation')).toBe(false);
  });

  it('the specification-request flow has no 22kW dialog', () => {
    const ctx = navigationContext({ flow: 'spec-request', configuration: { cable: 'tethered_22kw_6_5m' } });
    expect(needsHighPowerConfirmation(ctx, 'cable')).toBe(false);
    expect(continueHidden(ctx, 'cable')).toBe(false);
  });
});

describe('MOVE-8: some steps hide Continue', () => {
  it('on the specification-request submission step Continue is hidden', () => {
    expect(continueHidden(navigationContext({ flow: 'spec-request' }), 'submission')).toBe(true);
  });

  it.each<Flow>(['order', 'spec-request'])('no other %s step hides Continue', (flow) => {
    const ctx = { ...everyOrderStep, flow };
    const shown = stepsFor(flow)
      .map((step) => step.name)
      .filter((step) => step !== 'submission');
    for (const step of shown) expect(continueHidden(ctx, step)).toBe(false);
  });
});

describe('MOVE-6: Continue on step 1 resets the chosen offer to none; Continue on step 0 fetches product details', () => {
  it.each<[StepName, boolean, boolean]>([
    ['cable', false, true],
    ['installation', true, false],
    ['options', false, false],
    ['extras', false, false],
    ['payment', false, false],
    ['offer', false, false],
  ])('ordering flow, Continue on %s: reset offer %s, fetch product details %s', (step, resetOffer, fetchProductDetails) => {
    expect(continueEffects(everyOrderStep, step)).toEqual({ resetOffer, fetchProductDetails });
  });

  it.each<StepName>(['email', 'cable', 'installation', 'extras'])(
    'MOVE-6 belongs to the ordering flow: Continue on the specification-request %s step has no effect',
    (step) => {
      expect(continueEffects(navigationContext({ flow: 'spec-request' }), step)).toEqual({ resetOffer: false, fetchProductDetails: false });
    },
  );

  it('MOVE-7: the product query also runs when the 22kW dialog is confirmed', () => {
    const ctx = navigationContext({ configuration: { cable: 'socket_22kw' } });
    expect(highPowerConfirmedEffects(ctx)).toEqual({ resetOffer: false, fetchProductDetails: true });
  });
});
