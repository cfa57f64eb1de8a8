import { useState } from 'react';
import { useUiOptions } from '../../options-context';
import { OptionControl, OptionGroup } from '../OptionControl';
import type { StepProps } from '../types';

/** Spec §9 "Standard install", one question per limit. */
export const INSTALL_CHECK_QUESTIONS: readonly { id: string; question: string }[] = [
  { id: 'cable', question: 'Is the cable run from your fuse board to the charger up to 15m?' },
  { id: 'time', question: 'Can the installation be done within 4 hours on site?' },
  { id: 'height', question: 'Can the charger be installed at a height of 1.8m?' },
  { id: 'trunking', question: 'Is up to 7m of trunking enough?' },
  { id: 'protection', question: 'Are 40A overcurrent protection and a Type A RCD possible at your fuse board?' },
  { id: 'mainland', question: 'Is the property in mainland UK?' },
];

export const SURVEY_NEEDED = 'A survey will be needed before installation.';
export const STANDARD_INSTALL = 'Your installation looks standard: no survey should be needed.';

type Answer = 'yes' | 'no';

/**
 * Step 05, present only with installation (DESIGN "Where the specification is silent"): §9's
 * standard-install limits as yes/no questions; any "no" tells the customer a survey will be
 * needed (§9: up to an hour, usually within two weeks). The answers only inform, so they are not sent.
 */
export function InstallCheckStep(_props: StepProps) {
  const { instanceId } = useUiOptions();
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const anyNo = Object.values(answers).includes('no');
  const allYes = INSTALL_CHECK_QUESTIONS.every(({ id }) => answers[id] === 'yes');
  return (
    <>
      <p>A standard installation covers the limits below. Tell us about your home, so you know what to expect.</p>
      {INSTALL_CHECK_QUESTIONS.map(({ id, question }) => (
        <OptionGroup key={id} legend={question} radios>
          {(['yes', 'no'] as const).map((answer) => (
            <OptionControl
              key={answer}
              type="radio"
              group={`${instanceId}-check-${id}`}
              value={answer}
              label={answer === 'yes' ? 'Yes' : 'No'}
              checked={answers[id] === answer}
              onChange={() => setAnswers((current) => ({ ...current, [id]: answer }))}
            />
          ))}
        </OptionGroup>
      ))}
      <p className="evc-install-check-result" role="status">
        {anyNo ? `${SURVEY_NEEDED} It takes up to an hour and is usually arranged within two weeks of your order.` : allYes ? STANDARD_INSTALL : ''}
      </p>
    </>
  );
}
