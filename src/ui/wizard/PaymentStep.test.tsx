import { afterEach, describe, expect, it } from 'vitest';
import { choose, chooseExtra, choosePaymentType } from '../../stores/wizard-choices';
import { byRole, cleanup, update } from '../testing';
import { continueDisabled, descriptionOf, errorSummary, pressContinue, renderWizard, summaryLinks } from './wizard-testing';

afterEach(cleanup);

describe('payment step (STEP-10, CAT-7, PRICE-4)', () => {
  it('offers the three plans by title, each with one description (its figures) and the total payable beside the pay-in-full price', () => {
    const { container, store } = renderWizard({ step: 'payment', options: { monthlyPlanAvailable: true } });
    const group = byRole(container, 'radiogroup', 'How would you like to pay?');
    update(() => choose(store, { type: 'chooseCable', cable: 'tethered_7kw_8_5m' }));
    update(() => choose(store, { type: 'chooseInstallation', installation: 'standard_7kw' }));
    // £599 + £99 + £425 = £1,123.00; monthly £1.75 cable + £31.00 standard installation (PRICE-5 amounts),
    // so £350.00 + 36 × £32.75 = £1,529.00 over the term, £406.00 more than paying in full.
    expect(descriptionOf(byRole(group, 'radio', 'Pay in full'))).toBe('£1,123.00 today Total payable £1,123.00');
    expect(descriptionOf(byRole(group, 'radio', 'Pay in 3'))).toBe(
      '3 interest-free payments: £374.34, £374.33 and £374.33 Total payable £1,123.00, the same as paying in full',
    );
    expect(descriptionOf(byRole(group, 'radio', 'Pay monthly'))).toBe(
      '£350.00 initial payment, then 36 monthly payments of £32.75, then £1.00 per year from the end of the 36 months, for as long as you keep the plan ' +
        'Total payable £1,529.00 over 36 months (£406.00 more than paying in full)',
    );
    expect(byRole<HTMLInputElement>(group, 'radio', 'Pay monthly').disabled).toBe(false);
  });

  it('says when the monthly plan costs less over its term than paying in full', () => {
    const { container, store } = renderWizard({ step: 'payment', options: { monthlyPlanAvailable: true } });
    update(() => chooseExtra(store, 'display', true));
    // £599 + £88 = £687.00 in full; £350.00 + 36 × £3.00 = £458.00 monthly.
    expect(descriptionOf(byRole(container, 'radio', 'Pay monthly'))).toContain('Total payable £458.00 over 36 months (£229.00 less than paying in full)');
  });

  it('does not offer the monthly plan when nothing is paid monthly: disabled, with the reason beside it', () => {
    const { container, store } = renderWizard({ step: 'payment', options: { monthlyPlanAvailable: true } });
    const monthly = byRole<HTMLInputElement>(container, 'radio', 'Pay monthly');
    // The default build: the charger, a 7kW socket, no installation, all £0.00 a month.
    expect(monthly.disabled).toBe(true);
    expect(descriptionOf(monthly)).toBe(
      'Easy pay over 36 monthly payments, then £1.00 per year Nothing on this order is paid monthly: choose pay in full or pay in 3',
    );
    expect(descriptionOf(monthly)).not.toContain('£0.00');
    update(() => monthly.click());
    expect(store.getState().configuration.paymentType).toBeNull();
    // Something paid monthly makes it a choice again.
    update(() => chooseExtra(store, 'display', true));
    expect(monthly.disabled).toBe(false);
  });

  it('does not accept a saved monthly plan with nothing paid monthly: Continue says why until another plan is chosen', () => {
    const { container, store } = renderWizard({ step: 'payment', options: { monthlyPlanAvailable: true } });
    update(() => choosePaymentType(store, 'PAY_MONTHLY'));
    expect(byRole<HTMLInputElement>(container, 'radio', 'Pay monthly').checked).toBe(true);
    expect(continueDisabled(container)).toBe(true);
    pressContinue(container);
    expect(summaryLinks(container)).toEqual(['Nothing on this order is paid monthly: choose pay in full or pay in 3']);
    update(() => byRole(container, 'radio', 'Pay in 3').click());
    expect(store.getState().configuration.paymentType).toBe('PAY_PAYPAL');
    expect(continueDisabled(container)).toBe(false);
  });

  it('without a direct-debit endpoint the monthly plan is not offered (PAY-2, ATTR-5)', () => {
    const { container } = renderWizard({ step: 'payment' });
    const group = byRole(container, 'radiogroup', 'How would you like to pay?');
    expect(Array.from(group.querySelectorAll('input[type="radio"]')).map((radio) => (radio as HTMLInputElement).value)).toEqual(['PAY_NOW', 'PAY_PAYPAL']);
  });

  it('Continue waits for a plan; choosing one stores it', () => {
    const { container, store } = renderWizard({ step: 'payment' });
    expect(continueDisabled(container)).toBe(true);
    expect(container.querySelector('.evc-field-error, .evc-wizard-hint')).toBeNull();
    pressContinue(container);
    expect(store.getState().wizard.step).toBe('payment');
    expect(summaryLinks(container)).toEqual(['Payment type is a required field']);
    const group = byRole(container, 'radiogroup', 'How would you like to pay?');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(group)).toBe('Payment type is a required field');
    update(() => byRole(errorSummary(container)!, 'link', 'Payment type is a required field').click());
    expect(document.activeElement).toBe(byRole(container, 'radio', 'Pay in full'));
    update(() => byRole(container, 'radio', 'Pay in 3').click());
    expect(store.getState().configuration.paymentType).toBe('PAY_PAYPAL');
    expect(byRole<HTMLInputElement>(container, 'radio', 'Pay in 3').checked).toBe(true);
    expect(continueDisabled(container)).toBe(false);
  });
});
