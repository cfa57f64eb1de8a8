import * as v from 'valibot';
import type { SpecRequest } from '../domain/spec-request';
import { SpecRequestSchema } from '../domain/spec-request';
import type { SpecRequestSender, SpecSendFailure, SpecSendResult } from './spec-request';

/** Waits before the second and third tries (retried with backoff, not an endless spinner). */
export const SPEC_REQUEST_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000];

/** A Retry-After longer than this is not waited for: the customer gets "Try again" instead. */
const MAX_RETRY_AFTER_MS = 30_000;

/** Checks the request with the relay's own schema first, so a bad one never leaves the page. */
function validate(request: SpecRequest): SpecSendFailure | undefined {
  const result = v.safeParse(SpecRequestSchema, request);
  if (result.success) return undefined;
  const problems = result.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', message: issue.message }));
  return { ok: false, kind: 'invalid', message: 'The request is not complete.', problems };
}

export interface RetryOptions {
  delaysMs?: readonly number[] | undefined;
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  signal?: AbortSignal | undefined;
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * the request is checked with the relay's own schema first, so a bad one never leaves
 * the page; transient failures are tried again after the backoff delays (or the relay's longer
 * Retry-After), with the same request and so the same idempotency key; a refusal, a relay that
 * cannot send and an unconfirmed outcome are final at once.
 */
export async function sendWithRetry(send: SpecRequestSender, request: SpecRequest, options: RetryOptions = {}): Promise<SpecSendResult> {
  const invalid = validate(request);
  if (invalid) return invalid;
  const delays = options.delaysMs ?? SPEC_REQUEST_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? sleepFor;
  let result = await send(request, options.signal);
  for (const delay of delays) {
    // An unconfirmed outcome comes after the relay waited out its provider: the customer is told at once.
    if (result.ok || result.kind !== 'transient' || result.fault === 'unconfirmed' || options.signal?.aborted) return result;
    const wait = Math.max(delay, result.retryAfterMs ?? 0);
    if (wait > MAX_RETRY_AFTER_MS) return result;
    await sleep(wait, options.signal);
    if (options.signal?.aborted) return result;
    result = await send(request, options.signal);
  }
  return result;
}
