import { act } from 'react';
import { updateForm } from '../../stores/form-answers';
import { chooseExtra, choosePaymentType } from '../../stores/wizard-choices';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectDebitStartAnswer } from '../../domain/direct-debit';
import { DIRECT_DEBIT_UNAVAILABLE, DirectDebitError } from '../../services/direct-debit';
import type { DropinCallbacks } from '../../services/direct-debit';
import type { DirectDebitServices } from '../../services/order-services';
import { wizardNavigation } from '../../stores/wizard-navigation';
import { byRole, cleanup, statusTexts, textOf, update } from '../testing';
import { CANCELLED_MESSAGE, MANDATE_COMPLETE, SET_UP_LABEL } from './DirectDebitStep';
import { continueDisabled, errorSummary, fakeOrderServices, pressContinue, renderWizard, settle, summaryLinks, wizardDialog } from './wizard-testing';

const FLOW: DirectDebitStartAnswer = { flowId: 'BRF0001234ABCD', environment: 'sandbox' };
const GOCARDLESS_MESSAGE = 'You must complete the GoCardless form to continue.';
const START_FAILED = 'We could not start the Direct Debit set-up. Please try again.';

/** A fake `order.directDebit`: `start` answers FLOW, `open` keeps the callbacks for the test to call. */
function fakeDirectDebit() {
  const exit = vi.fn();
  const opened: DropinCallbacks[] = [];
  const directDebit = {
    start: vi.fn<DirectDebitServices['start']>(async () => FLOW),
    open: vi.fn<DirectDebitServices['open']>(async (_flow, callbacks) => {
      opened.push(callbacks);
      return { exit };
    }),
  };
  return { directDebit, exit, opened, callbacks: () => opened.at(-1)! };
}

let show: MockInstance<HTMLDialogElement['show']>;
let showModal: MockInstance<HTMLDialogElement['showModal']>;

beforeEach(() => {
  show = vi.spyOn(HTMLDialogElement.prototype, 'show');
  showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
  // Browsers queue a dialog's close event as a task (HTML "close the dialog"); happy-dom fires it
  // inside close(), so the Modal's switch between modal and not (close, then show) would look
  // like the buyer closing the wizard. Queue it, as a browser does.
  vi.spyOn(HTMLDialogElement.prototype, 'close').mockImplementation(function (this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.returnValue = returnValue ?? '';
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The monthly plan chosen and the wizard on the direct-debit step, with its contact and finance answers. */
function renderDirectDebitStep(directDebit: DirectDebitServices | undefined, options: Record<string, unknown> = {}) {
  const rendered = renderWizard({ order: fakeOrderServices({ directDebit }), options: { monthlyPlanAvailable: true, ...options } });
  update(() => {
    choosePaymentType(rendered.store, 'PAY_MONTHLY');
    chooseExtra(rendered.store, 'display', true);
    updateForm(rendered.store, {
      'first-name': 'Sam',
      'last-name': 'Lee',
      email: 'sam@example.com',
      tel: '07700 900123',
      legalName: 'Samuel Lee',
      primaryAddress1: '1 High Street',
      primaryCity: 'Leeds',
      primaryPostcode: 'LS1 4AP',
      dob: '1985-03-09',
      acceptedMonthlyPaymentTerms: true,
      acceptedCreditCheck: true,
    });
  });
  rendered.goTo('directDebit');
  show.mockClear();
  showModal.mockClear();
  return rendered;
}

const setUpButton = (container: HTMLElement) => byRole<HTMLButtonElement>(container, 'button', SET_UP_LABEL);
const hint = (container: HTMLElement) => textOf(container.querySelector('.evc-wizard-hint'));
const alertText = (container: HTMLElement) => textOf(container.querySelector('.evc-step [role="alert"]'));

async function setUp(container: HTMLElement): Promise<void> {
  update(() => setUpButton(container).click());
  await settle();
}

describe('direct-debit step (STEP-18, VALID-6)', () => {
  it("keeps Continue disabled with VALID-6's message until the GoCardless form is complete", () => {
    const { directDebit } = fakeDirectDebit();
    const { container } = renderDirectDebitStep(directDebit);
    expect(container.querySelector('.evc-step')?.getAttribute('data-step')).toBe('directDebit');
    expect(textOf(container.querySelector('.evc-step'))).toContain('Your monthly payments of £3.00 are collected by Direct Debit through GoCardless.');
    expect(continueDisabled(container)).toBe(true);
    expect(hint(container)).toBe('');
    expect(setUpButton(container).disabled).toBe(false);
    pressContinue(container);
    expect(summaryLinks(container)).toEqual([GOCARDLESS_MESSAGE]);
    update(() => byRole(errorSummary(container)!, 'link', GOCARDLESS_MESSAGE).click());
    expect(document.activeElement).toBe(setUpButton(container));
    expect(directDebit.start).not.toHaveBeenCalled();
  });

  it('starts the flow with the configuration and form, opens the drop-in with the wizard non-modal, and records completion', async () => {
    const fake = fakeDirectDebit();
    const { container, store } = renderDirectDebitStep(fake.directDebit);
    const dialog = wizardDialog(container);
    await setUp(container);

    const { configuration, form } = store.getState();
    expect(fake.directDebit.start).toHaveBeenCalledTimes(1);
    expect(fake.directDebit.start).toHaveBeenCalledWith(configuration, form);
    expect(fake.directDebit.start.mock.calls[0]![0]).toMatchObject({ paymentType: 'PAY_MONTHLY', display: true });
    expect(fake.directDebit.start.mock.calls[0]![1]).toMatchObject({ legalName: 'Samuel Lee', dob: '1985-03-09' });
    expect(fake.directDebit.open).toHaveBeenCalledTimes(1);
    expect(fake.directDebit.open.mock.calls[0]![0]).toEqual(FLOW);
    // While the drop-in is open the wizard stays open but not modal, so GoCardless's overlay is usable.
    expect(show.mock.contexts).toEqual([dialog]);
    expect(showModal).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
    expect(store.getState().wizard.open).toBe(true);
    expect(setUpButton(container).disabled).toBe(true);

    update(() => fake.callbacks().onSuccess());
    await settle();
    expect(store.getState().form).toMatchObject({ goCardlessMandateComplete: true, goCardlessFlowId: FLOW.flowId });
    expect(showModal.mock.contexts).toEqual([dialog]);
    expect(dialog.open).toBe(true);
    expect(continueDisabled(container)).toBe(false);
    expect(hint(container)).toBe('');
    expect(statusTexts(container)).toContain(`${MANDATE_COMPLETE} GoCardless reference: ${FLOW.flowId}`);
    // The queued close event of the switch back did not close the wizard.
    expect(store.getState().wizard.open).toBe(true);
    // Focus moves to the news once the wizard is modal again.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(container.querySelector('[data-mandate="complete"]'));
  });

  it('a closed drop-in says so and lets the buyer try again', async () => {
    const fake = fakeDirectDebit();
    const { container, store, reportError } = renderDirectDebitStep(fake.directDebit);
    await setUp(container);
    update(() => fake.callbacks().onExit(null));
    expect(statusTexts(container)).toContain(CANCELLED_MESSAGE);
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(store.getState().form.goCardlessMandateComplete).toBe(false);
    expect(continueDisabled(container)).toBe(true);
    expect(reportError).not.toHaveBeenCalled();
    expect(setUpButton(container).disabled).toBe(false);
    // Focus goes back to Set up once the wizard is modal again.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(setUpButton(container));
    await setUp(container);
    expect(fake.directDebit.start).toHaveBeenCalledTimes(2);
    expect(fake.directDebit.open).toHaveBeenCalledTimes(2);
  });

  it('a drop-in ending in an error shows the failure and reports it', async () => {
    const fake = fakeDirectDebit();
    const { container, reportError } = renderDirectDebitStep(fake.directDebit);
    await setUp(container);
    update(() => fake.callbacks().onExit(new Error('bank account not supported')));
    expect(alertText(container)).toBe(START_FAILED);
    expect(reportError).toHaveBeenCalledWith({ code: 'UNKNOWN_ERROR', message: START_FAILED });
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(continueDisabled(container)).toBe(true);
  });

  it("a failure to start shows the failure's own message and reports it; the wizard never stops being modal", async () => {
    const fake = fakeDirectDebit();
    fake.directDebit.start.mockRejectedValueOnce(new DirectDebitError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'));
    const { container, reportError } = renderDirectDebitStep(fake.directDebit);
    await setUp(container);
    expect(alertText(container)).toBe('Too many attempts. Please wait a minute and try again.');
    expect(reportError).toHaveBeenCalledWith({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' });
    expect(fake.directDebit.open).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
    expect(wizardDialog(container).open).toBe(true);
    expect(container.querySelector('.evc-step [role="alert"] button')).toBeNull();
  });

  it('a drop-in that cannot load shows its message', async () => {
    const fake = fakeDirectDebit();
    const message = 'The GoCardless form could not be loaded. Please check your connection and try again.';
    fake.directDebit.open.mockRejectedValueOnce(new DirectDebitError('DROPIN_UNAVAILABLE', message));
    const { container, reportError } = renderDirectDebitStep(fake.directDebit);
    await setUp(container);
    expect(alertText(container)).toBe(message);
    expect(reportError).toHaveBeenCalledWith({ code: 'DROPIN_UNAVAILABLE', message });
    expect(wizardDialog(container).open).toBe(true);
  });

  it.each([
    ['a finance answer', 'finance.primaryPostcode', 'Postcode must be a valid UK postcode', 'Finance', 'finance'],
    ['the plan, with nothing paid monthly', 'configuration.paymentType', 'Nothing on this order is paid monthly: choose pay in full or pay in 3', 'Payment', 'payment'],
  ])('a refusal naming %s offers to take the buyer to its step', async (_, field, message, label, step) => {
    const fake = fakeDirectDebit();
    fake.directDebit.start.mockRejectedValueOnce(new DirectDebitError('INVALID_REQUEST', message, { retryable: false, field }));
    const { container, store } = renderDirectDebitStep(fake.directDebit);
    await setUp(container);
    expect(textOf(container.querySelector('.evc-step [role="alert"] p'))).toBe(message);
    const change = byRole(container, 'button', /^Change your answers/);
    expect(textOf(change)).toBe(`Change your answers (${label})`);
    update(() => change.click());
    expect(store.getState().wizard.step).toBe(step);
    expect(container.querySelector('.evc-step')?.getAttribute('data-step')).toBe(step);
  });

  it('a partner verification the handler refused is dropped, so the initial payment is shown without it', async () => {
    const fake = fakeDirectDebit();
    const message = 'The partner discount confirmation has expired: confirm your e-mail again.';
    fake.directDebit.start.mockRejectedValueOnce(new DirectDebitError('INVALID_REQUEST', message, { retryable: false, field: 'partnerToken' }));
    const { container, store } = renderDirectDebitStep(fake.directDebit);
    const verifiedPartner = { email: 'sam@example.com', discountId: 'partner', discountCode: 'PARTNER-7Q2M9XKD4T1B', token: 'eyJ.abc', amount: 10000, expiresAt: '2099-01-01T00:00:00.000Z' };
    update(() => updateForm(store, { verifiedPartner }));
    await setUp(container);
    expect(textOf(container.querySelector('.evc-step [role="alert"] p'))).toBe(message);
    expect(store.getState().form.verifiedPartner).toBeUndefined();
  });

  it('a service GoCardless refused shows the merchant\'s contact and the way to another payment', async () => {
    const fake = fakeDirectDebit();
    fake.directDebit.start.mockRejectedValueOnce(
      new DirectDebitError('UNAVAILABLE', DIRECT_DEBIT_UNAVAILABLE, { retryable: false, field: 'configuration.paymentType' }),
    );
    const { container } = renderDirectDebitStep(fake.directDebit, { supportPhone: '0330 123 4567', supportEmail: 'help@shop.example' });
    await setUp(container);
    const alert = container.querySelector('.evc-step [role="alert"]');
    expect(textOf(alert?.querySelector('p'))).toBe(DIRECT_DEBIT_UNAVAILABLE);
    expect([...(alert?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'))).toEqual(['tel:03301234567', 'mailto:help@shop.example']);
    expect(textOf(byRole(container, 'button', /^Change your answers/))).toBe('Change your answers (Payment)');
  });

  it('without order.directDebit it shows a notice instead of the set-up', () => {
    const { container } = renderDirectDebitStep(undefined);
    expect(alertText(container)).toBe('Direct Debit set-up is not available on this page. Please choose another way to pay.');
    expect(container.querySelector('.evc-step button')).toBeNull();
    expect(continueDisabled(container)).toBe(true);
  });

  it('leaving the step while the drop-in is open closes it and makes the wizard modal again', async () => {
    const fake = fakeDirectDebit();
    const { container, store } = renderDirectDebitStep(fake.directDebit);
    const dialog = wizardDialog(container);
    await setUp(container);
    expect(show).toHaveBeenCalledTimes(1);
    update(() => wizardNavigation(store).goBack());
    expect(store.getState().wizard.step).not.toBe('directDebit');
    expect(fake.exit).toHaveBeenCalledTimes(1);
    expect(showModal.mock.contexts).toEqual([dialog]);
    expect(dialog.open).toBe(true);
  });
});
