import type { PaymentType } from '../../domain/catalogue/schema';
import { formatPence } from '../../domain/money';
import type { Totals } from '../../domain/pricing';
import { monthlyPlanOffered, totalPayable } from '../../domain/plan-figures';
import { MESSAGES } from '../../domain/schemas/messages';
import { useUiOptions } from '../options-context';
import { choosePaymentType } from '../../stores/wizard-choices';
import { useConfigurator, useConfiguratorStore, useTotals } from '../store-context';
import { OptionControl, OptionGroup } from './OptionControl';
import type { StepProps } from './types';

/** A list of amounts in words: "£1.00, £2.00 and £3.00". */
function listAmounts(amounts: readonly number[]): string {
  const texts = amounts.map(formatPence);
  return texts.length > 1 ? `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}` : (texts[0] ?? '');
}

/**
 * PRICE-4, 36 monthly payments then £1.00 per year: the yearly charge from the end of the monthly
 * payments, with no end of its own, so it runs for as long as the plan does.
 */
export const afterwardsPerYear = ({ afterwardsPerYear: amount, months }: Totals['monthly']): string =>
  `${formatPence(amount)} per year from the end of the ${months} months, for as long as you keep the plan`;

/** CAT-7, PRICE-3, PRICE-4: how each plan is paid, from the same totals the summary shows. */
export function planFigures(type: PaymentType, totals: Totals): string {
  switch (type) {
    case 'PAY_NOW':
      return `${formatPence(totals.total)} today`;
    case 'PAY_PAYPAL': {
      const parts = totals.payIn3;
      const equal = parts.every((part) => part === parts[0]);
      return equal ? `${parts.length} interest-free payments of ${formatPence(parts[0] ?? 0)}` : `${parts.length} interest-free payments: ${listAmounts(parts)}`;
    }
    case 'PAY_MONTHLY': {
      const { initialPayment, monthlyPayment, months } = totals.monthly;
      return `${formatPence(initialPayment)} initial payment, then ${months} monthly payments of ${formatPence(monthlyPayment)}, then ${afterwardsPerYear(totals.monthly)}`;
    }
  }
}

/**
 * What a plan costs in all, beside the pay-in-full price; the monthly plan's yearly charge after its
 * term has no end, so it stays out of the total (planFigures says it).
 */
export function payableFigures(type: PaymentType, totals: Totals): string {
  const payable = totalPayable(type, totals);
  const text = `Total payable ${formatPence(payable)}`;
  if (type === 'PAY_NOW') return text;
  const difference = payable - totals.total;
  const compared =
    difference === 0
      ? 'the same as paying in full'
      : `${formatPence(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'} than paying in full`;
  if (type === 'PAY_PAYPAL') return `${text}, ${compared}`;
  return `${text} over ${totals.monthly.months} months (${compared})`;
}

/**
 * STEP-10 payment: the catalogue's plans as radios named by their titles, with figures
 * and the total payable. The monthly plan needs a direct-debit mandate, so it is offered only with
 * `direct-debit-endpoint`, and only with something paid monthly: else it shows, disabled, with why.
 */
export function PaymentStep({ validation }: StepProps) {
  const allPlans = useConfigurator((state) => state.catalogue.paymentPlans);
  const { monthlyPlanAvailable } = useUiOptions();
  const plans = monthlyPlanAvailable ? allPlans : allPlans.filter((plan) => plan.id !== 'PAY_MONTHLY');
  const selected = useConfigurator((state) => state.configuration.paymentType);
  const store = useConfiguratorStore();
  const totals = useTotals();
  const group = `${useUiOptions().instanceId}-payment`;
  const monthlyOffered = monthlyPlanOffered(totals.monthly);
  return (
    <OptionGroup legend="How would you like to pay?" radios field="paymentType" error={validation.errors['paymentType']}>
      {plans.map((plan) => {
        const refused = plan.id === 'PAY_MONTHLY' && !monthlyOffered;
        return (
          <OptionControl
            key={plan.id}
            type="radio"
            group={group}
            value={plan.id}
            label={plan.title}
            checked={plan.id === selected}
            unavailable={refused ? MESSAGES.nothingMonthly : undefined}
            onChange={() => choosePaymentType(store, plan.id)}
          >
            {/* One heading (the title) and one description, the figures: the catalogue's description says them again in words. */}
            {refused ? (
              <span className="evc-option-note">{plan.description}</span>
            ) : (
              <>
                <span className="evc-option-figures">{planFigures(plan.id, totals)}</span>
                <span className="evc-option-total"> {payableFigures(plan.id, totals)}</span>
              </>
            )}
          </OptionControl>
        );
      })}
    </OptionGroup>
  );
}
