import { describe, expect, it } from 'vitest';
import { everyOrderStep, navigationContext } from './context.fixture';
import type { Flow } from './steps';
import { positionOf, stepDefinition, stepsFor } from './steps';

describe('STEP-1, STEP-2: the named steps of each flow', () => {
  it('ordering flow: cable, installation, options, extras, hook, summary, payment, then contact, offer, finance, direct debit', () => {
    expect(stepsFor('order').map((step) => step.name)).toEqual([
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
    ]);
  });

  it('specification-request flow: 01 e-mail to 07 submission, 05 being the installation check', () => {
    expect(stepsFor('spec-request').map((step) => step.name)).toEqual([
      'email',
      'cable',
      'installation',
      'extras',
      'installCheck',
      'details',
      'submission',
    ]);
  });

  it.each<Flow>(['order', 'spec-request'])('the first %s step applies whatever was chosen', (flow) => {
    const contexts = [navigationContext({ flow }), { ...everyOrderStep, flow }];
    for (const ctx of contexts) expect(stepsFor(flow)[0].applies(ctx)).toBe(true);
  });

  it.each([
    ['order', 'email'],
    ['order', 'installCheck'],
    ['spec-request', 'summary'],
    ['spec-request', 'payment'],
  ] as const)('a step of the other flow is refused (%s flow, %s)', (flow, step) => {
    expect(() => stepDefinition(flow, step)).toThrow(`"${step}" is not a step of the ${flow} flow`);
    expect(() => positionOf(flow, step)).toThrow();
  });

  it('positions count every step of the flow, applicable or not', () => {
    expect(positionOf('order', 'payment')).toBe(6);
    expect(positionOf('spec-request', 'details')).toBe(5);
  });
});
