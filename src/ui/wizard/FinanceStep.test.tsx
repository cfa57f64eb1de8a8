import { afterEach, describe, expect, it } from 'vitest';
import { chooseExtra, choosePaymentType } from '../../stores/wizard-choices';
import type { StorageTargets } from '../../stores/persistence';
import { byRole, cleanup, render, textOf, typeInto as type, update } from '../testing';
import { Wizard } from '../Wizard';
import { CREDIT_CHECK_LABEL, MONTHLY_TERMS_LABEL } from './FinanceStep';
import { continueDisabled, fakeOrderServices, pressContinue, renderWizard, summaryLinks } from './wizard-testing';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/** The monthly plan chosen and the wizard on the finance step, as navigation would have left it. */
function renderFinanceStep() {
  const rendered = renderWizard({ order: fakeOrderServices(), options: { monthlyPlanAvailable: true } });
  update(() => choosePaymentType(rendered.store, 'PAY_MONTHLY'));
  rendered.goTo('finance');
  return rendered;
}

/** The control a label names (text inputs, the date input and selects alike). */
function field<E extends HTMLElement>(scope: HTMLElement, label: string): E {
  const labels = [...scope.querySelectorAll('label')].filter((candidate) => textOf(candidate) === label);
  if (labels.length !== 1) throw new Error(`${labels.length} labels named ${label}`);
  const control = labels[0]!.htmlFor ? scope.querySelector<E>(`#${CSS.escape(labels[0]!.htmlFor)}`) : null;
  if (!control) throw new Error(`No control for ${label}`);
  return control;
}

function choose(select: HTMLSelectElement, value: string): void {
  update(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The message shown under a field (or checkbox), if any. */
const errorOf = (control: HTMLElement) => textOf(control.parentElement?.querySelector('.evc-field-error'));
const hint = (container: HTMLElement) => textOf(container.querySelector('.evc-wizard-hint'));

const ADULT_DOB = '1985-03-09';
const TEXT_ANSWERS: [string, string][] = [
  ['Legal name', 'Samuel Lee'],
  ['Address line 1', '1 High Street'],
  ['City', 'Leeds'],
  ['Postcode', 'LS1 4AP'],
  ['Date of birth', ADULT_DOB],
];

function fillTextAnswers(container: HTMLElement): void {
  for (const [label, value] of TEXT_ANSWERS) type(field<HTMLInputElement>(container, label), value);
}

describe('finance step (STEP-13, VALID-5, monthly plan only)', () => {
  it('asks for title (default Mr), name, address, date of birth and gender (default Male), region and country optional', () => {
    const { container } = renderFinanceStep();
    expect(container.querySelector('.evc-step')?.getAttribute('data-step')).toBe('finance');
    const title = field<HTMLSelectElement>(container, 'Title');
    const gender = field<HTMLSelectElement>(container, 'Gender');
    expect([title.tagName, title.value]).toEqual(['SELECT', 'Mr']);
    expect([gender.tagName, gender.value]).toEqual(['SELECT', 'Male']);
    const inputs = ['Legal name', 'Address line 1', 'City', 'Region (optional)', 'Postcode', 'Country (optional)', 'Date of birth'].map((label) =>
      field<HTMLInputElement>(container, label),
    );
    expect(inputs.map((input) => [input.type, input.required, input.value])).toEqual([
      ['text', true, ''],
      ['text', true, ''],
      ['text', true, ''],
      ['text', false, ''],
      ['text', true, ''],
      ['text', false, ''],
      ['date', true, ''],
    ]);
    expect(inputs.map((input) => input.autocomplete)).toEqual(['name', 'address-line1', 'address-level2', 'address-level1', 'postal-code', 'country-name', 'bday']);
    expect(byRole<HTMLInputElement>(container, 'checkbox', MONTHLY_TERMS_LABEL).checked).toBe(false);
    expect(byRole<HTMLInputElement>(container, 'checkbox', CREDIT_CHECK_LABEL).checked).toBe(false);
  });

  it('states the plan it is applying for', () => {
    const { container, store } = renderFinanceStep();
    update(() => chooseExtra(store, 'display', true));
    // £350.00 + 36 × £3.00 = £458.00; the yearly £1.00 after the term is said apart.
    expect(textOf(container.querySelector('.evc-step'))).toContain(
      '£350.00 initial payment, then 36 monthly payments of £3.00 (total payable £458.00), then £1.00 per year from the end of the 36 months, for as long as you keep the plan',
    );
  });

  it('keeps Continue disabled until every answer is valid; a press lists what is left', () => {
    const { container, store } = renderFinanceStep();
    expect(continueDisabled(container)).toBe(true);
    expect(hint(container)).toBe('');
    fillTextAnswers(container);
    expect(store.getState().form).toMatchObject({ legalName: 'Samuel Lee', primaryPostcode: 'LS1 4AP', dob: ADULT_DOB });
    expect(continueDisabled(container)).toBe(true);
    pressContinue(container);
    expect(summaryLinks(container)).toEqual(['You must accept the monthly payment terms to continue.', 'You must accept the credit check terms to continue.']);
    update(() => byRole(container, 'checkbox', MONTHLY_TERMS_LABEL).click());
    expect(summaryLinks(container)).toEqual(['You must accept the credit check terms to continue.']);
    expect(continueDisabled(container)).toBe(true);
    update(() => byRole(container, 'checkbox', CREDIT_CHECK_LABEL).click());
    expect(hint(container)).toBe('');
    expect(continueDisabled(container)).toBe(false);
    expect(store.getState().form).toMatchObject({ acceptedMonthlyPaymentTerms: true, acceptedCreditCheck: true });
    choose(field<HTMLSelectElement>(container, 'Title'), 'Dr');
    choose(field<HTMLSelectElement>(container, 'Gender'), 'Female');
    expect(store.getState().form).toMatchObject({ title: 'Dr', gender: 'Female' });
    expect(continueDisabled(container)).toBe(false);
  });

  it("shows each acceptance's message once the box is touched and left unticked", () => {
    const { container } = renderFinanceStep();
    const terms = byRole<HTMLInputElement>(container, 'checkbox', MONTHLY_TERMS_LABEL);
    const credit = byRole<HTMLInputElement>(container, 'checkbox', CREDIT_CHECK_LABEL);
    expect([errorOf(terms), errorOf(credit)]).toEqual(['', '']);
    update(() => terms.click());
    update(() => terms.click());
    expect(errorOf(terms)).toBe('You must accept the monthly payment terms to continue.');
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    update(() => credit.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(errorOf(credit)).toBe('You must accept the credit check terms to continue.');
    update(() => credit.click());
    expect(errorOf(credit)).toBe('');
  });

  it("offers only an adult's plausible dates of birth and the handler's lengths (min, max, maxlength)", () => {
    const { container } = renderFinanceStep();
    const dob = field<HTMLInputElement>(container, 'Date of birth');
    const year = new Date().getFullYear();
    expect([year - 121, year - 120]).toContain(Number(dob.min.slice(0, 4)));
    expect(Number(dob.max.slice(0, 4))).toBe(year - 18);
    const lengths = ['Legal name', 'Address line 1', 'City', 'Region (optional)', 'Postcode', 'Country (optional)'].map((label) => field<HTMLInputElement>(container, label).maxLength);
    expect(lengths).toEqual([140, 140, 100, 100, 10, 100]);
  });

  it('shows the required, UK postcode and age messages once a field is left', () => {
    const { container } = renderFinanceStep();
    const postcode = field<HTMLInputElement>(container, 'Postcode');
    type(postcode, '');
    expect(errorOf(postcode)).toBe('Postcode is a required field');
    type(postcode, '75001');
    expect(errorOf(postcode)).toBe('Postcode must be a valid UK postcode');
    type(postcode, 'ls1 4ap');
    expect(errorOf(postcode)).toBe('');
    expect(postcode.getAttribute('aria-invalid')).toBeNull();

    const dob = field<HTMLInputElement>(container, 'Date of birth');
    type(dob, '');
    expect(errorOf(dob)).toBe('Date of birth is a required field');
    type(dob, `${new Date().getFullYear() - 10}-01-01`);
    expect(errorOf(dob)).toBe('You must be 18 or over to apply');
    expect(dob.getAttribute('aria-invalid')).toBe('true');
    type(dob, '1800-01-01');
    expect(errorOf(dob)).toBe('Enter a real date of birth');
    type(dob, `${new Date().getFullYear() - 30}-01-01`);
    expect(errorOf(dob)).toBe('');
    type(dob, ADULT_DOB);
    expect(errorOf(dob)).toBe('');

    const legalName = field<HTMLInputElement>(container, 'Legal name');
    type(legalName, '   ');
    expect(errorOf(legalName)).toBe('Legal name is a required field');
    const region = field<HTMLInputElement>(container, 'Region (optional)');
    type(region, '');
    expect(errorOf(region)).toBe('');
  });

  it('keeps the answers in the session storage but never the date of birth', () => {
    const storage: StorageTargets = { choices: localStorage, personal: sessionStorage };
    const { container, store } = render(<Wizard />, { options: { monthlyPlanAvailable: true }, storage });
    update(() => {
      store.getState().actions.openWizard();
      choosePaymentType(store, 'PAY_MONTHLY');
    });
    update(() => store.setState((state) => ({ wizard: { ...state.wizard, step: 'finance' } })));
    fillTextAnswers(container);
    expect(store.getState().form.dob).toBe(ADULT_DOB);
    const saved = (area: Storage) => Object.keys(area).map((key) => `${key}=${area.getItem(key) ?? ''}`).join('\n');
    // The other answers are saved, so a missing date of birth is not just nothing saved at all.
    expect(saved(sessionStorage)).toContain('Samuel Lee');
    expect(saved(sessionStorage)).toContain('LS1 4AP');
    for (const area of [sessionStorage, localStorage]) {
      expect(saved(area)).not.toContain(ADULT_DOB);
      expect(saved(area)).not.toContain('1985');
      expect(saved(area)).not.toMatch(/"dob"/);
    }
  });
});
