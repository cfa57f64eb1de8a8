import * as v from 'valibot';
import type { VerifiedPartner } from '../domain/partner';

/**
 * The partner discount's one-time code (`partner-endpoint`): `POST ${endpoint}/start { email }` has
 * the handler e-mail a nine-digit code to a partner's address and answers the start's challenge,
 * `POST ${endpoint}/verify { email, challenge, code }` answers the right code with a single-use shop
 * code and a signed token. Every answer becomes an outcome the buyer is told in a sentence, with what
 * they can do next; these calls never reject.
 */

const PARTNER_DISCOUNT_TIMEOUT_MS = 15_000;

/** What the buyer can do after a failure: the same again, ask for a new code, or go on without the discount. */
export type PartnerNext = 'retry' | 'new-code' | 'none';

export interface PartnerFailure {
  /** The handler's error code, or NETWORK_ERROR, TIMEOUT, INVALID_ANSWER, HTTP_<status>. */
  code: string;
  message: string;
  next: PartnerNext;
  /** How long to wait before asking again (the handler's Retry-After). */
  retryAfterSeconds?: number;
}

export interface CodeSent {
  /** Names this start's code to `/verify`; only this page knows it. */
  challenge: string;
  expiresInSeconds: number;
  /** Before this, the handler would not send another code. */
  resendAfterSeconds: number;
}

export type StartOutcome = ({ ok: true } & CodeSent) | ({ ok: false } & PartnerFailure);
export type VerifyOutcome = { ok: true; verified: VerifiedPartner } | ({ ok: false; attemptsLeft?: number } & PartnerFailure);

/** The challenge of the code last sent, kept with the address it went to until the code lapses. */
export interface PartnerChallenges {
  remember(email: string, challenge: string, expiresAt: number): void;
  /** The challenge of the live code last sent to `email`, or undefined. */
  of(email: string, now: number): string | undefined;
  forget(): void;
}

const UNREACHABLE = 'We could not reach the discount service. Please try again.';
const NOT_PARTNER = 'This e-mail address does not qualify for the partner discount. You can continue without it.';
const UNAVAILABLE = 'Codes cannot be sent at the moment. You can continue without the partner discount, or try again later.';
const SEND_FAILED = 'The code could not be sent. Please try again.';
const NEW_CODE = 'Ask for a new code.';
const EXPIRED = `This code has expired. ${NEW_CODE}`;
export const ENTER_CODE = 'Enter the nine digits from the e-mail.';

const whole = v.pipe(v.number(), v.integer(), v.minValue(0));
const text = v.pipe(v.string(), v.nonEmpty());
const SentSchema = v.object({ status: v.literal('sent'), challenge: text, expiresInSeconds: whole, resendAfterSeconds: whole });
const VerifiedSchema = v.object({
  discountCode: text,
  token: text,
  partnerId: text,
  amountPence: whole,
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
});

interface ErrorBody {
  error?: { code?: unknown; retryable?: unknown; attemptsLeft?: unknown };
}

export interface PartnerDiscountOptions {
  /** `partner-endpoint`: the handler's base URL, without a trailing slash. */
  endpoint: string;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

const inMinutes = (waitSeconds: number) => (waitSeconds <= 60 ? 'in a minute' : `in ${Math.ceil(waitSeconds / 60)} minutes`);

type Answer = { status: number; json: unknown; retryAfterSeconds: number | undefined } | { failure: PartnerFailure };

/** Sends `body` to `${endpoint}/${path}`: the answer's status, JSON (if any) and Retry-After, or the failure that stopped it. */
async function post(path: 'start' | 'verify', body: object, options: PartnerDiscountOptions): Promise<Answer> {
  const timeoutMs = options.timeoutMs ?? PARTNER_DISCOUNT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  try {
    const response = await fetchImpl(`${options.endpoint}/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    const json: unknown = await response.json().catch(() => undefined);
    const retryAfter = Number(response.headers.get('retry-after'));
    return { status: response.status, json, retryAfterSeconds: Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined };
  } catch {
    return { failure: { code: timeout.aborted ? 'TIMEOUT' : 'NETWORK_ERROR', message: UNREACHABLE, next: 'retry' } };
  }
}

const errorCode = (json: unknown) => (json as ErrorBody | undefined)?.error?.code;

/** The failures both calls share: rate limits, a busy service, a page the handler does not serve. */
function sharedFailure(status: number, json: unknown, retryAfterSeconds: number | undefined): PartnerFailure {
  const code = errorCode(json);
  const wait = retryAfterSeconds ?? 60;
  if (status === 429) return { code: 'rate_limited', message: `Too many tries for now. Please try again ${inMinutes(wait)}.`, next: 'retry', retryAfterSeconds: wait };
  if (status === 503 && code === 'too_busy') {
    return { code: 'too_busy', message: `The discount service is busy. Please try again ${inMinutes(wait)}.`, next: 'retry', retryAfterSeconds: wait };
  }
  if (status === 422 && code === 'not_partner_domain') return { code, message: NOT_PARTNER, next: 'none' };
  // A page the handler does not accept (origin_not_allowed) or a request it cannot read: trying again changes nothing.
  if (status >= 400 && status < 500) return { code: typeof code === 'string' ? code : `HTTP_${status}`, message: UNAVAILABLE, next: 'none' };
  return { code: typeof code === 'string' ? code : `HTTP_${status}`, message: UNREACHABLE, next: 'retry' };
}

/** Asks the handler to e-mail a code to `email`. */
export async function requestPartnerCode(email: string, options: PartnerDiscountOptions): Promise<StartOutcome> {
  const answer = await post('start', { email }, options);
  if ('failure' in answer) return { ok: false, ...answer.failure };
  const { status, json } = answer;
  if (status === 202) {
    const sent = v.safeParse(SentSchema, json);
    if (!sent.success) return { ok: false, code: 'INVALID_ANSWER', message: SEND_FAILED, next: 'retry' };
    const { challenge, expiresInSeconds, resendAfterSeconds } = sent.output;
    return { ok: true, challenge, expiresInSeconds, resendAfterSeconds };
  }
  const code = errorCode(json);
  if (status === 502 && code === 'provider_failed') return { ok: false, code, message: SEND_FAILED, next: 'retry' };
  if (status === 422 && code === 'invalid_request') return { ok: false, code, message: 'Please check your e-mail address above.', next: 'none' };
  if (status >= 500 && (json as ErrorBody | undefined)?.error?.retryable === false) {
    return { ok: false, code: typeof code === 'string' ? code : `HTTP_${status}`, message: UNAVAILABLE, next: 'none' };
  }
  return { ok: false, ...sharedFailure(status, json, answer.retryAfterSeconds) };
}

/**
 * Checks `code` for `email` under the challenge its start answered (none: the code has lapsed); the
 * right one gives the verification the order is priced and carted with.
 */
export async function verifyPartnerCode(email: string, challenge: string | undefined, code: string, options: PartnerDiscountOptions): Promise<VerifyOutcome> {
  if (challenge === undefined) return { ok: false, code: 'code_expired', message: EXPIRED, next: 'new-code' };
  const answer = await post('verify', { email, challenge, code }, options);
  if ('failure' in answer) return { ok: false, ...answer.failure };
  const { status, json } = answer;
  if (status === 200) {
    const verified = v.safeParse(VerifiedSchema, json);
    if (!verified.success) return { ok: false, code: 'INVALID_ANSWER', message: UNREACHABLE, next: 'retry' };
    const { discountCode, token, partnerId, amountPence, expiresAt } = verified.output;
    return { ok: true, verified: { email, discountId: partnerId, discountCode, token, amount: amountPence, expiresAt } };
  }
  const error = errorCode(json);
  if (status === 422 && error === 'wrong_code') {
    const left = (json as ErrorBody).error?.attemptsLeft;
    const attemptsLeft = typeof left === 'number' && Number.isInteger(left) && left >= 0 ? left : 0;
    return attemptsLeft > 0
      ? { ok: false, code: error, message: `That code is not right. ${attemptsLeft === 1 ? '1 attempt' : `${attemptsLeft} attempts`} left.`, next: 'retry', attemptsLeft }
      : { ok: false, code: error, message: `That code is not right, and no attempts are left. ${NEW_CODE}`, next: 'new-code', attemptsLeft };
  }
  if (status === 423 && error === 'code_locked') {
    return { ok: false, code: error, message: `Too many wrong codes were entered, so this code no longer works. ${NEW_CODE}`, next: 'new-code' };
  }
  if (status === 410 && error === 'code_expired') return { ok: false, code: error, message: EXPIRED, next: 'new-code' };
  if (status === 422 && error === 'invalid_request') return { ok: false, code: error, message: ENTER_CODE, next: 'retry' };
  if (status === 502 && error === 'shop_failed') {
    return { ok: false, code: error, message: 'Your discount could not be set up in the shop just now. Your code still works: please try again.', next: 'retry' };
  }
  return { ok: false, ...sharedFailure(status, json, answer.retryAfterSeconds) };
}
