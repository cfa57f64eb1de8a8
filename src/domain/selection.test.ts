import { describe, expect, it } from 'vitest';
import type { InstallationId } from './catalogue/schema';
import { UK_CATALOGUE } from './catalogue/uk';
import type { Configuration } from './configuration';
import { defaultConfiguration, solarItem, surgeItem, withInstallation } from './configuration';
import type { SelectionAction } from './choices';
import { applySelection, chooseCable, chooseCableKind, chooseInstallation, toggleExtra } from './choices';
import type { Extra } from './selection';
import { extrasOffered, installationOptionsFor, normaliseConfiguration } from './selection';
import type { Flow } from './wizard';
import { stepCount } from './wizard';

const catalogue = UK_CATALOGUE;
const config = (changes: Partial<Configuration> = {}): Configuration => ({ ...defaultConfiguration(catalogue), ...changes });

/** The specification-request wizard's length for a configuration (6 short, 7 longer). */
const specRequestSteps = (configuration: Configuration) =>
  stepCount({ flow: 'spec-request', catalogue, configuration, smallScreen: false, offersAvailable: false, highPowerConfirmed: false });

const everyExtraOn = { surgeProtection: true, advancedSolar: true, cableHook: true, display: true, extendedWarranty: true };

describe('CHOICE-3, CHOICE-5: choices in the specification-request flow', () => {
  const flow = 'spec-request';

  it.each<[string, Configuration, SelectionAction, string]>([
    ['Socketed, from the 22kW tether', config({ cable: 'tethered_22kw_6_5m', installation: 'premium_22kw' }), { type: 'chooseCableKind', kind: 'socketed' }, 'socket_7kw'],
    ['Tethered, from the 22kW socket', config({ cable: 'socket_22kw', installation: 'premium_22kw' }), { type: 'chooseCableKind', kind: 'tethered' }, 'tethered_7kw_5_5m'],
    ['the 5.5m tether, with premium installation', config({ cable: 'tethered_7kw_8_5m', installation: 'premium_7kw' }), { type: 'chooseCable', cable: 'tethered_7kw_5_5m' }, 'tethered_7kw_5_5m'],
    ['the 8.5m tether, with standard installation', config({ installation: 'standard_7kw' }), { type: 'chooseCable', cable: 'tethered_7kw_8_5m' }, 'tethered_7kw_8_5m'],
    ['the 7kW socket, from the 22kW tether', config({ cable: 'tethered_22kw_6_5m', installation: 'premium_22kw' }), { type: 'chooseCable', cable: 'socket_7kw' }, 'socket_7kw'],
  ])(
    'Choosing Socketed or a tethered cable resets installation to the no-installation option, the short step list, and withInstallation off (%s)',
    (_case, before, action, cable) => {
      const after = applySelection(catalogue, before, flow, action);
      expect(after.cable).toBe(cable);
      expect(after.installation).toBe('no_install');
      expect(withInstallation(catalogue, after)).toBe(false);
      expect(specRequestSteps(after)).toBe(6);
    },
  );

  it.each<[string, boolean]>([
    ['tethered_22kw_6_5m', true],
    ['socket_22kw', false],
  ])(
    'Choosing the third tethered cable or the second socketed cable forces installation on, the longer step list, surge protection the alternate item, clears advanced solar, and for the socketed one the cable hook (%s)',
    (cable, keepsHook) => {
      const before = config({ cable: 'tethered_7kw_5_5m', ...everyExtraOn });
      const after = chooseCable(catalogue, before, flow, cable);
      expect(after.installation).toBe('premium_22kw');
      expect(withInstallation(catalogue, after)).toBe(true);
      expect(specRequestSteps(after)).toBe(7);
      expect(after.surgeProtection).toBe(true);
      expect(surgeItem(catalogue, after).name).toBe('Surge Protection three phase');
      expect(after.advancedSolar).toBe(false);
      expect(after.cableHook).toBe(keepsHook);
      expect([after.display, after.extendedWarranty]).toEqual([true, true]);
    },
  );

  it.each<[InstallationId, boolean, number]>([
    ['no_install', false, 6],
    ['premium_7kw', true, 7],
    ['standard_7kw', true, 7],
  ])('In Install, choosing no installation turns off withInstallation and the short steps; choosing installation turns it on (%s)', (installation, on, steps) => {
    const start = config({ cable: 'tethered_7kw_5_5m', installation: on ? 'no_install' : 'premium_7kw' });
    const after = chooseInstallation(catalogue, start, flow, installation);
    expect(after.installation).toBe(installation);
    expect(withInstallation(catalogue, after)).toBe(on);
    expect(specRequestSteps(after)).toBe(steps);
  });

  it.each(['tethered_22kw_6_5m', 'socket_22kw'])('For the longer cables only one installation option is offered (%s)', (cable) => {
    const long = chooseCable(catalogue, config(), flow, cable);
    expect(installationOptionsFor(catalogue, long, flow).map((option) => option.id)).toEqual(['premium_22kw']);
    expect(chooseInstallation(catalogue, long, flow, 'no_install')).toBe(long);
    expect(chooseInstallation(catalogue, long, flow, 'premium_7kw')).toBe(long);
  });

  it.each<[Extra, boolean]>([
    ['extendedWarranty', true],
    ['extendedWarranty', false],
    ['cableHook', true],
    ['cableHook', false],
    ['display', true],
    ['display', false],
    ['surgeProtection', true],
    ['surgeProtection', false],
    ['advancedSolar', true],
    ['advancedSolar', false],
  ])('Extras toggle independently: %s set to %s changes nothing else', (extra, on) => {
    const before = config({ cable: 'tethered_7kw_8_5m', ...Object.fromEntries(Object.keys(everyExtraOn).map((key) => [key, !on])) });
    const after = toggleExtra(catalogue, before, flow, extra, on);
    expect(after).toEqual({ ...before, [extra]: on });
  });

  it.each<[string, boolean]>([
    ['tethered_7kw_5_5m', true],
    ['tethered_7kw_8_5m', true],
    ['tethered_22kw_6_5m', true],
    ['socket_7kw', false],
    ['socket_22kw', false],
  ])('Cable hook is offered only for tethered cables (%s: %s)', (cable, offered) => {
    const before = config({ cable, installation: cable.includes('22kw') ? 'premium_22kw' : 'no_install' });
    expect(extrasOffered(catalogue, before, flow).cableHook).toBe(offered);
    expect(toggleExtra(catalogue, before, flow, 'cableHook', true).cableHook).toBe(offered);
  });

  it('Cable hook is offered only for tethered cables: a socket clears a chosen hook', () => {
    const hooked = config({ cable: 'tethered_7kw_5_5m', cableHook: true });
    expect(chooseCableKind(catalogue, hooked, flow, 'socketed').cableHook).toBe(false);
  });

  it.each<[string, string]>([
    ['tethered_7kw_5_5m', 'surge_single'],
    ['tethered_7kw_8_5m', 'surge_single'],
    ['tethered_22kw_6_5m', 'surge_three'],
    ['socket_7kw', 'surge_single'],
    ['socket_22kw', 'surge_three'],
  ])('Surge protection uses a different item for the two long cables (%s: %s)', (cable, item) => {
    const chosen = chooseCable(catalogue, config({ surgeProtection: true }), flow, cable);
    expect(surgeItem(catalogue, chosen).id).toBe(item);
  });

  it.each<[string, boolean]>([
    ['tethered_7kw_5_5m', true],
    ['tethered_7kw_8_5m', true],
    ['tethered_22kw_6_5m', false],
    ['socket_7kw', true],
    ['socket_22kw', false],
  ])('Advanced solar is not offered for the long cables (%s: offered %s)', (cable, offered) => {
    const chosen = chooseCable(catalogue, config(), flow, cable);
    expect(extrasOffered(catalogue, chosen, flow).advancedSolar).toBe(offered);
    expect(toggleExtra(catalogue, chosen, flow, 'advancedSolar', true).advancedSolar).toBe(offered);
  });

  it('Advanced solar: its item differs when installation is selected', () => {
    const solar = config({ advancedSolar: true });
    expect(solarItem(catalogue, chooseInstallation(catalogue, solar, flow, 'no_install')).price).toBe(4600);
    expect(solarItem(catalogue, chooseInstallation(catalogue, solar, flow, 'premium_7kw')).price).toBe(10600);
  });

  it('the five extras of this flow do not include renewable energy integration, which the ordering flow offers', () => {
    expect(extrasOffered(catalogue, config(), flow).renewable).toBe(false);
    expect(toggleExtra(catalogue, config(), flow, 'renewable', true).renewable).toBe(false);
    expect(toggleExtra(catalogue, config(), 'order', 'renewable', true).renewable).toBe(true);
  });
});

describe('availability shared by both flows', () => {
  it.each<[string, Flow, InstallationId[]]>([
    ['tethered_7kw_5_5m', 'order', ['premium_7kw', 'standard_7kw', 'no_install']],
    ['socket_7kw', 'spec-request', ['premium_7kw', 'standard_7kw', 'no_install']],
    ['tethered_22kw_6_5m', 'order', ['premium_22kw', 'no_install']],
    ['socket_22kw', 'order', ['premium_22kw', 'no_install']],
    ['tethered_22kw_6_5m', 'spec-request', ['premium_22kw']],
    ['socket_22kw', 'spec-request', ['premium_22kw']],
  ])('installation options for %s in the %s flow', (cable, flow, ids) => {
    expect(installationOptionsFor(catalogue, config({ cable }), flow).map((option) => option.id)).toEqual(ids);
  });

  it.each<[string, Flow, Partial<Configuration>, Partial<Configuration>]>([
    ['a 22kW cable keeps no 7kW installation', 'order', { cable: 'socket_22kw', installation: 'premium_7kw' }, { installation: 'premium_22kw' }],
    ['a 7kW cable keeps no 22kW installation', 'order', { cable: 'tethered_7kw_5_5m', installation: 'premium_22kw' }, { installation: 'premium_7kw' }],
    ['a 22kW cable must be installed in the specification request', 'spec-request', { cable: 'tethered_22kw_6_5m', installation: 'no_install' }, { installation: 'premium_22kw' }],
    ['a socket keeps no hook', 'order', { cable: 'socket_7kw', cableHook: true }, { cableHook: false }],
    ['a 22kW cable keeps no advanced solar', 'order', { cable: 'tethered_22kw_6_5m', advancedSolar: true }, { advancedSolar: false }],
    ['the specification request keeps no renewable', 'spec-request', { renewable: true }, { renewable: false }],
  ])('normaliseConfiguration: %s', (_case, flow, start, fixed) => {
    const before = config(start);
    expect(normaliseConfiguration(catalogue, before, flow)).toEqual({ ...before, ...fixed });
  });

  it.each<Flow>(['order', 'spec-request'])('normaliseConfiguration returns a valid %s configuration unchanged, as the same object', (flow) => {
    const valid = config({ cable: 'tethered_7kw_8_5m', installation: 'standard_7kw', ...everyExtraOn });
    expect(normaliseConfiguration(catalogue, valid, flow)).toBe(valid);
  });

  it.each<[string, InstallationId, string, InstallationId]>([
    ['7kW premium', 'premium_7kw', 'tethered_22kw_6_5m', 'premium_22kw'],
    ['no installation', 'no_install', 'socket_22kw', 'no_install'],
    ['22kW premium', 'premium_22kw', 'tethered_7kw_8_5m', 'premium_7kw'],
  ])('ordering flow: choosing a cable only keeps the installation consistent (%s, then %s)', (_case, installation, cable, expected) => {
    const before = config({ cable: installation === 'premium_22kw' ? 'socket_22kw' : 'socket_7kw', installation });
    expect(chooseCable(catalogue, before, 'order', cable).installation).toBe(expected);
  });

  it('ordering flow: a 7kW cable keeps its chosen installation (the reset is the specification request\'s)', () => {
    const installed = config({ installation: 'standard_7kw' });
    expect(chooseCable(catalogue, installed, 'order', 'tethered_7kw_8_5m').installation).toBe('standard_7kw');
    expect(chooseCable(catalogue, installed, 'spec-request', 'tethered_7kw_8_5m').installation).toBe('no_install');
  });

  it('choosing the kind the cable already has keeps the chosen cable', () => {
    const long = config({ cable: 'tethered_7kw_8_5m' });
    expect(chooseCableKind(catalogue, long, 'order', 'tethered')).toBe(long);
    expect(chooseCableKind(catalogue, long, 'order', 'socketed').cable).toBe('socket_7kw');
  });

  it('choosing the same extra value again returns the same object', () => {
    const before = config({ display: true });
    expect(toggleExtra(catalogue, before, 'order', 'display', true)).toBe(before);
  });

  it('an unknown cable is refused loudly', () => {
    expect(() => chooseCable(catalogue, config(), 'order', 'tethered_11kw')).toThrow('Unknown cable "tethered_11kw"');
  });
});
