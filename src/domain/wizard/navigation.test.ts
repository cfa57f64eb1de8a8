import { describe, expect, it } from 'vitest';
import type { PaymentType } from '../catalogue/schema';
import { everyOrderStep, navigationContext } from './context.fixture';
import { applicableSteps, back, next, stepCount, stepIndex, walkTo } from './moves';
import { normaliseStep, parseWalkedSteps, stepStatus } from './navigation';
import type { NavigationContext, StepName } from './steps';
import { positionOf } from './steps';

/** The specification's step numbers are positions in the ordering flow's full list. */
const specStep = (step: StepName) => positionOf('order', step);

const ORDER_WALK: StepName[] = [
  'cable',
  'installation',
  'options',
  'extras',
  'hook',
  'summary',
  'payment',
  'contact',
  'offer',
  'finance',
  'directDebit',
];

/** The steps Continue visits from the first one until the flow finishes. */
function walk(ctx: NavigationContext): StepName[] {
  const visited: StepName[] = [applicableSteps(ctx)[0]!];
  for (let result = next(ctx, visited[0]!); result.type === 'step'; result = next(ctx, result.step)) {
    visited.push(result.step);
  }
  return visited;
}

describe('MOVE-1..6: wizard navigation (ordering flow)', () => {
  it('Continue advances one step normally: with every step applying it visits each in turn, then finishes', () => {
    expect(walk(everyOrderStep)).toEqual(ORDER_WALK);
    expect(next(everyOrderStep, 'directDebit')).toEqual({ type: 'finish' });
  });

  it('Back goes one step: from the last step it revisits each in turn', () => {
    const visited: StepName[] = ['directDebit'];
    for (let result = back(everyOrderStep, 'directDebit'); result.type === 'step'; result = back(everyOrderStep, result.step)) {
      visited.unshift(result.step);
    }
    expect(visited).toEqual(ORDER_WALK);
  });

  it.each<[string, string, boolean, StepName, number]>([
    ['tethered, hook chosen', 'tethered_7kw_5_5m', true, 'hook', 1],
    ['tethered 22kW, hook chosen', 'tethered_22kw_6_5m', true, 'hook', 1],
    ['tethered, no hook', 'tethered_7kw_8_5m', false, 'summary', 2],
    ['socketed, hook chosen', 'socket_7kw', true, 'summary', 2],
    ['socketed, no hook', 'socket_22kw', false, 'summary', 2],
  ])(
    'From step 3 it advances two steps, unless the cable is tethered and the cable hook is chosen (%s)',
    (_case, cable, cableHook, expected, distance) => {
      const ctx = navigationContext({ smallScreen: true, configuration: { cable, cableHook } });
      expect(specStep('extras')).toBe(3);
      expect(next(ctx, 'extras')).toEqual({ type: 'step', step: expected });
      expect(specStep(expected) - specStep('extras')).toBe(distance);
    },
  );

  it.each<[string, string, boolean, StepName, number]>([
    ['tethered, hook chosen', 'tethered_7kw_5_5m', true, 'hook', 1],
    ['tethered, no hook', 'tethered_7kw_5_5m', false, 'extras', 2],
    ['socketed, hook chosen', 'socket_7kw', true, 'extras', 2],
  ])(
    'Back goes one step, except from step 5 without a cable hook, where it goes back 2 (%s)',
    (_case, cable, cableHook, expected, distance) => {
      const ctx = navigationContext({ smallScreen: true, configuration: { cable, cableHook } });
      expect(specStep('summary')).toBe(5);
      expect(back(ctx, 'summary')).toEqual({ type: 'step', step: expected });
      expect(specStep('summary') - specStep(expected)).toBe(distance);
    },
  );

  it('Back on step 0 closes the wizard', () => {
    expect(back(everyOrderStep, 'cable')).toEqual({ type: 'close' });
    expect(back(navigationContext(), 'cable')).toEqual({ type: 'close' });
  });

  it.each<[string, boolean, StepName, StepName]>([
    ['no hook', false, 'extras', 'payment'],
    ['hook', true, 'hook', 'payment'],
  ])('Step 4, the price summary, only on small screens: on a large screen with %s, %s is followed by %s', (_case, cableHook, from, to) => {
    const large = navigationContext({ configuration: { cable: 'tethered_7kw_5_5m', cableHook } });
    expect(applicableSteps(large)).not.toContain('summary');
    expect(next(large, from)).toEqual({ type: 'step', step: to });
    expect(back(large, to)).toEqual({ type: 'step', step: from });
    expect(applicableSteps({ ...large, smallScreen: true })).toContain('summary');
  });

  it.each<[boolean, string, boolean]>([
    [true, 'premium_7kw', true],
    [true, 'standard_7kw', true],
    [true, 'no_install', false],
    [false, 'premium_7kw', false],
    [false, 'no_install', false],
  ])('the offer step only with offers and installation (offers %s, installation %s: applies %s)', (offersAvailable, installation, applies) => {
    const ctx = navigationContext({ offersAvailable, configuration: { installation: installation as 'no_install', paymentType: 'PAY_NOW' } });
    expect(applicableSteps(ctx).includes('offer')).toBe(applies);
    expect(next(ctx, 'contact')).toEqual(applies ? { type: 'step', step: 'offer' } : { type: 'finish' });
  });

  it.each<[PaymentType | null, StepName[]]>([
    ['PAY_MONTHLY', ['payment', 'contact', 'finance', 'directDebit']],
    ['PAY_NOW', ['payment', 'contact']],
    ['PAY_PAYPAL', ['payment', 'contact']],
    [null, ['payment', 'contact']],
  ])('finance and direct debit only for the monthly plan (paymentType %s)', (paymentType, tail) => {
    const ctx = navigationContext({ configuration: { paymentType } });
    expect(walk(ctx).slice(walk(ctx).indexOf('payment'))).toEqual(tail);
  });

  it.each<PaymentType>(['PAY_NOW', 'PAY_PAYPAL'])(
    'From step 6, with the second 7kW standard variant (no install) and %s, Continue goes to contact and the flow then ends',
    (paymentType) => {
      const ctx = navigationContext({ offersAvailable: true, smallScreen: true, configuration: { installation: 'no_install', paymentType } });
      expect(specStep('payment')).toBe(6);
      expect(next(ctx, 'payment')).toEqual({ type: 'step', step: 'contact' });
      expect(next(ctx, 'contact')).toEqual({ type: 'finish' });
      // With installation the same shop shows its offer after contact.
      const installed = { ...ctx, configuration: { ...ctx.configuration, installation: 'premium_7kw' as const } };
      expect(next(installed, 'contact')).toEqual({ type: 'step', step: 'offer' });
    },
  );

  it.each<[string, NavigationContext, number, [StepName, number][]]>([
    ['every step', everyOrderStep, 11, [['cable', 1], ['extras', 4], ['hook', 5], ['summary', 6], ['payment', 7], ['directDebit', 11]]],
    ['large screen, socket, no install, pay now', navigationContext({ configuration: { paymentType: 'PAY_NOW' } }), 6, [['extras', 4], ['payment', 5], ['contact', 6]]],
    ['small screen, no hook, monthly', navigationContext({ smallScreen: true, configuration: { paymentType: 'PAY_MONTHLY' } }), 9, [['summary', 5], ['payment', 6], ['finance', 8], ['directDebit', 9]]],
  ])("'Step N of M' (%s)", (_case, ctx, count, figures) => {
    expect(stepCount(ctx)).toBe(count);
    for (const [step, n] of figures) expect(stepIndex(ctx, step) + 1).toBe(n);
  });

  it.each<[StepName, 'complete' | 'current' | 'upcoming']>([
    ['cable', 'complete'],
    ['options', 'complete'],
    ['extras', 'current'],
    ['hook', 'upcoming'],
    ['payment', 'upcoming'],
  ])('each step is upcoming, current or complete by position: with extras current, %s is %s', (step, status) => {
    expect(stepStatus(everyOrderStep, 'extras', step)).toBe(status);
  });

  it.each<[string, NavigationContext, StepName, StepName]>([
    ['the hook unticked on the hook step', navigationContext({ smallScreen: true, configuration: { cable: 'tethered_7kw_5_5m' } }), 'hook', 'extras'],
    ['a socket chosen on the hook step', navigationContext({ configuration: { cableHook: true } }), 'hook', 'extras'],
    ['the screen grown on the summary, with a hook', navigationContext({ configuration: { cable: 'tethered_7kw_5_5m', cableHook: true } }), 'summary', 'hook'],
    ['pay now chosen on the finance step', navigationContext({ configuration: { paymentType: 'PAY_NOW' } }), 'finance', 'contact'],
    ['pay now chosen on direct debit, with an offer', navigationContext({ offersAvailable: true, configuration: { installation: 'premium_7kw', paymentType: 'PAY_NOW' } }), 'directDebit', 'offer'],
    ['nothing changed', everyOrderStep, 'hook', 'hook'],
  ])('a step that stops applying gives way to the nearest applicable one before it (%s)', (_case, ctx, current, expected) => {
    expect(normaliseStep(ctx, current)).toBe(expected);
    expect(stepIndex(ctx, current)).toBe(stepIndex(ctx, expected));
  });

  it('a step of the other flow is refused', () => {
    expect(() => next(everyOrderStep, 'email')).toThrow('"email" is not a step of the order flow');
  });
});

describe('MOVE-2, STEP-2: wizard navigation (specification-request flow)', () => {
  const short = navigationContext({ flow: 'spec-request' });
  const long = navigationContext({ flow: 'spec-request', configuration: { cable: 'socket_22kw', installation: 'premium_22kw' } });

  it('step count depends on whether installation is included: the short list has 6 steps', () => {
    expect(applicableSteps(short)).toEqual(['email', 'cable', 'installation', 'extras', 'details', 'submission']);
    expect(stepCount(short)).toBe(6);
  });

  it('step count depends on whether installation is included: the longer list has 7 steps', () => {
    expect(applicableSteps(long)).toEqual(['email', 'cable', 'installation', 'extras', 'installCheck', 'details', 'submission']);
    expect(stepCount(long)).toBe(7);
  });

  it.each([
    ['short', short],
    ['longer', long],
  ])('Step index moves by one by default (%s list)', (_case, ctx) => {
    const steps = walk(ctx);
    expect(steps).toEqual(applicableSteps(ctx));
    steps.forEach((step, index) => expect(stepIndex(ctx, step)).toBe(index));
    expect(next(ctx, 'submission')).toEqual({ type: 'finish' });
    expect(back(ctx, 'email')).toEqual({ type: 'close' });
  });

  it.each<[string, NavigationContext, StepName, number, number]>([
    ['short list, Details', short, 'details', 5, 6],
    ['longer list, Details', long, 'details', 6, 7],
    ['longer list, installation check', long, 'installCheck', 5, 7],
    ['short list, submission', short, 'submission', 6, 6],
  ])("'Step N of M' (%s)", (_case, ctx, step, n, m) => {
    expect([stepIndex(ctx, step) + 1, stepCount(ctx)]).toEqual([n, m]);
  });

  it('the ordering-only conditions (small screen, offers) add no step', () => {
    expect(applicableSteps({ ...long, smallScreen: true, offersAvailable: true })).toEqual(applicableSteps(long));
  });

  it('the installation check gives way to extras when installation is switched off while on it', () => {
    expect(normaliseStep(short, 'installCheck')).toBe('extras');
    expect(back(short, 'details')).toEqual({ type: 'step', step: 'extras' });
  });
});

describe('MOVE-10 wizardSteps: the path walked to the current step', () => {
  it.each<[string, StepName[], StepName, StepName[]]>([
    ['the first step starts the path', [], 'cable', ['cable']],
    ['Continue appends the step moved to', ['cable', 'installation'], 'options', ['cable', 'installation', 'options']],
    ['a skipped step stays out', ['cable', 'installation', 'options', 'extras'], 'payment', ['cable', 'installation', 'options', 'extras', 'payment']],
    ['Back drops the step left', ['cable', 'installation', 'options'], 'installation', ['cable', 'installation']],
    ['Back over a skip drops what lay beyond', ['cable', 'installation', 'options', 'extras', 'payment'], 'extras', ['cable', 'installation', 'options', 'extras']],
    ['a jump back to an earlier step drops every later one', ['cable', 'installation', 'payment', 'contact', 'finance'], 'payment', ['cable', 'installation', 'payment']],
    ['staying on the last step changes nothing', ['cable', 'installation'], 'installation', ['cable', 'installation']],
    ['a step reached without a path (a restored wizard) starts one', [], 'contact', ['contact']],
  ])('%s', (_case, walked, step, expected) => {
    expect(walkTo('order', walked, step)).toEqual(expected);
  });

  it('keeps each flow\'s own order (the specification request starts with the e-mail)', () => {
    expect(walkTo('spec-request', ['email', 'cable'], 'installation')).toEqual(['email', 'cable', 'installation']);
    expect(walkTo('spec-request', ['email', 'cable', 'installation'], 'email')).toEqual(['email']);
  });

  it.each<[string, unknown, StepName[]]>([
    ['a walked path', ['cable', 'installation', 'extras'], ['cable', 'installation', 'extras']],
    ['no path', [], []],
    ['not a list', 'cable', []],
    ['an unknown step', ['cable', 'checkout'], []],
    ['a step of the other flow', ['email', 'cable'], []],
    ['steps out of order', ['installation', 'cable'], []],
    ['a step twice', ['cable', 'cable'], []],
    ['a non-string', ['cable', 3], []],
  ])('a saved path is taken only when it is one (%s)', (_case, saved, expected) => {
    expect(parseWalkedSteps('order', saved)).toEqual(expected);
  });
});
