import { afterEach, describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { defaultConfiguration } from '../domain/configuration';
import type { SpecRequest } from '../domain/spec-request';
import type { ConfiguratorOptions } from './attributes';
import { wizardServices } from './wizard-entry';
import type { WizardServicesInput } from './wizard-services';

const OPTIONS: ConfiguratorOptions = { mode: 'order', persist: 'none', cart: 'storefront', apiVersion: '2026-04', imageCdn: '/cdn' };
const REQUEST = { idempotencyKey: 'key-0123456789abcdef', configuration: defaultConfiguration(UK_CATALOGUE) } as unknown as SpecRequest;

function input(options: Partial<ConfiguratorOptions> = {}, mailSender?: WizardServicesInput['mailSender']): WizardServicesInput {
  const host = document.createElement('ev-charger-configurator');
  document.body.append(host);
  return { host, options: { ...OPTIONS, ...options }, catalogue: UK_CATALOGUE, mailSender };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('wizardServices: the services only the wizard uses ship in the wizard file', () => {
  it('makes the ordering services from the attributes, once per input', () => {
    const theme = input({ cart: 'theme', directDebitEndpoint: 'https://shop.example/api/direct-debit' });
    const services = wizardServices(theme);
    expect(services.order?.checkoutAvailable).toBe(true);
    expect(services.order?.directDebit).toBeDefined();
    expect(wizardServices(theme)).toBe(services);
    const bare = wizardServices(input());
    expect(bare.order?.checkoutAvailable).toBe(false);
    expect(bare.order?.directDebit).toBeUndefined();
    expect(bare.specRequest).toBeUndefined();
  });

  it("sends specification requests to mail-endpoint, or with the host's mailSender, which wins", async () => {
    const fetch = vi.fn(async () => Response.json({ requestId: 'relay-1' }, { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    const byEndpoint = wizardServices(input({ mode: 'spec-request', mailEndpoint: 'https://shop.example/api/spec-request' }));
    await expect(byEndpoint.specRequest?.(REQUEST)).resolves.toEqual({ ok: true, requestId: 'relay-1' });
    expect(fetch).toHaveBeenCalledWith('https://shop.example/api/spec-request', expect.objectContaining({ method: 'POST' }));

    const mailSender = vi.fn(async () => ({ requestId: 'host-1' }));
    const byHost = wizardServices(input({ mode: 'spec-request', mailEndpoint: 'https://shop.example/api/spec-request' }, mailSender));
    await expect(byHost.specRequest?.(REQUEST)).resolves.toEqual({ ok: true, requestId: 'host-1' });
    expect(mailSender).toHaveBeenCalledWith(REQUEST);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
