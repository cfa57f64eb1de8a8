import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PartnerDiscountServices } from '../../services/order-services';
import { byRole, cleanup, statusTexts, textOf, typeInto as type, update } from '../testing';
import { continueDisabled, descriptionOf, errorSummary, fakeOrderServices, nextButton, pressContinue, renderWizard, settle, summaryLinks } from './wizard-testing';

afterEach(cleanup);

const errorOf = (container: HTMLElement, field: HTMLInputElement) => textOf(container.querySelector(`#${CSS.escape(field.getAttribute('aria-describedby') ?? 'none')}`));

describe('contact details step (STEP-11, VALID-3, DISC-1)', () => {
  it('asks for first name, last name, e-mail and phone, with types and autocomplete', () => {
    const { container } = renderWizard({ step: 'contact' });
    const fields = ['First name', 'Last name', 'E-mail address', 'Phone number'].map((name) => byRole<HTMLInputElement>(container, 'textbox', name));
    expect(fields.map((field) => field.type)).toEqual(['text', 'text', 'email', 'tel']);
    expect(fields.map((field) => field.autocomplete)).toEqual(['given-name', 'family-name', 'email', 'tel']);
    expect(continueDisabled(container)).toBe(true);
  });

  it('shows no message on arrival; Continue shows "There is a problem" with a link to each field, stays on the step, and each link focuses its field', () => {
    const { container, store } = renderWizard({ step: 'contact', order: fakeOrderServices() });
    const messages = ['First name is a required field', 'Last name is a required field', 'E-mail address is a required field', 'Phone number is a required field'];
    expect(container.querySelectorAll('.evc-field-error, .evc-wizard-hint')).toHaveLength(0);
    expect(errorSummary(container)).toBeNull();
    const next = nextButton(container)!;
    expect(next.disabled).toBe(false);
    pressContinue(container);
    expect(store.getState().wizard.step).toBe('contact');
    const summary = errorSummary(container)!;
    expect(byRole(container, 'group', 'There is a problem')).toBe(summary);
    expect(document.activeElement).toBe(summary);
    expect(summaryLinks(container)).toEqual(messages);
    const fields = ['First name', 'Last name', 'E-mail address', 'Phone number'].map((name) => byRole<HTMLInputElement>(container, 'textbox', name));
    expect(fields.map((field) => errorOf(container, field))).toEqual(messages);
    expect(fields.map((field) => field.getAttribute('aria-invalid'))).toEqual(['true', 'true', 'true', 'true']);
    update(() => byRole(summary, 'link', 'E-mail address is a required field').click());
    expect(document.activeElement).toBe(fields[2]);
    // The messages stay live: an answer clears its own, and the summary follows.
    const [first] = fields as [HTMLInputElement];
    type(first, 'Ada');
    expect(first.getAttribute('aria-invalid')).toBeNull();
    expect(summaryLinks(container)).toEqual(messages.slice(1));
  });

  it("limits each field to the handlers' length (maxlength)", () => {
    const { container } = renderWizard({ step: 'contact' });
    const lengths = ['First name', 'Last name', 'E-mail address', 'Phone number'].map((name) => byRole<HTMLInputElement>(container, 'textbox', name).maxLength);
    expect(lengths).toEqual([100, 100, 254, 32]);
  });

  it("accepts an e-mail address with an apostrophe (sean.o'brien@example.ie)", () => {
    const { container } = renderWizard({ step: 'contact' });
    const email = byRole<HTMLInputElement>(container, 'textbox', 'E-mail address');
    type(email, "sean.o'brien@example.ie");
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(errorOf(container, email)).toBe('');
  });

  it("shows the spec's messages once a field is left", () => {
    const { container } = renderWizard({ step: 'contact' });
    const first = byRole<HTMLInputElement>(container, 'textbox', 'First name');
    const email = byRole<HTMLInputElement>(container, 'textbox', 'E-mail address');
    type(first, '');
    expect(errorOf(container, first)).toBe('First name is a required field');
    type(email, 'not-an-email');
    expect(errorOf(container, email)).toBe('E-mail address must be a valid email');
    type(first, 'Ada');
    expect(first.getAttribute('aria-invalid')).toBeNull();
  });

  it('a partner e-mail domain applies the discount at once: a note and a negative summary line', () => {
    const { container, store } = renderWizard({ step: 'contact' });
    const email = byRole<HTMLInputElement>(container, 'textbox', 'E-mail address');
    expect(statusTexts(container)).toEqual([]);
    type(email, 'ada@partner-one.example');
    expect(store.getState().form.email).toBe('ada@partner-one.example');
    expect(statusTexts(container)).toEqual(['Partner Discount applied']);
    const line = container.querySelector('.evc-wizard-aside tr[data-line="discount"]');
    expect([textOf(line?.querySelector('th')), textOf(line?.querySelector('td'))]).toEqual(['Partner Discount', '-£100.00']);
    expect(textOf(container.querySelector('.evc-wizard-aside [data-total]'))).toBe('£499.00');
  });

  it('Continue is enabled once every field is valid', () => {
    const { container } = renderWizard({ step: 'contact', order: fakeOrderServices() });
    type(byRole<HTMLInputElement>(container, 'textbox', 'First name'), 'Ada');
    type(byRole<HTMLInputElement>(container, 'textbox', 'Last name'), 'Lovelace');
    type(byRole<HTMLInputElement>(container, 'textbox', 'E-mail address'), 'ada@example.com');
    type(byRole<HTMLInputElement>(container, 'textbox', 'Phone number'), '07700 900123');
    expect(textOf(container.querySelector('.evc-wizard-hint'))).toBe('');
    expect(continueDisabled(container)).toBe(false);
  });
});

describe('contact details step with partner-endpoint: the partner discount after a one-time code', () => {
  const PARTNER = 'ada@partner-one.example';
  const VERIFIED = { email: PARTNER, discountId: 'partner', discountCode: 'PARTNER-7Q2M9XKD4T1B', token: 'eyJ.abc', amount: 10000, expiresAt: '2099-01-01T00:00:00.000Z' };
  const SENT = { ok: true as const, challenge: 'challenge-of-the-start', expiresInSeconds: 600, resendAfterSeconds: 0 };

  function partnerServices(overrides: Partial<PartnerDiscountServices> = {}) {
    return {
      sendCode: vi.fn<PartnerDiscountServices['sendCode']>(async () => SENT),
      verify: vi.fn<PartnerDiscountServices['verify']>(async () => ({ ok: true as const, verified: VERIFIED })),
      pending: vi.fn<PartnerDiscountServices['pending']>(() => false),
      ...overrides,
    };
  }

  /** The contact step of a page with `partner-endpoint`, the e-mail typed in. */
  function renderVerifying(services = partnerServices(), email = PARTNER) {
    const rendered = renderWizard({ step: 'contact', order: fakeOrderServices({ partnerDiscount: services }), verifiedPartnerDiscounts: true });
    type(byRole<HTMLInputElement>(rendered.container, 'textbox', 'E-mail address'), email);
    return { ...rendered, services };
  }

  const section = (container: HTMLElement) => container.querySelector<HTMLElement>('section.evc-partner');
  const summaryTotal = (container: HTMLElement) => textOf(container.querySelector('.evc-wizard-aside [data-total]'));
  const codeField = (container: HTMLElement) => byRole<HTMLInputElement>(container, 'textbox', 'Nine-digit code');
  const partnerStatus = (container: HTMLElement) => textOf(container.querySelector('.evc-partner-status'));

  async function sendCode(container: HTMLElement) {
    update(() => byRole(container, 'button', 'E-mail me a code').click());
    await settle();
  }

  async function enterCode(container: HTMLElement, code: string) {
    type(codeField(container), code);
    update(() => byRole(container, 'button', 'Verify').click());
    await settle();
  }

  it('tells a partner buyer the discount is available, without applying it yet', () => {
    const { container, store } = renderVerifying();
    expect(textOf(section(container)?.querySelector('h3'))).toBe('Partner discount');
    expect(textOf(section(container)?.querySelector('p'))).toBe(
      'Your e-mail address qualifies for the Partner Discount of £100.00. To apply it, confirm the address with a nine-digit code that we e-mail to you. You can also continue without the discount.',
    );
    expect(byRole(container, 'button', 'E-mail me a code')).toBeTruthy();
    expect(container.querySelector('.evc-wizard-aside tr[data-line="discount"]')).toBeNull();
    expect(summaryTotal(container)).toBe('£599.00');
    expect(store.getState().form.verifiedPartner).toBeUndefined();
    expect(statusTexts(container)).not.toContain('Partner Discount applied');
  });

  it.each(['ada@example.com', 'ada@partner-one'])('offers nothing for %s', (email) => {
    const { container, services } = renderVerifying(partnerServices(), email);
    expect(section(container)).toBeNull();
    expect(services.sendCode).not.toHaveBeenCalled();
  });

  it('sends the code to the address, then asks for it in a labelled numeric one-time-code field, focused', async () => {
    const { container, services } = renderVerifying();
    await sendCode(container);
    expect(services.sendCode).toHaveBeenCalledWith(PARTNER);
    expect(partnerStatus(container)).toBe('We have sent a nine-digit code to ada@partner-one.example. It is valid for 10 minutes.');
    expect(section(container)?.querySelector('[role="status"].evc-partner-status')).not.toBeNull();
    const field = codeField(container);
    expect([field.inputMode, field.autocomplete, field.type, field.maxLength]).toEqual(['numeric', 'one-time-code', 'text', 13]);
    expect(document.activeElement).toBe(field);
    expect(byRole<HTMLButtonElement>(container, 'button', 'Send a new code').disabled).toBe(false);
  });

  it('applies the discount only once the code is verified: the summary line, the note, focus on it', async () => {
    const { container, services, store } = renderVerifying();
    await sendCode(container);
    await enterCode(container, ' 123 456-789');
    expect(services.verify).toHaveBeenCalledWith(PARTNER, '123456789');
    expect(store.getState().form.verifiedPartner).toEqual(VERIFIED);
    const line = container.querySelector('.evc-wizard-aside tr[data-line="discount"]');
    expect([textOf(line?.querySelector('th')), textOf(line?.querySelector('td'))]).toEqual(['Partner Discount', '-£100.00']);
    expect(summaryTotal(container)).toBe('£499.00');
    expect(partnerStatus(container)).toBe('Partner Discount applied: your address is confirmed.');
    expect(document.activeElement).toBe(container.querySelector('.evc-partner-status'));
    expect(container.querySelector('section.evc-partner button')).toBeNull();
  });

  it('a wrong code says how many attempts are left, and no discount applies', async () => {
    const verify = vi.fn<PartnerDiscountServices['verify']>(async () => ({ ok: false as const, code: 'wrong_code', message: 'That code is not right. 4 attempts left.', next: 'retry' as const, attemptsLeft: 4 }));
    const { container, store, reportError } = renderVerifying(partnerServices({ verify }));
    await sendCode(container);
    await enterCode(container, '000000000');
    expect(partnerStatus(container)).toBe('That code is not right. 4 attempts left.');
    expect(document.activeElement).toBe(codeField(container));
    expect(store.getState().form.verifiedPartner).toBeUndefined();
    expect(summaryTotal(container)).toBe('£599.00');
    expect(reportError).not.toHaveBeenCalled();
  });

  it.each(['12a45', '123456'])('asks for nine digits before asking the handler (%s)', async (typed) => {
    const { container, services } = renderVerifying();
    await sendCode(container);
    await enterCode(container, typed);
    expect(partnerStatus(container)).toBe('Enter the nine digits from the e-mail.');
    expect(services.verify).not.toHaveBeenCalled();
  });

  it('after a reload, asks for the code already sent while its challenge counts', async () => {
    const pending = vi.fn<PartnerDiscountServices['pending']>(() => true);
    const { container, services } = renderVerifying(partnerServices({ pending }));
    expect(pending).toHaveBeenCalledWith(PARTNER);
    expect(byRole(container, 'button', 'Send a new code')).toBeTruthy();
    await enterCode(container, '123456789');
    expect(services.sendCode).not.toHaveBeenCalled();
    expect(partnerStatus(container)).toBe('Partner Discount applied: your address is confirmed.');
  });

  it.each([
    ['locked', 'code_locked', 'Too many wrong codes were entered, so this code no longer works. Ask for a new code.'],
    ['expired', 'code_expired', 'This code has expired. Ask for a new code.'],
  ])('a %s code offers a new code: Verify waits for it, focus goes to "Send a new code"', async (_name, code, message) => {
    const verify = vi
      .fn<PartnerDiscountServices['verify']>()
      .mockResolvedValueOnce({ ok: false, code, message, next: 'new-code' })
      .mockResolvedValueOnce({ ok: true, verified: VERIFIED });
    const { container, services } = renderVerifying(partnerServices({ verify }));
    await sendCode(container);
    await enterCode(container, '111111111');
    expect(partnerStatus(container)).toBe(message);
    expect(byRole<HTMLButtonElement>(container, 'button', 'Verify').disabled).toBe(true);
    const resend = byRole<HTMLButtonElement>(container, 'button', 'Send a new code');
    expect(document.activeElement).toBe(resend);
    update(() => resend.click());
    await settle();
    expect(services.sendCode).toHaveBeenCalledTimes(2);
    expect(codeField(container).value).toBe('');
    await enterCode(container, '222222222');
    expect(partnerStatus(container)).toBe('Partner Discount applied: your address is confirmed.');
  });

  it('a new code waits as long as the handler asks, with the reason read with the button', async () => {
    vi.useFakeTimers();
    try {
      const { container } = renderVerifying(partnerServices({ sendCode: vi.fn(async () => ({ ...SENT, resendAfterSeconds: 30 })) }));
      update(() => byRole(container, 'button', 'E-mail me a code').click());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      const resend = byRole<HTMLButtonElement>(container, 'button', 'Send a new code');
      expect(resend.disabled).toBe(true);
      expect(descriptionOf(resend)).toBe('You can ask for a new code again shortly.');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(30_000);
      });
      expect(resend.disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['the mail provider failed', { ok: false as const, code: 'provider_failed', message: 'The code could not be sent. Please try again.', next: 'retry' as const }],
    ['the service is unreachable', { ok: false as const, code: 'NETWORK_ERROR', message: 'We could not reach the discount service. Please try again.', next: 'retry' as const }],
  ])('%s: the buyer is told, can try again, and the host page hears of it', async (_name, failure) => {
    const sendCodeFake = vi.fn<PartnerDiscountServices['sendCode']>().mockResolvedValueOnce(failure).mockResolvedValueOnce(SENT);
    const { container, reportError } = renderVerifying(partnerServices({ sendCode: sendCodeFake }));
    await sendCode(container);
    expect(partnerStatus(container)).toBe(failure.message);
    expect(reportError).toHaveBeenCalledWith({ code: `partner-discount-${failure.code}`, message: failure.message });
    await sendCode(container);
    expect(codeField(container)).toBeTruthy();
  });

  it('Continue never waits for the discount', () => {
    const { container } = renderVerifying();
    type(byRole<HTMLInputElement>(container, 'textbox', 'First name'), 'Ada');
    type(byRole<HTMLInputElement>(container, 'textbox', 'Last name'), 'Lovelace');
    type(byRole<HTMLInputElement>(container, 'textbox', 'Phone number'), '07700 900123');
    expect(continueDisabled(container)).toBe(false);
  });

  it('changing the e-mail drops the verification and starts over', async () => {
    const { container, store } = renderVerifying();
    await sendCode(container);
    await enterCode(container, '123456789');
    expect(summaryTotal(container)).toBe('£499.00');
    type(byRole<HTMLInputElement>(container, 'textbox', 'E-mail address'), 'ada@partner-two.example');
    expect(store.getState().form.verifiedPartner).toBeUndefined();
    expect(summaryTotal(container)).toBe('£599.00');
    expect(byRole(container, 'button', 'E-mail me a code')).toBeTruthy();
    expect(partnerStatus(container)).toBe('');
  });

  it('a verification ends at its expiry, while the wizard is open', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T20:00:00Z') });
    try {
      const verify = vi.fn<PartnerDiscountServices['verify']>(async () => ({ ok: true, verified: { ...VERIFIED, expiresAt: '2026-11-26T00:00:00.000Z' } }));
      const { container, store } = renderVerifying(partnerServices({ verify }));
      update(() => byRole(container, 'button', 'E-mail me a code').click());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      type(codeField(container), '123456789');
      update(() => byRole(container, 'button', 'Verify').click());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(store.getState().form.verifiedPartner).toBeDefined();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(4 * 60 * 60 * 1000);
      });
      expect(store.getState().form.verifiedPartner).toBeUndefined();
      expect(summaryTotal(container)).toBe('£599.00');
    } finally {
      vi.useRealTimers();
    }
  });
});
