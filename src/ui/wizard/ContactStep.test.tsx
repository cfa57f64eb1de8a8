import { afterEach, describe, expect, it } from 'vitest';
import { byRole, cleanup, statusTexts, textOf, typeInto as type } from '../testing';
import { fakeOrderServices, nextButton, renderWizard } from './wizard-testing';

afterEach(cleanup);

const errorOf = (container: HTMLElement, field: HTMLInputElement) => textOf(container.querySelector(`#${CSS.escape(field.getAttribute('aria-describedby') ?? 'none')}`));

describe('contact details step (spec §5 contact step, §6 partner discount)', () => {
  it('asks for first name, last name, e-mail and phone, with types and autocomplete', () => {
    const { container } = renderWizard({ step: 'contact' });
    const fields = ['First name', 'Last name', 'E-mail address', 'Phone number'].map((name) => byRole<HTMLInputElement>(container, 'textbox', name));
    expect(fields.map((field) => field.type)).toEqual(['text', 'text', 'email', 'tel']);
    expect(fields.map((field) => field.autocomplete)).toEqual(['given-name', 'family-name', 'email', 'tel']);
    expect(nextButton(container)?.disabled).toBe(true);
    expect(textOf(container.querySelector('.evc-wizard-hint'))).toBe('First name is a required field');
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
    expect(nextButton(container)?.disabled).toBe(false);
  });
});
