import { describe, expect, it } from 'vitest';
import { stepLabel, stepTitle } from './steps';

describe('the steps in the ui: labels and headings', () => {
  it.each([
    ['cable', 'Select Power & Cable Length'],
    ['installation', 'Select Installation'],
    ['extras', 'Select Your Extras'],
  ] as const)('STEP-2: specification-request step %s is titled "%s"', (step, title) => {
    expect(stepTitle('spec-request', step)).toBe(title);
  });

  it('STEP-3: a step without a heading of its own is headed by its label', () => {
    expect(stepTitle('order', 'cable')).toBe('Power & cable');
    expect(stepTitle('spec-request', 'email')).toBe('E-mail');
  });

  it('the flows share step ids, each with its own label', () => {
    expect(stepLabel('order', 'cable')).toBe('Power & cable');
    expect(stepLabel('spec-request', 'cable')).toBe('Power & Cable');
  });

  it.each([
    ['order', 'email'],
    ['spec-request', 'payment'],
  ] as const)('a step of the other flow is refused rather than named by its id (%s flow, %s)', (flow, step) => {
    expect(() => stepLabel(flow, step)).toThrow(`"${step}" is not a step of the ${flow} flow`);
    expect(() => stepTitle(flow, step)).toThrow(`"${step}" is not a step of the ${flow} flow`);
  });
});
