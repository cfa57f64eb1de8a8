export interface SpinnerProps {
  /** What is being waited for; announced to screen readers, and shown unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
}

/**
 * PAGE-7: a loading spinner. A status region, so the label is announced; the wheel is
 * decoration and stands still for people who ask for reduced motion (controls.css).
 */
export function Spinner({ label, hideLabel = false }: SpinnerProps) {
  return (
    <div className="evc-spinner" role="status" part="spinner">
      <span className="evc-spinner-wheel" aria-hidden="true" />
      <span className={hideLabel ? 'evc-visually-hidden' : 'evc-spinner-label'}>{label}</span>
    </div>
  );
}
