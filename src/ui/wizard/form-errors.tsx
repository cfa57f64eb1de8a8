import { createContext, useContext, useEffect, useId, useRef, useState, type RefObject } from 'react';

/**
 * Whether the buyer has pressed Continue on the step shown: from then on every field shows its
 * message (the GOV.UK error pattern); before, a field's message waits until the buyer leaves it.
 */
export const ContinuePressedContext = createContext(false);

/**
 * A field's message as it shows: once the field was left (`touched`, or from the start when it
 * already holds an answer) or Continue pressed, and then kept up to date as the answer changes.
 */
export function useFieldMessage(error: string | undefined, answered = false): { message: string | undefined; touch(): void } {
  const pressed = useContext(ContinuePressedContext);
  const [touched, setTouched] = useState(answered);
  return { message: touched || pressed ? error : undefined, touch: () => setTouched(true) };
}

/** The control that answers `field`: the one marked `data-field`, or the chosen (else first) option of a marked group. */
function controlFor(scope: ParentNode, field: string): HTMLElement | null {
  const marked = scope.querySelector<HTMLElement>(`[data-field~="${field}"]`);
  if (!marked || marked.matches('input, select, textarea, button')) return marked;
  return marked.querySelector<HTMLElement>('input:checked:not(:disabled)') ?? marked.querySelector<HTMLElement>('input:not(:disabled), select, textarea, button');
}

export const ERROR_SUMMARY_TITLE = 'There is a problem';

export interface ErrorSummaryProps {
  /** The step's messages by field, in the order the step shows its fields. */
  errors: Record<string, string>;
  /** How many times Continue was pressed on this step: each press brings focus back here. */
  presses: number;
  /** Where the step's fields are. */
  step: RefObject<HTMLElement | null>;
}

/**
 * The GOV.UK error summary: after a Continue that found problems, "There is a problem" and a link to
 * each field at fault, the step's messages word for word. It takes focus on each press, so it is read
 * once, by the focus move (a group named by its title and described by its list; no live region, which
 * would read it twice); each link moves focus to its field.
 */
export function ErrorSummary({ errors, presses, step }: ErrorSummaryProps) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const listId = useId();
  useEffect(() => {
    box.current?.focus();
  }, [presses]);
  // One link per message: two values answered by one control (the mandate and its flow id) share theirs.
  const entries = Object.entries(errors).filter(([, message], index, all) => all.findIndex((other) => other[1] === message) === index);
  if (entries.length === 0) return null;
  return (
    <div ref={box} className="evc-error-summary" role="group" tabIndex={-1} aria-labelledby={titleId} aria-describedby={listId}>
      <h3 id={titleId}>{ERROR_SUMMARY_TITLE}</h3>
      <ul id={listId}>
        {entries.map(([field, message]) => (
          <li key={field}>
            <a
              // Followed by script: a fragment does not reach into the shadow root, and would change the page's address.
              href={`#${field}`}
              onClick={(event) => {
                event.preventDefault();
                const scope = step.current;
                if (scope) controlFor(scope, field)?.focus();
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
