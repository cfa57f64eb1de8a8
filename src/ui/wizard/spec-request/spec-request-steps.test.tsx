import { afterEach, describe, expect, it } from 'vitest';
import { choose } from '../../../stores/wizard-choices';
import { allByRole, byRole, cleanup, render, statusTexts, textOf, typeInto, update } from '../../testing';
import { Wizard } from '../../Wizard';
import { CONTACT_EMAIL_NOTE, MATCH_ORDER_NOTE } from './DetailsStep';
import { SURVEY_NEEDED } from './InstallCheckStep';
import type { StepName } from '../../../domain/wizard';
import { continueDisabled, descriptionOf, nextButton, summaryLinks } from '../wizard-testing';

afterEach(cleanup);

function renderSpecWizard(step: StepName = 'email') {
  const rendered = render(<Wizard />, { flow: 'spec-request', options: { specRequest: async () => ({ ok: true, requestId: 'r' }) } });
  update(() => {
    rendered.store.getState().actions.openWizard();
    rendered.store.setState((state) => ({ wizard: { ...state.wizard, step } }));
  });
  return rendered;
}

const click = (element: HTMLElement) => update(() => element.click());

describe('specification-request steps (STEP-2, CHOICE-5)', () => {
  it('01 asks for the order e-mail with the spec text', () => {
    const { container, store } = renderSpecWizard('email');
    expect(textOf(container)).toContain("Let's make sure your configuration is linked to your Mobilize order.");
    const email = byRole<HTMLInputElement>(container, 'textbox', 'E-mail address');
    expect(email.type).toBe('email');
    expect(email.maxLength).toBe(254);
    expect(continueDisabled(container)).toBe(true);
    // Nothing is wrong before the customer has done anything; Continue says what is.
    expect(container.querySelector('.evc-field-error, .evc-wizard-hint')).toBeNull();
    update(() => nextButton(container)?.click());
    expect(store.getState().wizard.step).toBe('email');
    expect(summaryLinks(container)).toEqual(['E-mail address is a required field']);
    expect(descriptionOf(email)).toBe('E-mail address is a required field');
    typeInto(email, "sean.o'brien@example.ie");
    expect(continueDisabled(container)).toBe(false);
    typeInto(email, 'driver@lease.example');
    expect(store.getState().form.orderEmail).toBe('driver@lease.example');
    expect(continueDisabled(container)).toBe(false);
  });

  it("01's order e-mail prefills 06's contact e-mail, which the customer may change without changing the order's", () => {
    const { container, store } = renderSpecWizard('email');
    typeInto(byRole(container, 'textbox', 'E-mail address'), 'driver@lease.example');
    update(() => store.setState((state) => ({ wizard: { ...state.wizard, step: 'details' } })));
    const contact = byRole<HTMLInputElement>(container, 'textbox', 'E-mail address');
    expect(contact.value).toBe('driver@lease.example');
    expect(descriptionOf(contact)).toBe(CONTACT_EMAIL_NOTE);
    typeInto(contact, 'me@home.example');
    expect(store.getState().form).toMatchObject({ orderEmail: 'driver@lease.example', email: 'me@home.example' });
    update(() => store.setState((state) => ({ wizard: { ...state.wizard, step: 'email' } })));
    expect(byRole<HTMLInputElement>(container, 'textbox', 'E-mail address').value).toBe('driver@lease.example');
    typeInto(byRole(container, 'textbox', 'E-mail address'), 'driver2@lease.example');
    expect(store.getState().form).toMatchObject({ orderEmail: 'driver2@lease.example', email: 'me@home.example' });
  });

  it("02 'Select Power & Cable Length': Socketed or Tethered, then that kind's cables", () => {
    const { container, store } = renderSpecWizard('cable');
    expect(byRole<HTMLDialogElement>(container, 'dialog', 'Select Power & Cable Length').open).toBe(true);
    const kinds = byRole(container, 'radiogroup', 'Socketed or Tethered');
    expect(allByRole(kinds, 'radio').map((radio) => radio.getAttribute('aria-label') ?? textOf(container.querySelector(`label[for="${radio.id}"]`)))).toEqual(['Socketed', 'Tethered']);
    expect(byRole<HTMLInputElement>(kinds, 'radio', 'Socketed').checked).toBe(true);
    expect(allByRole(container, 'radio').filter((radio) => /socket$/.test(textOf(container.querySelector(`label[for="${radio.id}"]`))))).toHaveLength(2);
    click(byRole(kinds, 'radio', 'Tethered'));
    expect(store.getState().configuration.cable).toBe('tethered_7kw_5_5m');
    for (const name of ['7kW with 5.5m cable', '7kW with 8.5m cable', '22kW with 6.5m cable']) expect(byRole(container, 'radio', name)).toBeTruthy();
    expect(() => byRole(container, 'radio', '7kW socket')).toThrow();
  });

  it('choosing a 7kW cable resets installation; the 22kW cable forces it on with the longer step list', () => {
    const { container, store } = renderSpecWizard('cable');
    click(byRole(container, 'radio', 'Tethered'));
    click(byRole(container, 'radio', '22kW with 6.5m cable'));
    expect(store.getState().configuration.installation).toBe('premium_22kw');
    expect(textOf(container.querySelector('[part~="steps"]'))).toContain('Installation check');
    click(byRole(container, 'radio', '7kW with 8.5m cable'));
    expect(store.getState().configuration.installation).toBe('no_install');
    expect(textOf(container.querySelector('[part~="steps"]'))).not.toContain('Installation check');
  });

  it("03 'Select Installation': one option for the 22kW cables, no installation offered for 7kW", () => {
    const { container, store } = renderSpecWizard('installation');
    expect(byRole<HTMLDialogElement>(container, 'dialog', 'Select Installation').open).toBe(true);
    expect(byRole(container, 'radiogroup', 'Choose your installation')).toBeTruthy();
    expect(allByRole(byRole(container, 'radiogroup', 'Choose your installation'), 'radio').length).toBeGreaterThan(1);
    update(() => choose(store, { type: 'chooseCable', cable: 'socket_22kw' }));
    expect(allByRole(byRole(container, 'radiogroup', 'Choose your installation'), 'radio')).toHaveLength(1);
  });

  it("04 'Select Your Extras': five extras; the hook only for tethered, no solar for 22kW, the three-phase surge item", () => {
    const { container, store } = renderSpecWizard('extras');
    expect(byRole<HTMLDialogElement>(container, 'dialog', 'Select Your Extras').open).toBe(true);
    for (const name of ['Extended warranty', 'Digital display', 'Surge protection', 'Advanced solar']) expect(byRole(container, 'checkbox', name)).toBeTruthy();
    expect(() => byRole(container, 'checkbox', 'Cable hook')).toThrow();
    update(() => choose(store, { type: 'chooseCable', cable: 'tethered_7kw_5_5m' }));
    click(byRole(container, 'checkbox', 'Cable hook'));
    click(byRole(container, 'checkbox', 'Advanced solar'));
    expect(store.getState().configuration.cableHook).toBe(true);
    update(() => choose(store, { type: 'chooseCable', cable: 'tethered_22kw_6_5m' }));
    expect(() => byRole(container, 'checkbox', 'Advanced solar')).toThrow();
    expect(store.getState().configuration.advancedSolar).toBe(false);
    expect(textOf(container)).toContain('Surge Protection three phase');
  });

  it('05 the installation check: any "no" says a survey will be needed', () => {
    const { container, store } = renderSpecWizard('cable');
    update(() => choose(store, { type: 'chooseCable', cable: 'socket_22kw' }));
    update(() => store.setState((state) => ({ wizard: { ...state.wizard, step: 'installCheck' } })));
    const groups = allByRole(container, 'radiogroup');
    expect(groups).toHaveLength(6);
    expect(textOf(groups[0])).toContain('15m');
    for (const group of groups) click(byRole(group, 'radio', 'Yes'));
    expect(statusTexts(container).join(' ')).toContain('no survey should be needed');
    click(byRole(groups[5]!, 'radio', 'No'));
    expect(statusTexts(container).join(' ')).toContain(SURVEY_NEEDED);
    expect(continueDisabled(container)).toBe(false);
  });

  it('05 the answers are kept when the customer leaves the step and comes back (they go with the request)', () => {
    const { container, store } = renderSpecWizard('cable');
    update(() => choose(store, { type: 'chooseCable', cable: 'socket_22kw' }));
    update(() => store.setState((state) => ({ wizard: { ...state.wizard, step: 'installCheck' } })));
    click(byRole(byRole(container, 'radiogroup', /^Is the property in mainland UK/), 'radio', 'No'));
    update(() => store.setState((state) => ({ wizard: { ...state.wizard, step: 'details' } })));
    update(() => store.setState((state) => ({ wizard: { ...state.wizard, step: 'installCheck' } })));
    expect(byRole<HTMLInputElement>(byRole(container, 'radiogroup', /^Is the property in mainland UK/), 'radio', 'No').checked).toBe(true);
    expect(store.getState().form.installCheck).toEqual({ mainland: 'no' });
  });

  it('06 details: the four fields with their types and the note to match the order', () => {
    const { container } = renderSpecWizard('details');
    expect(textOf(container)).toContain(MATCH_ORDER_NOTE);
    const fields = ['First name', 'Last name', 'E-mail address', 'Phone number'].map((name) => byRole<HTMLInputElement>(container, 'textbox', name));
    expect(fields.map((field) => field.type)).toEqual(['text', 'text', 'email', 'tel']);
    // The relay's lengths, as the ordering flow's contact step has them.
    expect(fields.map((field) => field.maxLength)).toEqual([100, 100, 254, 32]);
    expect(continueDisabled(container)).toBe(true);
  });
});
