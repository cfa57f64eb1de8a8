import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { InstallCheckAnswers } from './install-check';
import { INSTALL_CHECK_QUESTIONS, InstallCheckAnswersSchema, installCheckOutcome } from './install-check';

const allYes = Object.fromEntries(INSTALL_CHECK_QUESTIONS.map(({ id }) => [id, 'yes'])) as InstallCheckAnswers;

describe('installation check (STEP-14)', () => {
  it('asks one question per limit', () => {
    expect(INSTALL_CHECK_QUESTIONS.map(({ question }) => question).join(' ')).toMatch(/15m.*4 hours.*1\.8m.*7m.*40A.*Type A RCD.*mainland UK/);
  });

  it.each<[string, InstallCheckAnswers, ReturnType<typeof installCheckOutcome>]>([
    ['every answer yes', allYes, 'standard'],
    ['one no', { ...allYes, mainland: 'no' }, 'survey'],
    ['a no among unanswered questions', { height: 'no' }, 'survey'],
    ['a question unanswered', { ...allYes, trunking: undefined }, 'incomplete'],
    ['nothing answered', {}, 'incomplete'],
  ])('%s: %s', (_, answers, outcome) => {
    expect(installCheckOutcome(answers)).toBe(outcome);
  });

  it.each([
    ['an unknown question', { ...allYes, garage: 'yes' }],
    ['an answer other than yes or no', { cable: 'maybe' }],
    ['a boolean answer', { cable: true }],
  ])('a request with %s is refused', (_, answers) => {
    expect(v.safeParse(InstallCheckAnswersSchema, answers).success).toBe(false);
  });

  it('a request may leave questions out', () => {
    expect(v.parse(InstallCheckAnswersSchema, { mainland: 'no' })).toEqual({ mainland: 'no' });
  });
});
