import { afterEach, describe, expect, it } from 'vitest';
import { byRole, cleanup, textOf, update } from '../testing';
import { descriptionOf, nextButton, renderWizard } from './wizard-testing';

afterEach(cleanup);

describe('payment step (spec §2 step 6, §3 plans, §9 figures)', () => {
  it('offers the three plans by title with description and figures from the totals', () => {
    const { container, store } = renderWizard({ step: 'payment', options: { monthlyPlanAvailable: true } });
    const group = byRole(container, 'radiogroup', 'How would you like to pay?');
    // Default choices: the Charge Point at its demo £599.00, 7kW socket, no installation.
    expect(descriptionOf(byRole(group, 'radio', 'Pay in full'))).toBe('One-off payment £599.00 today');
    expect(descriptionOf(byRole(group, 'radio', 'Pay in 3'))).toBe('Pay in 3 interest free 3 interest-free payments: £199.67, £199.67 and £199.66');
    expect(descriptionOf(byRole(group, 'radio', 'Pay monthly'))).toBe(
      'Easy pay over 36 monthly payments, then £1.00 per year £350.00 initial payment, then 36 monthly payments of £0.00, then £1.00 per year',
    );
    update(() => store.getState().actions.select({ type: 'chooseCable', cable: 'tethered_7kw_8_5m' }));
    update(() => store.getState().actions.select({ type: 'chooseInstallation', installation: 'standard_7kw' }));
    // £599 + £99 + £425 = £1,123.00; monthly £1.75 cable + £31.00 standard installation (spec §9 amounts).
    expect(descriptionOf(byRole(group, 'radio', 'Pay in full'))).toContain('£1,123.00 today');
    expect(descriptionOf(byRole(group, 'radio', 'Pay in 3'))).toContain('£374.34, £374.33 and £374.33');
    expect(descriptionOf(byRole(group, 'radio', 'Pay monthly'))).toContain('36 monthly payments of £32.75');
  });

  it('without a direct-debit endpoint the monthly plan is not offered (DESIGN: monthly plan hidden)', () => {
    const { container } = renderWizard({ step: 'payment' });
    const group = byRole(container, 'radiogroup', 'How would you like to pay?');
    expect(Array.from(group.querySelectorAll('input[type="radio"]')).map((radio) => (radio as HTMLInputElement).value)).toEqual(['PAY_NOW', 'PAY_PAYPAL']);
  });

  it('Continue waits for a plan; choosing one stores it', () => {
    const { container, store } = renderWizard({ step: 'payment' });
    expect(nextButton(container)?.disabled).toBe(true);
    expect(textOf(container.querySelector('.evc-wizard-hint'))).toBe('Payment type is a required field');
    update(() => byRole(container, 'radio', 'Pay in 3').click());
    expect(store.getState().configuration.paymentType).toBe('PAY_PAYPAL');
    expect(byRole<HTMLInputElement>(container, 'radio', 'Pay in 3').checked).toBe(true);
    expect(nextButton(container)?.disabled).toBe(false);
  });
});
