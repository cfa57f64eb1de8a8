import type { SpecRequestProblem } from '../../../domain/spec-request';
import { stepForField } from '../../../domain/spec-request';
import { INSTALL_CHECK_QUESTIONS } from '../../../domain/install-check';
import { FIELD_LABELS } from '../../../domain/schemas/messages';
import type { StepName } from '../../../domain/wizard';
import { useConfigurator } from '../../store-context';

const EMPTY: readonly SpecRequestProblem[] = [];

/** The field's label as the customer saw it: "customer.tel" is the "Phone number". */
function fieldLabel(field: string): string {
  if (field === 'orderEmail') return FIELD_LABELS.email;
  const question = INSTALL_CHECK_QUESTIONS.find(({ id }) => field === `installCheck.${id}`);
  if (question) return question.question;
  const customerField = /^customer\.(.+)$/.exec(field)?.[1];
  if (customerField && customerField in FIELD_LABELS) return FIELD_LABELS[customerField as keyof typeof FIELD_LABELS];
  return field.replace(/^configuration\./, '');
}

/** A refused request shows the field at fault on the step it was taken back to. */
export function SpecRequestProblems({ step }: { step: StepName }) {
  const problems = useConfigurator((state) => state.specRequest.problems);
  const here = (problems.length > 0 ? problems : EMPTY).filter((problem) => stepForField(problem.field) === step);
  if (here.length === 0) return null;
  return (
    <div className="evc-spec-problems" role="alert">
      <p>Your request was not accepted. Please check:</p>
      <ul>
        {here.map((problem) => (
          <li key={problem.field}>
            {fieldLabel(problem.field)}: {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
