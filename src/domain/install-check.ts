import * as v from 'valibot';

/**
 * The specification-request flow's step 05, the installation check (STEP-14): the
 * standard-install facts of STEP-5 as yes/no questions. The answers
 * go with the request, so the company knows before calling whether a survey is needed.
 */
export const INSTALL_CHECK_QUESTIONS = [
  { id: 'cable', question: 'Is the cable run from your fuse board to the charger up to 15m?' },
  { id: 'time', question: 'Can the installation be done within 4 hours on site?' },
  { id: 'height', question: 'Can the charger be installed at a height of 1.8m?' },
  { id: 'trunking', question: 'Is up to 7m of trunking enough?' },
  { id: 'protection', question: 'Are 40A overcurrent protection and a Type A RCD possible at your fuse board?' },
  { id: 'mainland', question: 'Is the property in mainland UK?' },
] as const;

export type InstallCheckQuestionId = (typeof INSTALL_CHECK_QUESTIONS)[number]['id'];

export type InstallCheckAnswer = 'yes' | 'no';

/** The answers given so far; a question not answered yet is left out. */
export type InstallCheckAnswers = Partial<Record<InstallCheckQuestionId, InstallCheckAnswer>>;

const answer = v.optional(v.picklist(['yes', 'no'], 'must be "yes" or "no"'));

/** The answers as a request carries them: only the known questions, each "yes" or "no". */
export const InstallCheckAnswersSchema = v.strictObject(
  {
    cable: answer,
    time: answer,
    height: answer,
    trunking: answer,
    protection: answer,
    mainland: answer,
  } satisfies Record<InstallCheckQuestionId, typeof answer>,
  'must hold only the installation check questions',
);

/** Any "no" means a survey (STEP-5: up to an hour, usually within two weeks); all "yes", a standard installation. */
export type InstallCheckOutcome = 'survey' | 'standard' | 'incomplete';

export function installCheckOutcome(answers: InstallCheckAnswers): InstallCheckOutcome {
  const given = INSTALL_CHECK_QUESTIONS.map(({ id }) => answers[id]);
  if (given.includes('no')) return 'survey';
  return given.every((one) => one === 'yes') ? 'standard' : 'incomplete';
}
