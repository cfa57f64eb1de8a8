import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE as C } from './catalogue/uk';
import { applySelection, type SelectionAction } from './choices';
import type { Configuration } from './configuration';
import { defaultConfiguration } from './configuration';
import { choiceChanges } from './choice-changes';
import type { Flow } from './wizard';

const base = defaultConfiguration(C);
const changesOf = (flow: Flow, changes: Partial<Configuration>, action: SelectionAction) => {
  const before = { ...base, ...changes };
  return choiceChanges(C, before, applySelection(C, before, flow, action));
};

describe('what a cable or installation choice changes besides itself (CHOICE-7)', () => {
  it('spec-request, 22kW cable: the £360 installation and the £245 surge protection, each with why', () => {
    expect(changesOf('spec-request', { cable: 'tethered_7kw_5_5m', surgeProtection: true }, { type: 'chooseCable', cable: 'tethered_22kw_6_5m' })).toEqual([
      'Installation is now 22kW Premium installation (physical survey), £360.00, to match a 22kW charger.',
      'Surge protection is now Surge Protection three phase, £245.00, to match a 22kW charger.',
    ]);
  });

  it('spec-request, 22kW socket: advanced solar and the cable hook are removed, with why', () => {
    const changes = changesOf('spec-request', { cable: 'tethered_7kw_5_5m', advancedSolar: true, cableHook: true }, { type: 'chooseCable', cable: 'socket_22kw' });
    expect(changes).toContain('Advanced solar is removed: it is not available with a 22kW charger.');
    expect(changes).toContain('The cable hook is removed: it comes with a tethered cable only, and 22kW socket is a socket.');
  });

  it('order, 22kW cable: a 7kW installation gives way to the 22kW one, surge protection switches and advanced solar goes', () => {
    const before = { surgeProtection: true, advancedSolar: true, installation: 'standard_7kw' } as const;
    expect(changesOf('order', before, { type: 'chooseCable', cable: 'tethered_22kw_6_5m' })).toEqual([
      'Installation is now 22kW Premium installation (physical survey), £360.00, to match a 22kW charger.',
      'Surge protection is now Surge Protection three phase, £245.00, to match a 22kW charger.',
      'Advanced solar is removed: it is not available with a 22kW charger.',
    ]);
  });

  it('an installation choice that changes the advanced solar item says so', () => {
    expect(changesOf('order', { advancedSolar: true }, { type: 'chooseInstallation', installation: 'premium_7kw' })).toEqual([
      'Advanced solar is now £106.00, the item fitted with installation.',
    ]);
  });

  it('nothing else changed, or an extra toggled by the buyer: nothing to say', () => {
    expect(changesOf('order', {}, { type: 'chooseCable', cable: 'tethered_7kw_8_5m' })).toEqual([]);
    expect(changesOf('order', { advancedSolar: true }, { type: 'toggleExtra', extra: 'advancedSolar', on: false })).toEqual([]);
  });
});
