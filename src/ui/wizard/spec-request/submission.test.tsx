import { act } from 'react';
import { updateForm } from '../../../stores/form-answers';
import { chooseExtra } from '../../../stores/wizard-choices';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpecRequest } from '../../../domain/spec-request';
import type { SpecRequestSender, SpecSendResult } from '../../../services/spec-request';
import { endpointSender } from '../../../services/spec-request';
import type { StorageTargets } from '../../../stores/persistence';
import { memoryStorage } from '../../../stores/persistence';
import type { UiOptions } from '../../options-context';
import { SPEC_REQUEST_UNAVAILABLE } from '../../spec-request-messages';
import { allByRole, byRole, cleanup, render, textOf, typeInto, update } from '../../testing';
import { Wizard } from '../../Wizard';
import { backButton, nextButton } from '../wizard-testing';
import { AMENDMENT_SENT, CONTACT_ONLY, SUBMITTED, SUBMITTING, SUBMIT_FAILED, SUBMIT_REFUSED, SUBMIT_UNAVAILABLE } from './SubmissionStep';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const DETAILS = { orderEmail: 'order@lease.example', email: 'ada@example.com', 'first-name': 'Ada', 'last-name': 'Lovelace', tel: '07700 900123' };

const CONTACT = { supportPhone: '020 7946 0456', supportEmail: 'leasing@portal.example' };

/** The wizard in spec-request mode, filled in and on step 07 (as after Continue from step 06). */
function renderSubmission(options: Partial<UiOptions>, storage?: StorageTargets) {
  const reportError = vi.fn<NonNullable<UiOptions['reportError']>>();
  const onRequestSent = vi.fn<NonNullable<UiOptions['onRequestSent']>>();
  const rendered = render(<Wizard />, { flow: 'spec-request', options: { reportError, onRequestSent, ...options }, storage });
  update(() => {
    const { actions } = rendered.store.getState();
    updateForm(rendered.store, DETAILS);
    actions.openWizard();
    rendered.store.setState((state) => ({ wizard: { ...state.wizard, step: 'submission' } }));
  });
  return { ...rendered, reportError, onRequestSent };
}

/** The failure as shown: a group named by its message, which takes focus. */
const failureOf = (scope: ParentNode) => scope.querySelector<HTMLElement>('.evc-submission-failure');

const paragraphs = (scope: Element) => [...scope.querySelectorAll('p')].map(textOf);

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

function fakeSender(...answers: SpecSendResult[]) {
  const requests: SpecRequest[] = [];
  const send = vi.fn<SpecRequestSender>(async (request) => {
    requests.push(request);
    return answers.shift() ?? { ok: true, requestId: 'req-1' };
  });
  return { send, requests };
}

describe('step 07 submission (SPEC-2, SPEC-3)', () => {
  it('sends on entering, shows the spinner text, then the confirmation after about 1 second; Continue hidden', async () => {
    const { send, requests } = fakeSender();
    const { container, store, onRequestSent } = renderSubmission({ specRequest: send });
    expect(textOf(container.querySelector('[part~="spinner"]'))).toBe(SUBMITTING);
    expect(container.querySelector('[part~="next-button"]')).toBeNull();
    await advance(10);
    expect(send).toHaveBeenCalledTimes(1);
    expect(requests[0]).toMatchObject({ version: 1, orderEmail: 'order@lease.example', customer: { 'first-name': 'Ada', email: 'ada@example.com', tel: '07700 900123' } });
    expect(requests[0]).not.toHaveProperty('amends');
    expect(requests[0]?.configuration.cable).toBe('socket_7kw');
    expect(onRequestSent).toHaveBeenCalledWith({ requestId: 'req-1' });
    expect(textOf(container)).not.toContain(SUBMITTED);
    await advance(1000);
    expect(textOf(container)).toContain(SUBMITTED);
    expect(container.querySelector('.evc-submission-icon')).toBeTruthy();
    expect(store.getState().specRequest.sentRequestId).toBe('req-1');
  });

  it('retries a 503 with backoff, with the same key, then succeeds', async () => {
    const answers: Response[] = [new Response('{}', { status: 503 }), new Response('{}', { status: 503 }), Response.json({ requestId: 'r-9' }, { status: 202 })];
    const fetch = vi.fn<typeof globalThis.fetch>(async () => answers.shift()!);
    const { container, reportError } = renderSubmission({ specRequest: endpointSender({ endpoint: '/api/spec-request', fetch }) });
    await advance(10);
    expect(fetch).toHaveBeenCalledTimes(1);
    await advance(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(textOf(container.querySelector('[part~="spinner"]'))).toBe(SUBMITTING);
    await advance(2000);
    expect(fetch).toHaveBeenCalledTimes(3);
    const keys = fetch.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as SpecRequest).idempotencyKey);
    expect(new Set(keys).size).toBe(1);
    expect(textOf(container)).toContain(SUBMITTED);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('after the tries a clear message with "Try again", reported; "Try again" sends the same key again', async () => {
    const { send, requests } = fakeSender(
      ...Array.from({ length: 3 }, () => ({ ok: false, kind: 'transient', fault: 'network', message: 'Network Error' }) as const),
    );
    const { container, reportError } = renderSubmission({ specRequest: send });
    await advance(3100);
    expect(send).toHaveBeenCalledTimes(3);
    expect(textOf(failureOf(container))).toContain(SUBMIT_FAILED.network);
    expect(document.activeElement).toBe(failureOf(container));
    expect(failureOf(container)?.getAttribute('role')).toBe('group');
    expect(reportError).toHaveBeenCalledWith({ code: 'spec_request_failed', message: 'Network Error' });
    update(() => byRole(container, 'button', 'Try again').click());
    // "Try again" leaves with the failure: the step's title keeps focus while it sends.
    expect(document.activeElement?.getAttribute('part')).toBe('dialog-title');
    await advance(10);
    expect(send).toHaveBeenCalledTimes(4);
    expect(requests[3]?.idempotencyKey).toBe(requests[0]?.idempotencyKey);
    expect(textOf(container)).toContain(SUBMITTED);
  });

  it('a 422 takes the customer back to the step at fault with the message', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ error: { code: 'invalid_request', message: 'Invalid request', problems: [{ field: 'customer.tel', message: 'must be a UK phone number' }] } }, { status: 422 }),
    );
    const { container, store, reportError } = renderSubmission({ specRequest: endpointSender({ endpoint: '/api/spec-request', fetch }) });
    await advance(10);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.getState().wizard.step).toBe('details');
    expect(textOf(container.querySelector('[role="alert"]'))).toContain('Phone number: must be a UK phone number');
    expect(store.getState().specRequest.idempotencyKey).toBeNull();
    expect(reportError).toHaveBeenCalledWith({ code: 'spec_request_invalid', message: 'Invalid request' });
  });

  it('a reload during submission resends with the same key; after success a reload shows the confirmation without sending', async () => {
    const storage = { choices: memoryStorage(), personal: memoryStorage() };
    const first = fakeSender({ ok: false, kind: 'transient', fault: 'network', message: 'Network Error' });
    renderSubmission({ specRequest: first.send }, storage);
    await advance(10);
    cleanup(); // the page goes away before the retry
    const second = fakeSender();
    const reloaded = render(<Wizard />, { flow: 'spec-request', options: { specRequest: second.send }, storage });
    expect(reloaded.store.getState().wizard).toMatchObject({ open: true, step: 'submission' });
    await advance(1000);
    expect(second.requests[0]?.idempotencyKey).toBe(first.requests[0]?.idempotencyKey);
    expect(textOf(reloaded.container)).toContain(SUBMITTED);
    cleanup();
    const third = fakeSender();
    const again = render(<Wizard />, { flow: 'spec-request', options: { specRequest: third.send }, storage });
    await advance(10);
    expect(third.send).not.toHaveBeenCalled();
    expect(textOf(again.container)).toContain(SUBMITTED);
    update(() => again.store.getState().actions.reset());
    expect(again.store.getState().specRequest).toEqual({ idempotencyKey: null, sentRequestId: null, changedSinceSent: false, problems: [] });
  });

  /** Every try answered alike: the relay's answer for a persistent failure. */
  const always = (answer: () => Response | Error) =>
    vi.fn<typeof globalThis.fetch>(async () => {
      const next = answer();
      if (next instanceof Error) throw next;
      return next;
    });

  it.each<[string, () => Response | Error, keyof typeof SUBMIT_FAILED]>([
    ['the mail provider failing (502 provider_failed)', () => Response.json({ error: { code: 'provider_failed', message: 'The mail provider did not accept the request' } }, { status: 502 }), 'provider'],
    ['no answer at all', () => new TypeError('Failed to fetch'), 'network'],
    ['the request service failing (503)', () => new Response('Service Unavailable', { status: 503 }), 'service'],
    ['the relay limiting requests (429)', () => Response.json({ error: { code: 'rate_limited' } }, { status: 429, headers: { 'Retry-After': '1' } }), 'busy'],
  ])('%s: says what failed, with "Try again" and the support phone and e-mail as another way on', async (_, answer, fault) => {
    const fetch = always(answer);
    const { container } = renderSubmission({ specRequest: endpointSender({ endpoint: '/api/spec-request', fetch }), ...CONTACT });
    await advance(3100);
    expect(fetch).toHaveBeenCalledTimes(3);
    const alert = failureOf(container)!;
    expect(textOf(alert)).toContain(SUBMIT_FAILED[fault]);
    expect(byRole(alert, 'button', 'Try again')).toBeTruthy();
    expect([...alert.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['tel:02079460456', 'mailto:leasing@portal.example']);
    expect(textOf(container)).not.toContain(SUBMITTED);
  });

  it('an outcome the relay could not confirm is shown at once with "Check again", which sends the same key and so confirms it', async () => {
    const answers: Response[] = [
      Response.json({ error: { code: 'outcome_unknown', message: 'We could not confirm your request yet.' } }, { status: 503, headers: { 'Retry-After': '30' } }),
      Response.json({ requestId: '<confirmed@mg.example>' }, { status: 202 }),
    ];
    const fetch = vi.fn<typeof globalThis.fetch>(async () => answers.shift()!);
    const { container, onRequestSent } = renderSubmission({ specRequest: endpointSender({ endpoint: '/api/spec-request', fetch }), ...CONTACT });
    await advance(10);
    expect(fetch).toHaveBeenCalledTimes(1);
    const alert = failureOf(container)!;
    expect(paragraphs(alert)[0]).toBe(SUBMIT_FAILED.unconfirmed);
    expect(SUBMIT_FAILED.unconfirmed).toMatch(/^We could not confirm your request yet\./);
    expect(allByRole(alert, 'button', 'Try again')).toEqual([]);
    expect([...alert.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['tel:02079460456', 'mailto:leasing@portal.example']);
    update(() => byRole(alert, 'button', 'Check again').click());
    await advance(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    const keys = fetch.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as SpecRequest).idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(onRequestSent).toHaveBeenCalledWith({ requestId: '<confirmed@mg.example>' });
    expect(textOf(container)).toContain(SUBMITTED);
  });

  const rejected = () =>
    vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ error: { code: 'provider_rejected', retryable: false, message: 'The relay cannot send requests right now.' } }, { status: 503 }),
    );

  it('a relay that cannot send says so once, with the phone and e-mail as the way on and no button that would fail alike', async () => {
    const fetch = rejected();
    const { container, reportError } = renderSubmission({ specRequest: endpointSender({ endpoint: '/api/spec-request', fetch }), ...CONTACT });
    await advance(3100);
    expect(fetch).toHaveBeenCalledTimes(1);
    const alert = failureOf(container)!;
    expect(paragraphs(alert)).toEqual([SUBMIT_UNAVAILABLE, `${CONTACT_ONLY} 020 7946 0456 or leasing@portal.example`]);
    expect(allByRole(alert, 'button')).toEqual([]);
    expect(reportError).toHaveBeenCalledWith({ code: 'spec_request_failed', message: 'The relay cannot send requests right now.' });
  });

  it('a relay that cannot send, on a page without a phone or e-mail: "Try again" is the way on left', async () => {
    const fetch = rejected();
    const { container } = renderSubmission({ specRequest: endpointSender({ endpoint: '/api/spec-request', fetch }) });
    await advance(10);
    const alert = failureOf(container)!;
    expect(paragraphs(alert)).toEqual([SUBMIT_UNAVAILABLE]);
    update(() => byRole(alert, 'button', 'Try again').click());
    await advance(10);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('only a network failure asks the customer to check their connection', () => {
    const connection = Object.entries(SUBMIT_FAILED).filter(([, text]) => /connection/.test(text)).map(([fault]) => fault);
    expect(connection).toEqual(['network']);
  });

  it('a refusal no step can fix says so, with the phone and e-mail and no "Try again"', async () => {
    const fetch = always(() => Response.json({ error: { code: 'origin_not_allowed', message: 'Requests from this origin are not accepted.' } }, { status: 403 }));
    const { container, store } = renderSubmission({ specRequest: endpointSender({ endpoint: '/api/spec-request', fetch }), ...CONTACT });
    await advance(10);
    expect(fetch).toHaveBeenCalledTimes(1);
    const alert = failureOf(container)!;
    expect(paragraphs(alert)).toEqual([
      `${SUBMIT_REFUSED} Requests from this origin are not accepted.`,
      'You can also give us your specification by phone or e-mail: 020 7946 0456 or leasing@portal.example',
    ]);
    expect(allByRole(alert, 'button', 'Try again')).toEqual([]);
    expect(store.getState().wizard.step).toBe('submission');
  });

  it('without a sender: the configuration error instead of sending', async () => {
    const { container } = renderSubmission({});
    await advance(1000);
    expect(textOf(container.querySelector('[role="alert"]'))).toBe(SPEC_REQUEST_UNAVAILABLE);
  });
});

describe('step 07 after sending: a change is sent as an amendment, never shown "sent" before', () => {
  it('Back, a changed phone, Continue: a second request with a new key amends the first; "sent" only once it is accepted', async () => {
    const { send, requests } = fakeSender({ ok: true, requestId: 'req-1' }, { ok: true, requestId: 'req-2' });
    const { container, store } = renderSubmission({ specRequest: send });
    await advance(1000);
    expect(textOf(container)).toContain(SUBMITTED);
    update(() => backButton(container)!.click());
    expect(store.getState().wizard.step).toBe('details');
    typeInto(byRole(container, 'textbox', 'Phone number'), '07700 900999');
    update(() => nextButton(container)!.click());
    expect(store.getState().wizard.step).toBe('submission');
    expect(textOf(container)).not.toContain(SUBMITTED);
    await advance(10);
    expect(send).toHaveBeenCalledTimes(2);
    expect(requests[1]).toMatchObject({ amends: 'req-1', customer: { tel: '07700 900999' } });
    expect(requests[1]?.idempotencyKey).not.toBe(requests[0]?.idempotencyKey);
    expect(textOf(container)).not.toContain(SUBMITTED);
    await advance(1000);
    expect(paragraphs(container.querySelector('.evc-submission[role="status"]')!)).toEqual([SUBMITTED, AMENDMENT_SENT]);
  });

  it('Back and Continue without a change: "sent" at once, nothing sent again', async () => {
    const { send } = fakeSender();
    const { container } = renderSubmission({ specRequest: send });
    await advance(1000);
    update(() => backButton(container)!.click());
    update(() => nextButton(container)!.click());
    await advance(10);
    expect(send).toHaveBeenCalledTimes(1);
    expect(paragraphs(container.querySelector('.evc-submission[role="status"]')!)).toEqual([SUBMITTED]);
  });

  it('an amendment that fails is never shown as sent: the failure, with "Try again"', async () => {
    const failed = { ok: false, kind: 'transient', fault: 'provider', message: 'provider_failed' } as const;
    const { send } = fakeSender({ ok: true, requestId: 'req-1' }, failed, failed, failed);
    const { container, store } = renderSubmission({ specRequest: send });
    await advance(1000);
    update(() => chooseExtra(store, 'display', true));
    expect(store.getState().wizard.step).toBe('details');
    update(() => nextButton(container)!.click());
    await advance(3100);
    expect(send).toHaveBeenCalledTimes(4);
    expect(textOf(container)).not.toContain(SUBMITTED);
    expect(textOf(failureOf(container))).toContain(SUBMIT_FAILED.provider);
  });

  it('a change survives a reload: the reloaded wizard is not on "sent", and its Continue sends the amendment', async () => {
    const storage = { choices: memoryStorage(), personal: memoryStorage() };
    const first = fakeSender({ ok: true, requestId: 'req-1' });
    const { store } = renderSubmission({ specRequest: first.send }, storage);
    await advance(1000);
    update(() => store.getState().actions.closeWizard());
    update(() => store.getState().actions.chooseFront('racing_green'));
    cleanup();
    const second = fakeSender({ ok: true, requestId: 'req-2' });
    const reloaded = render(<Wizard />, { flow: 'spec-request', options: { specRequest: second.send }, storage });
    update(() => reloaded.store.getState().actions.openWizard());
    expect(reloaded.store.getState().wizard.step).toBe('details');
    expect(textOf(reloaded.container)).not.toContain(SUBMITTED);
    update(() => nextButton(reloaded.container)!.click());
    await advance(1000);
    expect(second.requests[0]).toMatchObject({ amends: 'req-1', configuration: { front: 'racing_green' } });
    expect(textOf(reloaded.container)).toContain(SUBMITTED);
  });
});
