import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpecRequest } from '../../../domain/spec-request';
import type { SpecRequestSender, SpecSendResult } from '../../../services/spec-request';
import { endpointSender } from '../../../services/spec-request';
import type { StorageTargets } from '../../../stores/persistence';
import { memoryStorage } from '../../../stores/persistence';
import type { UiOptions } from '../../options-context';
import { SPEC_REQUEST_UNAVAILABLE } from '../../spec-request-messages';
import { byRole, cleanup, render, textOf, update } from '../../testing';
import { Wizard } from '../../Wizard';
import { SUBMITTED, SUBMITTING, SUBMIT_FAILED } from './SubmissionStep';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const DETAILS = { email: 'ada@example.com', 'first-name': 'Ada', 'last-name': 'Lovelace', tel: '07700 900123' };

/** The wizard in spec-request mode, filled in and on step 07 (as after Continue from step 06). */
function renderSubmission(options: Partial<UiOptions>, storage?: StorageTargets) {
  const reportError = vi.fn<NonNullable<UiOptions['reportError']>>();
  const onRequestSent = vi.fn<NonNullable<UiOptions['onRequestSent']>>();
  const rendered = render(<Wizard />, { flow: 'spec-request', options: { reportError, onRequestSent, ...options }, storage });
  update(() => {
    const { actions } = rendered.store.getState();
    actions.updateForm(DETAILS);
    actions.openWizard();
    rendered.store.setState((state) => ({ wizard: { ...state.wizard, step: 'submission' } }));
  });
  return { ...rendered, reportError, onRequestSent };
}

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

function fakeSender(...answers: SpecSendResult[]) {
  const requests: SpecRequest[] = [];
  const send = vi.fn<SpecRequestSender>(async (request) => {
    requests.push(request);
    return answers.shift() ?? { ok: true, requestId: 'req-1' };
  });
  return { send, requests };
}

describe('step 07 submission (spec §2, §4; issue 5)', () => {
  it('sends on entering, shows the spinner text, then the confirmation after about 1 second; Continue hidden', async () => {
    const { send, requests } = fakeSender();
    const { container, store, onRequestSent } = renderSubmission({ specRequest: send });
    expect(textOf(container.querySelector('[part~="spinner"]'))).toBe(SUBMITTING);
    expect(container.querySelector('[part~="next-button"]')).toBeNull();
    await advance(10);
    expect(send).toHaveBeenCalledTimes(1);
    expect(requests[0]).toMatchObject({ version: 1, orderEmail: 'ada@example.com', customer: { 'first-name': 'Ada', tel: '07700 900123' } });
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
      ...Array.from({ length: 3 }, () => ({ ok: false, kind: 'transient', message: 'Network Error' }) as const),
    );
    const { container, reportError } = renderSubmission({ specRequest: send });
    await advance(3100);
    expect(send).toHaveBeenCalledTimes(3);
    expect(textOf(container.querySelector('[role="alert"]'))).toContain(SUBMIT_FAILED);
    expect(reportError).toHaveBeenCalledWith({ code: 'spec_request_failed', message: 'Network Error' });
    update(() => byRole(container, 'button', 'Try again').click());
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
    const first = fakeSender({ ok: false, kind: 'transient', message: 'Network Error' });
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
    expect(again.store.getState().specRequest).toEqual({ idempotencyKey: null, sentRequestId: null, problems: [] });
  });

  it('without a sender: the configuration error instead of sending', async () => {
    const { container } = renderSubmission({});
    await advance(1000);
    expect(textOf(container.querySelector('[role="alert"]'))).toBe(SPEC_REQUEST_UNAVAILABLE);
  });
});
