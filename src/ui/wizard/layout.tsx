import { useEffect, useMemo, type RefObject } from 'react';
import { cableOption } from '../../domain/configuration';
import { formatPence } from '../../domain/money';
import type { StepName } from '../../domain/wizard';
import { applicableSteps, stepStatus } from '../../domain/wizard';
import { navigationContext } from '../../stores/configurator-store';
import { wizardNavigation } from '../../stores/wizard-navigation';
import { stepLabel } from './steps';
import { useConfigurator, useConfiguratorStore, useTotals } from '../store-context';

/** PAGE-6: 768px is the mobile breakpoint. */
export const SMALL_SCREEN_BELOW = 768;

/**
 * STEP-3: small screens get the price header and 'Step N of M', and the summary step (STEP-9)
 * applies only there; the wizard's own width decides, since the page may be narrower than the window.
 */
export function useSmallScreen(frame: RefObject<HTMLElement | null>, open: boolean): void {
  const store = useConfiguratorStore();
  const { setSmallScreen } = useMemo(() => wizardNavigation(store), [store]);
  useEffect(() => {
    const element = frame.current;
    if (!open || !element || typeof ResizeObserver === 'undefined') return;
    const target = element.closest('dialog') ?? element;
    const measure = () => {
      const width = target.getBoundingClientRect().width;
      // A closed dialog measures 0: that says nothing about the screen.
      if (width > 0) setSmallScreen(width < SMALL_SCREEN_BELOW);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    measure();
    return () => observer.disconnect();
  }, [frame, open, setSmallScreen]);
}

/** STEP-3 small screens: a price header reading 'Charge Point / {cable name}' and the total. */
export function PriceHeader() {
  const product = useConfigurator((state) => state.catalogue.baseProduct.name);
  const cable = useConfigurator((state) => cableOption(state.catalogue, state.configuration.cable).name);
  const totals = useTotals();
  const monthly = useConfigurator((state) => state.configuration.paymentType === 'PAY_MONTHLY');
  return (
    <p className="evc-price-header">
      <span>
        {product} / {cable}
      </span>
      <strong>{monthly ? `${formatPence(totals.monthly.monthlyPayment)} a month` : formatPence(totals.total)}</strong>
    </p>
  );
}

/** STEP-3, MOVE-1: the steps as complete, current or upcoming (large screens). */
export function StepIndicator({ step }: { step: StepName }) {
  const state = useConfigurator((s) => s);
  const context = navigationContext(state);
  return (
    <ol className="evc-steps" aria-label="Steps" part="steps">
      {applicableSteps(context).map((name) => {
        const status = stepStatus(context, step, name);
        return (
          <li key={name} data-status={status} aria-current={status === 'current' ? 'step' : undefined}>
            {stepLabel(state.flow, name)}
            <span className="evc-visually-hidden">{status === 'complete' ? ' (complete)' : status === 'upcoming' ? ' (upcoming)' : ''}</span>
          </li>
        );
      })}
    </ol>
  );
}
