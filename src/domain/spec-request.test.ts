import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE as C } from './catalogue/uk';
import { defaultConfiguration } from './configuration';
import { parseSpecRequest, stepForField } from './spec-request';

const valid = () => ({
  version: 1,
  idempotencyKey: 'k_0123456789abcdef',
  orderEmail: 'driver@lease.example',
  customer: { 'first-name': 'Sam', 'last-name': 'Lee', email: 'sam@lease.example', tel: '07700 900123' },
  configuration: { ...defaultConfiguration(C), cable: 'socket_22kw', advancedSolar: true },
});

describe('specification request (one schema in the element and the relay)', () => {
  it('accepts a request and applies the flow rules to its configuration (CHOICE-5: 22kW forces installation)', () => {
    const result = parseSpecRequest(C, valid());
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.configuration).toMatchObject({ installation: 'premium_22kw', advancedSolar: false });
  });

  it.each<[string, (r: ReturnType<typeof valid>) => void, string, string]>([
    ['a CR/LF in a name (header injection)', (r) => (r.customer['first-name'] = 'Sam\r\nBcc: x@y.example'), 'customer.first-name', 'must be a single line'],
    ['a bad order e-mail', (r) => (r.orderEmail = 'nope'), 'orderEmail', 'E-mail address must be a valid email'],
    ['a missing phone', (r) => (r.customer.tel = ''), 'customer.tel', 'Phone number is a required field'],
    ['a 101-character first name', (r) => (r.customer['first-name'] = 'a'.repeat(101)), 'customer.first-name', 'First name must be at most 100 characters'],
    ['a display name in the e-mail', (r) => (r.customer.email = 'Sam <sam@lease.example>'), 'customer.email', 'E-mail address must be a valid email'],
    ['a short idempotency key', (r) => (r.idempotencyKey = 'abc'), 'idempotencyKey', 'must be 16 to 128 letters, digits, "-" or "_"'],
    ['an unknown version', (r) => ((r as { version: number }).version = 2), 'version', 'must be 1'],
    ['an unknown installation check answer', (r) => ((r as { installCheck?: unknown }).installCheck = { cable: 'maybe' }), 'installCheck.cable', 'must be "yes" or "no"'],
    ['an empty amended request id', (r) => ((r as { amends?: string }).amends = ''), 'amends', 'must not be empty'],
    ['a line break in the amended request id', (r) => ((r as { amends?: string }).amends = 'id\r\nBcc: x@y.example'), 'amends', 'must be a single line'],
  ])('names the field at fault: %s', (_, spoil, field, message) => {
    const request = valid();
    spoil(request);
    const result = parseSpecRequest(C, request);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toContainEqual({ field, message });
  });

  it('keeps the order e-mail and the contact e-mail apart, with the installation check and the request it amends', () => {
    const request = { ...valid(), installCheck: { cable: 'yes', mainland: 'no' }, amends: '<first@mg.example>' };
    const result = parseSpecRequest(C, request);
    expect(result.ok && result.request).toMatchObject({
      orderEmail: 'driver@lease.example',
      customer: { email: 'sam@lease.example' },
      installCheck: { cable: 'yes', mainland: 'no' },
      amends: '<first@mg.example>',
    });
  });

  it("accepts an address with an apostrophe (RFC 5322's atext), as the form does", () => {
    const result = parseSpecRequest(C, { ...valid(), orderEmail: "sean.o'brien@example.ie", customer: { ...valid().customer, email: "sean.o'brien@example.ie" } });
    expect(result.ok && result.request).toMatchObject({ orderEmail: "sean.o'brien@example.ie", customer: { email: "sean.o'brien@example.ie" } });
  });

  it('rejects a configuration id the catalogue does not have', () => {
    const request = valid();
    request.configuration.cable = 'coiled_99kw';
    const result = parseSpecRequest(C, request);
    expect(result.ok === false && result.problems[0]?.field).toBe('configuration.cable');
  });

  it.each([
    ['orderEmail', 'email'],
    ['customer.tel', 'details'],
    ['configuration.cable', 'cable'],
    ['configuration.installation', 'installation'],
    ['configuration.display', 'extras'],
    ['configuration.front', null],
    ['installCheck.mainland', 'installCheck'],
    ['amends', null],
  ])('takes the customer back to the step of %s', (field, step) => {
    expect(stepForField(field)).toBe(step);
  });
});
