import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from './catalogue/uk';
import type { Configuration } from './configuration';
import { defaultConfiguration } from './configuration';
import type { Flow } from './wizard';
import type { MailRequest } from './mail';
import { MAIL_TITLE, mailVariables, mailVariablesJson, productLines, withoutInvisibles } from './mail';

const catalogue = UK_CATALOGUE;
const base = defaultConfiguration(catalogue);
const config = (changes: Partial<Configuration>): Configuration => ({ ...base, ...changes });
const customer: MailRequest = {
  firstName: 'Sam',
  lastName: 'Taylor',
  email: 'sam@example.com',
  phone: '07700 900123',
  orderEmail: 'driver@lease.example',
  installCheck: {},
};

/** productLine numbers of MAIL-1, in order. */
const LINE = { front: 0, body: 1, cable: 2, installation: 3, warranty: 4, surge: 5, solar: 6, hook: 7, display: 8 } as const;
const line = (chosen: Configuration, which: keyof typeof LINE, flow: Flow = 'order') => productLines(catalogue, chosen, flow)[LINE[which]];

describe('productLines (MAIL-1)', () => {
  it('describes the default configuration in the specification order', () => {
    expect(productLines(catalogue, base)).toEqual([
      'Front colour: Midnight Black (A4-D101M-BLACK)',
      'Body colour: Midnight Black (A4-E101M-BLACK)',
      'Power and cable: 7kW socket',
      'Installation: Charger only, no installation',
      'Warranty: Standard 3 year warranty',
      'Surge protection: No',
      'Advanced solar: No',
      'Cable hook: No',
      'Digital display: No',
    ]);
  });

  it.each([
    ['tethered_7kw_5_5m', 'Power and cable: 7kW with 5.5m cable'],
    ['tethered_7kw_8_5m', 'Power and cable: 7kW with 8.5m cable'],
    ['tethered_22kw_6_5m', 'Power and cable: 22kW with 6.5m cable'],
    ['socket_7kw', 'Power and cable: 7kW socket'],
    ['socket_22kw', 'Power and cable: 22kW socket'],
  ])('names cable %s', (cable, expected) => {
    expect(line(config({ cable }), 'cable')).toBe(expected);
  });

  it.each([
    ['premium_7kw', 'Installation: 7kW Premium installation (physical survey)'],
    ['standard_7kw', 'Installation: 7kW Standard installation (remote survey)'],
    ['premium_22kw', 'Installation: 22kW Premium installation (physical survey)'],
  ] as const)('names installation %s', (installation, expected) => {
    expect(line(config({ installation }), 'installation')).toBe(expected);
  });

  it.each([
    ['a standard metal', 'racing_green', 'Front colour: Racing Green (A4-D101C-PALETTE-RACING-GREEN)'],
    ['a wood', 'french_walnut', 'Front colour: French Walnut (A4-G101-FRENCH-WALNUT)'],
    ['the limited finish', 'andersen_carbon', 'Front colour: Andersen Carbon (A4-D101A-CARBON)'],
  ])('names %s front with its code', (_, front, expected) => {
    expect(line(config({ front }), 'front')).toBe(expected);
  });

  it('names the body colour with its code', () => {
    expect(line(config({ body: 'belgravia_blue' }), 'body')).toBe('Body colour: Belgravia Blue (A4-E101C-PALETTE-BELGRAVIA-BLUE)');
  });

  it.each([
    [false, 'Warranty: Standard 3 year warranty'],
    [true, 'Warranty: Extra 4 Year Warranty (7 years total)'],
  ])('extended warranty %s', (extendedWarranty, expected) => {
    expect(line(config({ extendedWarranty }), 'warranty')).toBe(expected);
  });

  it.each([
    ['off', config({ surgeProtection: false }), 'Surge protection: No'],
    ['on, 7kW', config({ surgeProtection: true, cable: 'tethered_7kw_8_5m' }), 'Surge protection: Yes (Surge Protection single phase)'],
    ['on, 22kW tethered', config({ surgeProtection: true, cable: 'tethered_22kw_6_5m' }), 'Surge protection: Yes (Surge Protection three phase)'],
    ['on, 22kW socket', config({ surgeProtection: true, cable: 'socket_22kw' }), 'Surge protection: Yes (Surge Protection three phase)'],
  ])('surge protection %s (CHOICE-4: a different item for 22kW)', (_, chosen, expected) => {
    expect(line(chosen, 'surge')).toBe(expected);
  });

  it.each([
    ['off', config({ advancedSolar: false }), 'Advanced solar: No'],
    ['on without installation', config({ advancedSolar: true }), 'Advanced solar: Yes (Advanced Solar)'],
    ['on with installation', config({ advancedSolar: true, installation: 'standard_7kw' }), 'Advanced solar: Yes (Advanced Solar)'],
  ])('advanced solar %s', (_, chosen, expected) => {
    expect(line(chosen, 'solar')).toBe(expected);
  });

  it.each<[string, Configuration, Flow, string]>([
    ['chosen with a tethered cable', config({ cable: 'tethered_7kw_5_5m', cableHook: true, hookColour: 'alpine_white' }), 'order', 'Cable hook: Alpine White (A4-H101C-PALETTE-ALPINE-WHITE)'],
    ['chosen in black', config({ cable: 'tethered_7kw_8_5m', cableHook: true }), 'order', 'Cable hook: Midnight Black (A4-H101M-BLACK)'],
    ['chosen with a socket (does not apply)', config({ cable: 'socket_7kw', cableHook: true }), 'order', 'Cable hook: No'],
    ['not chosen', config({ cable: 'tethered_7kw_5_5m', cableHook: false }), 'order', 'Cable hook: No'],
    ['chosen where no colour is offered', config({ cable: 'tethered_7kw_8_5m', cableHook: true }), 'spec-request', 'Cable hook: Yes'],
    ['chosen where no colour is offered, whatever colour id came along', config({ cable: 'tethered_7kw_8_5m', cableHook: true, hookColour: 'racing_green' }), 'spec-request', 'Cable hook: Yes'],
    ['not chosen where no colour is offered', config({ cable: 'tethered_7kw_8_5m', cableHook: false }), 'spec-request', 'Cable hook: No'],
  ])('cable hook %s (CHOICE-2, MAIL-2)', (_, chosen, flow, expected) => {
    expect(line(chosen, 'hook', flow)).toBe(expected);
  });

  it.each([
    [false, 'Digital display: No'],
    [true, 'Digital display: Yes (Digital display)'],
  ])('display %s', (display, expected) => {
    expect(line(config({ display }), 'display')).toBe(expected);
  });
});

describe('mailVariables (MAIL-3)', () => {
  it('fills title, customer fields, intro line, productLine1..9, the order e-mail and the installation check', () => {
    const chosen = config({ front: 'racing_green', cable: 'tethered_22kw_6_5m', installation: 'premium_22kw', surgeProtection: true });
    const lines = productLines(catalogue, chosen, 'spec-request');
    const answers = { cable: 'yes', time: 'yes', height: 'yes', trunking: 'yes', protection: 'yes', mainland: 'yes' } as const;
    expect(mailVariables(catalogue, chosen, { ...customer, installCheck: answers })).toEqual({
      title: MAIL_TITLE,
      customerEmail: 'sam@example.com',
      customerName: 'Sam Taylor',
      customerPhone: '07700 900123',
      introLine: 'Sam Taylor has requested the following upgrade specification for their Mobilize order.',
      orderEmail: 'driver@lease.example',
      amendsRequestId: '',
      productLine1: lines[0],
      productLine2: lines[1],
      productLine3: 'Power and cable: 22kW with 6.5m cable',
      productLine4: 'Installation: 22kW Premium installation (physical survey)',
      productLine5: lines[4],
      productLine6: 'Surge protection: Yes (Surge Protection three phase)',
      productLine7: lines[6],
      productLine8: lines[7],
      productLine9: lines[8],
      installationCheck: 'Installation check: a standard installation (every answer is Yes)',
      installationCheckLine1: 'Is the cable run from your fuse board to the charger up to 15m? Yes',
      installationCheckLine2: 'Can the installation be done within 4 hours on site? Yes',
      installationCheckLine3: 'Can the charger be installed at a height of 1.8m? Yes',
      installationCheckLine4: 'Is up to 7m of trunking enough? Yes',
      installationCheckLine5: 'Are 40A overcurrent protection and a Type A RCD possible at your fuse board? Yes',
      installationCheckLine6: 'Is the property in mainland UK? Yes',
    });
  });

  it('keeps the contact e-mail (customerEmail) and the order e-mail apart', () => {
    const variables = mailVariables(catalogue, base, { ...customer, email: 'sam@home.example', orderEmail: 'sam@work.example' });
    expect([variables.customerEmail, variables.orderEmail]).toEqual(['sam@home.example', 'sam@work.example']);
  });

  it('names the hook without a colour: the specification request does not offer one', () => {
    const variables = mailVariables(catalogue, config({ cable: 'tethered_7kw_8_5m', cableHook: true }), customer);
    expect(variables.productLine8).toBe('Cable hook: Yes');
  });

  const withInstall = config({ cable: 'tethered_7kw_8_5m', installation: 'standard_7kw' });
  it.each<[string, Configuration, MailRequest['installCheck'], string, string, string]>([
    ['a "no": survey', withInstall, { cable: 'yes', mainland: 'no' }, 'Installation check: a survey is needed (at least one answer is No)',
      'Is the cable run from your fuse board to the charger up to 15m? Yes', 'Is the property in mainland UK? No'],
    ['unanswered questions', withInstall, { cable: 'yes' }, 'Installation check: not every question was answered',
      'Is the cable run from your fuse board to the charger up to 15m? Yes', 'Is the property in mainland UK? Not answered'],
    ['no installation: not applicable, whatever was answered', base, { cable: 'no' }, 'Installation check: not applicable (no installation)', '', ''],
  ])('the installation check with %s', (_, chosen, installCheck, outcome, first, last) => {
    const variables = mailVariables(catalogue, chosen, { ...customer, installCheck });
    expect([variables.installationCheck, variables.installationCheckLine1, variables.installationCheckLine6]).toEqual([outcome, first, last]);
  });

  it('says that a changed request replaces the one sent before, and which', () => {
    const variables = mailVariables(catalogue, base, { ...customer, amends: '<first@mg.example>' });
    expect(variables.introLine).toBe(
      'Sam Taylor has changed their upgrade specification request for their Mobilize order: this specification replaces the one sent before (<first@mg.example>).',
    );
    expect(variables.amendsRequestId).toBe('<first@mg.example>');
  });

  it('trims what the buyer typed', () => {
    const variables = mailVariables(catalogue, base, {
      ...customer,
      firstName: '  Sam ',
      lastName: ' Taylor  ',
      email: ' sam@example.com ',
      phone: ' 07700 900123 ',
      orderEmail: ' driver@lease.example ',
    });
    expect([variables.customerName, variables.customerEmail, variables.customerPhone, variables.orderEmail]).toEqual([
      'Sam Taylor',
      'sam@example.com',
      '07700 900123',
      'driver@lease.example',
    ]);
    expect(variables.introLine.startsWith('Sam Taylor has requested')).toBe(true);
  });

  it.each<[string, string, string]>([
    ['right-to-left override U+202E', 'Sam\u202Eroloc', 'Samroloc'],
    ['embeddings and pop U+202A–U+202C', '\u202ASam\u202B\u202C', 'Sam'],
    ['left-to-right override U+202D', '\u202DSam', 'Sam'],
    ['isolates U+2066–U+2069', '\u2066S\u2067a\u2068m\u2069', 'Sam'],
    ['marks U+200E, U+200F and U+061C', 'S\u200Ea\u200Fm\u061C', 'Sam'],
    ['zero-width space, non-joiner and joiner U+200B–U+200D', 'S\u200Ba\u200Cm\u200D', 'Sam'],
    ['word joiner U+2060 and byte order mark U+FEFF', '\uFEFFSa\u2060m', 'Sam'],
    ['nothing invisible (accents and other scripts stay)', 'Zoë Ødegård-سام', 'Zoë Ødegård-سام'],
  ])('takes invisible characters out of the names and phone: %s', (_, typed, shown) => {
    const variables = mailVariables(catalogue, base, { ...customer, firstName: typed, lastName: typed, phone: `07700 ${typed}`, amends: typed });
    expect(withoutInvisibles(typed)).toBe(shown);
    expect([variables.customerName, variables.customerPhone, variables.amendsRequestId]).toEqual([`${shown} ${shown}`, `07700 ${shown}`, shown]);
    expect(variables.introLine).toContain(`${shown} ${shown} has changed`);
  });

  it('gives the t:variables JSON string that reads back as the same variables', () => {
    const variables = mailVariables(catalogue, base, customer);
    const json = mailVariablesJson(variables);
    expect(JSON.parse(json)).toEqual(variables);
    expect(Object.keys(JSON.parse(json) as object)).toHaveLength(23);
  });
});
