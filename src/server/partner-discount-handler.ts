import * as v from 'valibot';
import type { Catalogue, Discount } from '../domain/catalogue/schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { discountForEmail } from '../domain/order-items';
import { EmailSchema } from '../domain/schemas/fields';
import { problemsOf } from '../domain/schemas/problems';
import type { ClientAddressOptions } from './client-address';
import { addressKey, checkClientAddressOptions, clientAddressOf } from './client-address';
import { checkOrigins, corsHeaders, errorResponse, json, readJsonBody } from './http';
import type { RateLimitSetting } from './limits';
import { clientLimiter, globalLimiter, keyedLimiter, sharedStoreOf, tooBusy } from './limits';
import type { MailgunOptions, MailProviderFailure } from './mailgun';
import { checkDuration, checkMailgunOptions, checkSingleLines, createMailgun } from './mailgun';
import type { Handler, OperationsOptions, RequestInfo, RequestNotes } from './operations';
import { observe, safely } from './operations';
import type { PartnerCodeStore } from './partner-code-store';
import { memoryPartnerCodeStore } from './partner-code-store';
import { checkTokenSecret, signPartnerToken } from './partner-token';
import type { ShopAdminFailure, ShopAdminOptions } from './shop-admin';
import { checkShopAdminOptions } from './shop-admin';
import { createShopDiscounts } from './shop-discounts';
import { durabilityGuard } from './store-durability';

export interface PartnerDiscountHandlerOptions extends OperationsOptions, ClientAddressOptions {
  /** Partner domains and amounts come from its discounts; default the embedded UK catalogue. */
  catalogue?: Catalogue;
  /** The account the codes are sent through (the relay's `MailgunOptions`). */
  mailgun: MailgunOptions;
  from: string;
  subject: string;
  /** The Mailgun template of the code's message; its variables are `code`, `partnerName` and `minutesValid`. */
  template: string;
  /** Where a verified address's single-use discount code is made. */
  shop: ShopAdminOptions;
  /** Signs the verification tokens and keys the stored hashes; at least 32 bytes, shared with the handlers that read tokens. */
  tokenSecret: string;
  /** Origins whose pages may call (exact, e.g. `https://portal.example`), or a test of the origin. */
  allowedOrigins: readonly string[] | ((origin: string, request: Request) => boolean);
  /** Where the codes live; default in memory (one instance). */
  codes?: { store?: PartnerCodeStore };
  /** Requests per client address, both paths together; default 20 a minute. `false` turns it off. */
  rateLimit?: RateLimitSetting;
  /**
   * Codes sent per e-mail address asked from one client address, so no one else's starts delay the
   * buyer's own; default 3 in 10 minutes, in `rateLimit`'s store unless it names one.
   */
  addressRateLimit?: RateLimitSetting;
  /** Codes sent per client address, its starts only; default 20 an hour, in `rateLimit`'s store unless it names one. */
  clientCodeRateLimit?: RateLimitSetting;
  /**
   * Codes sent by this handler, all clients together; default 1,200 an hour, in `rateLimit`'s store
   * unless it names one. It bounds guessing: docs/decisions/partner-code-against-guessing.md.
   */
  globalRateLimit?: RateLimitSetting;
  /** How long a made shop code can be used; default 24 hours, at most 48. */
  discountValidityMs?: number;
  /** How long a verification token counts; default 4 hours, and at most `discountValidityMs` less 10 minutes, so it ends before its shop code. */
  tokenTtlMs?: number;
  /** Largest accepted body; default 4 KB. */
  maxBodyBytes?: number;
  /** Told of each provider failure: which provider, and its status, thrown error or errors. Never the code. */
  onProviderError?: (failure: { provider: 'mailgun' | 'shopify' } & MailProviderFailure & ShopAdminFailure) => void;
  /** Milliseconds since the epoch; tests move time on. */
  clock?: () => number;
}

const CALLER = 'createPartnerDiscountHandler';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How long a code counts, and the attempts it allows (the element's contract). */
const CODE_TTL_MS = 10 * MINUTE;
const CODE_ATTEMPTS = 5;
/** Nine digits: guessing one takes years at the limits (docs/decisions/partner-code-against-guessing.md). */
const CODE_DIGITS = 9;
const CODE_SPACE = 10 ** CODE_DIGITS;
/** When the element offers to send a code again; the per-address limit decides whether it goes. */
const RESEND_AFTER_SECONDS = 30;
const DEFAULT_RATE_LIMIT = { limit: 20, windowMs: MINUTE };
const DEFAULT_ADDRESS_RATE_LIMIT = { limit: 3, windowMs: 10 * MINUTE };
const DEFAULT_CLIENT_CODE_RATE_LIMIT = { limit: 20, windowMs: HOUR };
const DEFAULT_GLOBAL_RATE_LIMIT = { limit: 1200, windowMs: HOUR };
const DEFAULT_DISCOUNT_VALIDITY = 24 * HOUR;
const MAX_DISCOUNT_VALIDITY = 48 * HOUR;
const DEFAULT_TOKEN_TTL = 4 * HOUR;

/** The largest multiple of the code space below 2^32: draws at or above it are drawn again, so no code is likelier than another. */
const CODE_DRAW_LIMIT = Math.floor(2 ** 32 / CODE_SPACE) * CODE_SPACE;

/** A nine-digit one-time code from the platform's secure random source, without modulo bias. */
export function oneTimeCode(fill: (array: Uint32Array<ArrayBuffer>) => unknown = (array) => crypto.getRandomValues(array)): string {
  const draw = new Uint32Array(1);
  for (;;) {
    fill(draw);
    if (draw[0]! < CODE_DRAW_LIMIT) return String(draw[0]! % CODE_SPACE).padStart(CODE_DIGITS, '0');
  }
}

/** A start's challenge: 128 random bits, base64url; only the browser that started it learns it. */
function challengeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Crockford's base 32 (no I, L, O or U, which read as other characters); 256 is a multiple of 32, so no bias. */
const SHOP_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A single-use shop code no one can guess: `PARTNER-` and 60 random bits. */
export function shopDiscountCode(): string {
  return `PARTNER-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => SHOP_CODE_ALPHABET[byte % 32]).join('')}`;
}

const StartSchema = v.object({ email: EmailSchema });
const VerifySchema = v.object({
  email: EmailSchema,
  challenge: v.pipe(v.string('must be a string'), v.regex(/^[\w-]{22}$/, 'must be the challenge its start answered')),
  code: v.pipe(v.string('must be a string'), v.regex(/^\d{9}$/, 'must be nine digits')),
});

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

function checkOptions(options: PartnerDiscountHandlerOptions): void {
  checkSingleLines(CALLER, {
    'mailgun.apiKey': options.mailgun.apiKey,
    'mailgun.domain': options.mailgun.domain,
    from: options.from,
    subject: options.subject,
    template: options.template,
  });
  checkMailgunOptions(CALLER, options.mailgun);
  checkShopAdminOptions(CALLER, options.shop);
  checkDuration(CALLER, 'tokenTtlMs', options.tokenTtlMs, 1);
  checkDuration(CALLER, 'discountValidityMs', options.discountValidityMs, MINUTE);
  const validity = options.discountValidityMs ?? DEFAULT_DISCOUNT_VALIDITY;
  if (validity > MAX_DISCOUNT_VALIDITY) throw new TypeError(`${CALLER}: discountValidityMs must be at most 48 hours.`);
  // A repeated verify (up to the code's end) answers a new token: it too must end before the shop code.
  if ((options.tokenTtlMs ?? DEFAULT_TOKEN_TTL) + CODE_TTL_MS > validity) {
    throw new TypeError(`${CALLER}: tokenTtlMs must be at most discountValidityMs less 10 minutes, so no token outlives its shop code.`);
  }
  checkTokenSecret(CALLER, 'tokenSecret', options.tokenSecret);
  checkOrigins(CALLER, options.allowedOrigins);
  checkClientAddressOptions(CALLER, options);
}

/**
 * The partner-discount handler (DISC-2): `POST …/start { email }` sends a
 * nine-digit code to an address of a partner's domain and answers the start's own challenge (10
 * minutes, 5 attempts), and `POST …/verify { email, challenge, code }` answers the right code with a
 * unique single-use shop discount code, made then through the Admin API, and a signed verification
 * token that the direct-debit and quote handlers price the discount from. Each start is a challenge
 * of its own, so another start for the address, or wrong codes for another challenge, neither
 * replace nor lock the buyer's (docs/decisions/partner-code-against-guessing.md). Only keyed hashes
 * of the challenge and of the code with the address are stored. Every address of a partner's domain
 * gets the same answers, so nothing tells whether an address exists beyond the domain check the page
 * makes itself.
 */
export function createPartnerDiscountHandler(options: PartnerDiscountHandlerOptions): Handler {
  checkOptions(options);
  const catalogue = options.catalogue ?? UK_CATALOGUE;
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024;
  const now = options.clock ?? Date.now;
  const discountValidity = options.discountValidityMs ?? DEFAULT_DISCOUNT_VALIDITY;
  const tokenTtl = options.tokenTtlMs ?? DEFAULT_TOKEN_TTL;
  const store = options.codes?.store ?? memoryPartnerCodeStore();
  const shared = sharedStoreOf(options.rateLimit);
  const limitClient = clientLimiter('partner-discount', options.rateLimit, DEFAULT_RATE_LIMIT, options, now);
  const limitAddress = keyedLimiter('partner-discount-address', options.addressRateLimit, { ...DEFAULT_ADDRESS_RATE_LIMIT, store: shared }, now);
  const limitClientCodes = clientLimiter('partner-discount-codes', options.clientCodeRateLimit, { ...DEFAULT_CLIENT_CODE_RATE_LIMIT, store: shared }, options, now);
  const limitAll = globalLimiter('partner-discount', options.globalRateLimit, { ...DEFAULT_GLOBAL_RATE_LIMIT, store: shared }, now);
  const refuseVolatile = durabilityGuard([store, shared, sharedStoreOf(options.addressRateLimit), sharedStoreOf(options.globalRateLimit)]);
  const mail = createMailgun(options.mailgun, (failure) => safely(options.onProviderError, { provider: 'mailgun', ...failure }));
  const shop = createShopDiscounts(options.shop, (failure) => safely(options.onProviderError, { provider: 'shopify', ...failure }));
  const encoder = new TextEncoder();
  let key: Promise<CryptoKey> | undefined;
  // Imported on first use: module scope may not await, and a failed import is retried.
  const hmacKey = () =>
    (key ??= crypto.subtle.importKey('raw', encoder.encode(options.tokenSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']).catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
  /** A keyed hash: a leaked store gives neither addresses nor codes, even to one trying every code. */
  const keyed = async (text: string) => hex(await crypto.subtle.sign('HMAC', await hmacKey(), encoder.encode(text)));

  const allowed = (origin: string, request: Request) =>
    typeof options.allowedOrigins === 'function' ? options.allowedOrigins(origin, request) : options.allowedOrigins.includes(origin);

  /** The request's `{ email, … }` checked by `schema`, the address lower-cased and its partner discount; or the refusal. */
  async function readRequest<S extends typeof StartSchema | typeof VerifySchema>(
    request: Request,
    schema: S,
    cors: Record<string, string>,
    notes: RequestNotes,
  ): Promise<{ ok: true; input: v.InferOutput<S>; address: string; discount: Discount } | { ok: false; response: Response }> {
    const body = await readJsonBody(request, maxBodyBytes);
    if (!body.ok) {
      for (const [name, value] of Object.entries(cors)) body.response.headers.set(name, value);
      return body;
    }
    const parsed = v.safeParse(schema, body.value);
    if (!parsed.success) {
      const problems = problemsOf(parsed.issues);
      notes.reason = 'invalid_request';
      const fields = problems.map((problem) => problem.field || 'the request').join(', ');
      return { ok: false, response: json(422, { error: { code: 'invalid_request', message: `Check ${fields}.`, problems } }, cors) };
    }
    const discount = discountForEmail(catalogue, parsed.output.email);
    if (!discount) {
      notes.reason = 'not_partner_domain';
      return {
        ok: false,
        response: errorResponse(422, 'not_partner_domain', 'The partner discount is for e-mail addresses of our partner companies only.', cors),
      };
    }
    return { ok: true, input: parsed.output, address: parsed.output.email.toLowerCase(), discount };
  }

  async function start(request: Request, info: RequestInfo, cors: Record<string, string>, notes: RequestNotes): Promise<Response> {
    const read = await readRequest(request, StartSchema, cors, notes);
    if (!read.ok) return read.response;
    const { input, address, discount } = read;
    // Per address and client network: starts from elsewhere never make the buyer's own wait.
    const client = clientAddressOf(request, info, options);
    const network = (client === undefined ? undefined : addressKey(client)) ?? 'unknown';
    const addressFromNetwork = `${await keyed(`partner-address:${address}`)}:${network}`;
    // The client's own count of codes sent, apart from its verifies, keeps a flood under the handler-wide cap.
    const limited = (await limitAddress(addressFromNetwork, notes, cors)) ?? (await limitClientCodes(request, info, notes, cors));
    if (limited) return limited;
    const waitMs = await limitAll(notes);
    if (waitMs !== null) return tooBusy(waitMs, cors);
    const challenge = challengeId();
    const code = oneTimeCode();
    await store.issue(
      await keyed(`partner-challenge:${challenge}`),
      { codeHash: await keyed(`partner-code:${challenge}:${address}:${code}`), discountCode: shopDiscountCode(), attempts: CODE_ATTEMPTS, ttlMs: CODE_TTL_MS },
      now(),
    );
    const outcome = await mail.send(
      {
        from: options.from,
        to: input.email,
        subject: options.subject,
        template: options.template,
        't:variables': JSON.stringify({ code, partnerName: discount.name, minutesValid: CODE_TTL_MS / MINUTE }),
      },
      notes,
    );
    if (outcome.kind === 'accepted') {
      return json(202, { status: 'sent', challenge, expiresInSeconds: CODE_TTL_MS / 1000, resendAfterSeconds: RESEND_AFTER_SECONDS }, cors);
    }
    if (outcome.kind === 'failed' && outcome.permanent) {
      notes.permanent = true;
      notes.reason = 'provider_rejected';
      return json(
        503,
        { error: { code: 'provider_rejected', retryable: false, message: 'Codes cannot be sent right now, so nothing was sent; go on without the partner discount or try again later.' } },
        cors,
      );
    }
    notes.reason = outcome.kind === 'unknown' ? 'outcome_unknown' : 'provider_failed';
    return errorResponse(502, 'provider_failed', 'The code could not be sent. Ask for a new code.', cors);
  }

  async function verify(request: Request, cors: Record<string, string>, notes: RequestNotes): Promise<Response> {
    const read = await readRequest(request, VerifySchema, cors, notes);
    if (!read.ok) return read.response;
    const { input, address, discount } = read;
    const challengeKey = await keyed(`partner-challenge:${input.challenge}`);
    const codeHash = await keyed(`partner-code:${input.challenge}:${address}:${input.code}`);
    const attempt = await store.attempt(challengeKey, codeHash, now());
    if (attempt.outcome !== 'right') notes.reason = attempt.outcome === 'wrong' ? 'wrong_code' : `code_${attempt.outcome}`;
    switch (attempt.outcome) {
      case 'expired':
        return errorResponse(410, 'code_expired', 'This code has expired; ask for a new code.', cors);
      case 'locked':
        return errorResponse(423, 'code_locked', 'Too many wrong codes were entered; ask for a new code.', cors);
      case 'wrong': {
        const message = attempt.attemptsLeft > 0 ? `That code is not right; ${attempt.attemptsLeft} attempts left.` : 'That code is not right, and no attempts are left; ask for a new code.';
        return json(422, { error: { code: 'wrong_code', message, attemptsLeft: attempt.attemptsLeft } }, cors);
      }
    }
    const at = now();
    if (!attempt.created) {
      const domain = address.slice(address.lastIndexOf('@') + 1);
      const made = await shop.create({ code: attempt.discountCode, title: `${discount.name} (${domain}), verified e-mail`, amount: discount.value, startsAt: at, endsAt: at + discountValidity });
      if (!made.ok) {
        notes.reason = 'shop_failed';
        if (made.permanent) notes.permanent = true;
        return errorResponse(502, 'shop_failed', 'Your discount code could not be made in the shop just now; your code still counts, so try again.', cors);
      }
      await store.markCreated(challengeKey, codeHash, now());
    }
    const exp = Math.floor((at + tokenTtl) / 1000);
    const token = await signPartnerToken({ email: address, partnerId: discount.id, amountPence: discount.value, discountCode: attempt.discountCode, exp }, options.tokenSecret);
    return json(
      200,
      { discountCode: attempt.discountCode, token, partnerId: discount.id, amountPence: discount.value, expiresAt: new Date(exp * 1000).toISOString() },
      cors,
    );
  }

  return observe('partner-discount', options, async (request, notes, info) => {
    const origin = request.headers.get('origin');
    if (origin === null || !allowed(origin, request)) {
      return errorResponse(403, 'origin_not_allowed', 'Requests from this origin are not accepted.');
    }
    const cors = corsHeaders(origin);
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    const action = path.slice(path.lastIndexOf('/') + 1);
    if (action !== 'start' && action !== 'verify') {
      return errorResponse(404, 'not_found', 'Use …/start to be sent a code and …/verify to enter it.', cors);
    }
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: { ...cors, 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600' },
      });
    }
    if (request.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST.', { ...cors, allow: 'POST, OPTIONS' });
    const volatile = await refuseVolatile(notes, cors);
    if (volatile) return volatile;
    const limited = await limitClient(request, info, notes, cors);
    if (limited) return limited;
    return action === 'start' ? start(request, info, cors, notes) : verify(request, cors, notes);
  });
}
