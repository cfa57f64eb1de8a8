import { afterEach, describe, expect, it } from 'vitest';
import { choosePaymentType } from '../../stores/wizard-choices';
import { allByRole, byRole, cleanup, textOf, update } from '../testing';
import type { UiOptions } from '../options-context';
import { fakeOrderServices, renderWizard } from './wizard-testing';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const URLS = {
  termsUrl: 'https://merchant.example/terms',
  financeTermsUrl: 'https://merchant.example/finance-terms',
  privacyUrl: 'https://merchant.example/privacy',
};

/** The finance step (monthly plan) or the installation step, with the merchant's pages or without. */
function renderStep(step: 'installation' | 'finance', options: Partial<UiOptions> = {}) {
  const rendered = renderWizard({ order: fakeOrderServices(), options: { monthlyPlanAvailable: true, ...options } });
  if (step === 'finance') update(() => choosePaymentType(rendered.store, 'PAY_MONTHLY'));
  rendered.goTo(step);
  return rendered;
}

const CASES = [
  { step: 'installation', what: 'the terms & conditions', url: URLS.termsUrl, title: 'Terms & conditions', says: /mainland UK only/ },
  { step: 'finance', what: 'the monthly payment terms', url: URLS.financeTermsUrl, title: 'Monthly payment terms', says: /initial payment, then 36 monthly payments/ },
  { step: 'finance', what: 'how we use your data', url: URLS.privacyUrl, title: 'How we use your data', says: /check your credit/ },
] as const;

describe('the terms a checkbox accepts can be read (terms-url, finance-terms-url, privacy-url)', () => {
  it.each(CASES)('$step: "Read $what" links to the merchant’s page in a new tab, and says so', ({ step, what, url }) => {
    const { container } = renderStep(step, URLS);
    const link = byRole<HTMLAnchorElement>(container, 'link', `Read ${what} (opens in a new tab)`);
    expect(link.getAttribute('href')).toBe(url);
    expect(link.target).toBe('_blank');
    expect(link.rel.split(' ')).toContain('noopener');
    expect(allByRole(container, 'button', `Read ${what}`)).toHaveLength(0);
  });

  it.each(CASES)('$step: without a page, "Read $what" opens a short text in the dialog "$title"', ({ step, what, title, says }) => {
    const { container } = renderStep(step);
    expect(allByRole(container, 'link', /^Read /)).toHaveLength(0);
    const dialog = byRole<HTMLDialogElement>(container, 'dialog', title);
    expect(dialog.open).toBe(false);
    update(() => byRole(container, 'button', `Read ${what}`).click());
    expect(dialog.open).toBe(true);
    expect(textOf(dialog)).toMatch(says);
    update(() => byRole(dialog, 'button', 'Close').click());
    expect(dialog.open).toBe(false);
  });

  it('the links sit beside their checkboxes, which keep their names', () => {
    const { container } = renderStep('finance', URLS);
    for (const [checkbox, link] of [
      ['I accept the monthly payment terms', 'Read the monthly payment terms (opens in a new tab)'],
      ['I agree to a credit check', 'Read how we use your data (opens in a new tab)'],
    ] as const) {
      const box = byRole(container, 'checkbox', checkbox);
      expect(box.closest('.evc-terms')?.contains(byRole(container, 'link', link))).toBe(true);
    }
  });
});
