import { afterEach, describe, expect, it, vi } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import type { Configuration } from '../domain/configuration';
import { defaultConfiguration } from '../domain/configuration';
import { defaultFormValues } from '../domain/forms';
import type { VerifiedPartner } from '../domain/partner';
import type { SpecRequest } from '../domain/spec-request';
import type { GoCardlessDropinApi } from '../services/direct-debit';
import type { PlacedOrder } from '../services/order-services';
import type { WizardServicesInput, WizardSettings } from '../ui/wizard-module';
import { wizardServices } from './wizard-services';

const OPTIONS: WizardSettings = { mode: 'order', persist: 'none', cart: 'storefront', apiVersion: '2026-04' };
const REQUEST = { idempotencyKey: 'key-0123456789abcdef', configuration: defaultConfiguration(UK_CATALOGUE) } as unknown as SpecRequest;
const FORM = { ...defaultFormValues(), 'first-name': 'Sam', 'last-name': 'Lee', email: 'sam@partner-one.example', tel: '07700 900123' };
const VERIFIED: VerifiedPartner = { email: FORM.email, discountId: 'partner', discountCode: 'PX-7Q2M9', token: 'signed.token', amount: 10000, expiresAt: '2030-01-01T00:00:00Z' };

function input(options: Partial<WizardSettings> = {}, mailSender?: WizardServicesInput['mailSender']): WizardServicesInput {
  const host = document.createElement('ev-charger-configurator');
  document.body.append(host);
  return { host, options: { ...OPTIONS, ...options }, catalogue: UK_CATALOGUE, mailSender };
}

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
  delete (window as { GoCardlessDropin?: unknown }).GoCardlessDropin;
  vi.unstubAllGlobals();
});

describe('wizardServices: the services only the wizard uses ship in the wizard file', () => {
  it('makes the ordering services from the attributes', () => {
    const theme = wizardServices(input({ cart: 'theme', directDebitEndpoint: 'https://shop.example/api/direct-debit' }));
    expect(theme.order?.checkoutAvailable).toBe(true);
    expect(theme.order?.directDebit).toBeDefined();
    const bare = wizardServices(input());
    expect(bare.order?.checkoutAvailable).toBe(false);
    expect(bare.order?.directDebit).toBeUndefined();
    expect(bare.specRequest).toBeUndefined();
  });

  it('fires evc-checkout from the element, cancelable: a cancelled one stops the redirect', () => {
    const theme = input({ cart: 'theme' });
    const fired: Event[] = [];
    theme.host.addEventListener('evc-checkout', (event) => {
      fired.push(event);
      event.preventDefault();
    });
    const order: PlacedOrder = {
      cartId: 'gid://shopify/Cart/abc',
      reusableCartId: 'gid://shopify/Cart/abc',
      checkoutUrl: 'https://shop.example/checkout',
      comparison: { shown: 59900, charged: 59900, matches: true, differences: [] },
      totals: { currency: 'GBP', total: 599, lines: [] },
    };
    expect(wizardServices(theme).order?.proceed(order)).toBe(false);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ bubbles: true, composed: true, cancelable: true });
    expect((fired[0] as CustomEvent).detail).toEqual({ cartId: order.cartId, checkoutUrl: order.checkoutUrl, totals: order.totals });
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

describe('wizardServices: the direct-debit start, its key saved for the session', () => {
  const ENDPOINT = 'https://shop.example/api/direct-debit';
  const MONTHLY: Configuration = { ...defaultConfiguration(UK_CATALOGUE), paymentType: 'PAY_MONTHLY', display: true };
  const FLOW = { flowId: 'BRF0001', environment: 'sandbox' as const };

  /** The endpoint (the page's fetch): each start's key recorded; `failures` first answers 502, then the flow. */
  function endpoint(failures = 0) {
    const keys: string[] = [];
    vi.stubGlobal('fetch', async (_url: RequestInfo | URL, init: RequestInit = {}) => {
      keys.push((JSON.parse(String(init.body)) as { idempotencyKey: string }).idempotencyKey);
      return failures-- > 0 ? Response.json({ error: { code: 'start_unconfirmed' } }, { status: 502 }) : Response.json(FLOW, { status: 201 });
    });
    return { keys };
  }

  const newHost = () => document.body.appendChild(document.createElement('ev-charger-configurator'));
  /** The element's direct-debit services, as the wizard makes them on each page load. */
  const services = (host: HTMLElement, persist: WizardSettings['persist'] = 'session') =>
    wizardServices({ host, options: { ...OPTIONS, persist, directDebitEndpoint: ENDPOINT }, catalogue: UK_CATALOGUE }).order!.directDebit!;

  it('sends one key for a request: again on a retry after a failure and after a reload, a new one once the request changed', async () => {
    const { keys } = endpoint(1);
    const host = newHost();
    const page = services(host);
    await expect(page.start(MONTHLY, FORM)).rejects.toMatchObject({ code: 'HTTP_502', retryable: true });
    await expect(page.start(MONTHLY, FORM)).resolves.toEqual(FLOW);
    await services(host).start(MONTHLY, FORM);
    const changed = services(host);
    await changed.start(MONTHLY, FORM);
    await changed.start(MONTHLY, { ...FORM, legalName: 'Samuel Lee' });
    expect(keys).toHaveLength(5);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys.slice(0, 4))).toEqual(new Set([keys[0]]));
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('sends a verified partner discount as its token, which the handler prices it from', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', async (_url: RequestInfo | URL, init: RequestInit = {}) => {
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return Response.json(FLOW, { status: 201 });
    });
    const page = services(newHost());
    await page.start(MONTHLY, { ...FORM, verifiedPartner: VERIFIED });
    await page.start(MONTHLY, FORM);
    expect(bodies.map((body) => body['partnerToken'])).toEqual(['signed.token', undefined]);
  });

  it('keeps no key across a reload with persist="none"', async () => {
    const { keys } = endpoint();
    const host = newHost();
    await services(host, 'none').start(MONTHLY, FORM);
    await services(host, 'none').start(MONTHLY, FORM);
    expect(keys[1]).not.toBe(keys[0]);
    expect(sessionStorage.length).toBe(0);
  });

  it('asks for a new flow once the payer has left the drop-in', async () => {
    const { keys } = endpoint();
    let exitFlow: (error: unknown) => void = () => {};
    (window as { GoCardlessDropin?: GoCardlessDropinApi }).GoCardlessDropin = {
      create: (options) => {
        exitFlow = (error) => options.onExit(error, {});
        return { open: () => {}, exit: () => {} };
      },
    };
    const page = services(newHost());
    const onExit = vi.fn();
    await page.open(await page.start(MONTHLY, FORM), { onSuccess: () => {}, onExit });
    await page.start(MONTHLY, FORM);
    exitFlow(null);
    expect(onExit).toHaveBeenCalledWith(null);
    await page.start(MONTHLY, FORM);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
