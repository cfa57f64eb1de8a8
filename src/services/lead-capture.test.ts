import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { defaultConfiguration } from '../domain/configuration';
import type { FormValues } from '../domain/forms';
import { defaultFormValues } from '../domain/forms';
import { specFormValues } from '../domain/spec-form';
import { sendLead } from './lead-capture';

const CONFIGURATION = {
  ...defaultConfiguration(UK_CATALOGUE),
  cable: UK_CATALOGUE.cables.find((cable) => cable.kind === 'tethered')!.id,
  cableHook: true,
};
const FORM: FormValues = {
  ...defaultFormValues(),
  'first-name': 'Sam',
  'last-name': 'Lee',
  email: 'sam@partner-one.example',
  tel: '07700 900123',
  dob: '1990-02-03',
  wizardSteps: ['cable', 'installation', 'options', 'extras', 'hook', 'payment', 'contact'],
};
const ENDPOINT = 'https://leads.example/checkout-storeCart';

interface Sent {
  url: string;
  init: RequestInit;
}

function fakeFetch(answer: (signal: AbortSignal) => Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = (async (url: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(url), init });
    return answer(init.signal!);
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const ok = () => Promise.resolve(new Response('{}', { status: 200 }));
const bodyOf = (sent: Sent) => JSON.parse(String(sent.init.body)) as Record<string, unknown>;

describe('sendLead (LEAD-1)', () => {
  it('POSTs the whole form values object as JSON, with the steps walked and without the date of birth', async () => {
    const { fetch, sent } = fakeFetch(ok);
    const outcome = await sendLead({ catalogue: UK_CATALOGUE, configuration: CONFIGURATION, form: FORM }, { endpoint: ENDPOINT, fetch });
    expect(outcome).toEqual({ sent: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(ENDPOINT);
    expect(sent[0]!.init.method).toBe('POST');
    expect(sent[0]!.init.headers).toEqual({ 'Content-Type': 'application/json' });
    const body = bodyOf(sent[0]!);
    expect(body).toEqual(JSON.parse(JSON.stringify(specFormValues(UK_CATALOGUE, CONFIGURATION, FORM))));
    expect(body).not.toHaveProperty('dob');
    expect(body['email']).toBe('sam@partner-one.example');
    expect(body['withCableHook']).toBe(true);
    expect(body['wizardSteps']).toEqual(['cable', 'installation', 'options', 'extras', 'hook', 'payment', 'contact']);
  });

  it('copies the referral cookie value into the form (CART-10); without one the form keeps its default', async () => {
    const { fetch, sent } = fakeFetch(ok);
    await sendLead({ catalogue: UK_CATALOGUE, configuration: CONFIGURATION, form: FORM, referral: 'newsletter-may' }, { endpoint: ENDPOINT, fetch });
    await sendLead({ catalogue: UK_CATALOGUE, configuration: CONFIGURATION, form: FORM, referral: '  ' }, { endpoint: ENDPOINT, fetch });
    expect(bodyOf(sent[0]!)['referral']).toBe('newsletter-may');
    expect(bodyOf(sent[1]!)['referral']).toBe('shop');
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to fetch'],
    ['an error status', () => Promise.resolve(new Response('nope', { status: 500 })), 'status 500'],
  ])('never rejects: %s resolves as not sent', async (_name, answer, reason) => {
    const { fetch } = fakeFetch(answer);
    await expect(sendLead({ catalogue: UK_CATALOGUE, configuration: CONFIGURATION, form: FORM }, { endpoint: ENDPOINT, fetch })).resolves.toEqual({
      sent: false,
      reason,
    });
  });

  it('gives up after its timeout and still resolves', async () => {
    const { fetch } = fakeFetch(
      (signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
    );
    const outcome = await sendLead({ catalogue: UK_CATALOGUE, configuration: CONFIGURATION, form: FORM }, { endpoint: ENDPOINT, fetch, timeoutMs: 20 });
    expect(outcome).toEqual({ sent: false, reason: 'timeout of 20ms exceeded' });
  });
});
