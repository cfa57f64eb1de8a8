import type { Catalogue } from '../domain/catalogue/schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { mailVariables, mailVariablesJson } from '../domain/mail';
import type { SpecRequest } from '../domain/spec-request';
import { parseSpecRequest } from '../domain/spec-request';
import type { Configuration } from '../domain/configuration';
import { checkOrigins, corsHeaders, errorResponse, fingerprint, json, readJsonBody } from './http';
import type { IdempotencyStore, StoredAnswer } from './idempotency';
import { memoryIdempotencyStore } from './idempotency';
import type { ClientAddressOptions } from './client-address';
import { checkClientAddressOptions } from './client-address';
import type { RateLimitSetting } from './limits';
import { TOO_BUSY, clientLimiter, globalLimiter, sharedStoreOf } from './limits';
import type { MailgunOptions, MailProviderFailure } from './mailgun';
import { MAX_EVENT_PAGES, checkMailgunOptions, checkSingleLines, createMailgun } from './mailgun';
import type { Handler, OperationsOptions, RequestNotes } from './operations';
import { observe } from './operations';
import { durabilityGuard } from './store-durability';

export interface SpecRequestHandlerOptions extends OperationsOptions, ClientAddressOptions {
  mailgun: MailgunOptions;
  /** Sender, recipient, subject and template come from here only, never from the request. */
  from: string;
  to: string;
  subject: string;
  /** The name of the Mailgun template that renders the MAIL-1..4 variables. */
  template: string;
  /** Origins whose pages may post (exact, e.g. `https://portal.example`), or a test of the origin. */
  allowedOrigins: readonly string[] | ((origin: string, request: Request) => boolean);
  catalogue?: Catalogue;
  /** Largest accepted body; a request is well under 2 KB. Default 16 KB. */
  maxBodyBytes?: number;
  /** Per client address; default 10 requests a minute. `false` turns it off (a gateway limits instead). */
  rateLimit?: RateLimitSetting;
  /** Messages sent by this relay, all clients together; default 600 an hour, in `rateLimit`'s store unless it names one. */
  globalRateLimit?: RateLimitSetting;
  /** Default: in memory, keys kept 24 hours. */
  idempotency?: { store?: IdempotencyStore; ttlMs?: number };
  /** Told of each provider failure (status, or the thrown error), for the operator's logs. */
  onProviderError?: (failure: MailProviderFailure) => void;
  /** Milliseconds since the epoch; tests move time on. */
  clock?: () => number;
}

const MINUTE = 60_000;
const DEFAULT_RATE_LIMIT = { limit: 10, windowMs: MINUTE };
const DEFAULT_GLOBAL_RATE_LIMIT = { limit: 600, windowMs: 60 * MINUTE };
const DEFAULT_IDEMPOTENCY_TTL = 24 * 60 * MINUTE;
/** Added to a holder's provider calls in its lease, for the store's round trips around them. */
const LEASE_MARGIN = 30_000;
/** When to ask again about an unknown outcome: Mailgun lists most accepted messages by then. */
const OUTCOME_UNKNOWN_RETRY_MS = 30_000;
/** The Mailgun custom variable (`v:…`) that carries the key: each of the message's events lists it. */
const KEY_VARIABLE = 'idempotency-key';
/** The largest page of events Mailgun gives. */
const EVENTS_PAGE_SIZE = 300;
/** A `to` that is one bare address, which the events API's `recipient` filter can name. */
const PLAIN_ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;
/** A repeat arriving while another instance sends polls this often, this many times, then answers 409. */
const PENDING_POLL_MS = 250;
const PENDING_POLLS = 60;

function checkOptions(options: SpecRequestHandlerOptions): void {
  checkSingleLines('createSpecRequestHandler', {
    'mailgun.apiKey': options.mailgun.apiKey,
    'mailgun.domain': options.mailgun.domain,
    from: options.from,
    to: options.to,
    subject: options.subject,
    template: options.template,
  });
  checkMailgunOptions('createSpecRequestHandler', options.mailgun);
  checkOrigins('createSpecRequestHandler', options.allowedOrigins);
  checkClientAddressOptions('createSpecRequestHandler', options);
}

/**
 * SPEC-5: the form fields in the provider's names; `t:variables` is the JSON string of the variables,
 * and `v:idempotency-key` the request's key, which Mailgun lists with the message's events.
 */
export function specRequestMailFields(
  catalogue: Catalogue,
  request: SpecRequest,
  configuration: Configuration,
  fixed: Pick<SpecRequestHandlerOptions, 'from' | 'to' | 'subject' | 'template'>,
): Record<'from' | 'to' | 'subject' | 'template' | 't:variables' | 'h:Reply-To' | `v:${typeof KEY_VARIABLE}`, string> {
  const { customer } = request;
  const variables = mailVariables(catalogue, configuration, {
    firstName: customer['first-name'],
    lastName: customer['last-name'],
    email: customer.email,
    phone: customer.tel,
    orderEmail: request.orderEmail,
    installCheck: request.installCheck ?? {},
    amends: request.amends,
  });
  return {
    from: fixed.from,
    to: fixed.to,
    subject: fixed.subject,
    template: fixed.template,
    't:variables': mailVariablesJson(variables),
    'h:Reply-To': customer.email.trim(),
    [`v:${KEY_VARIABLE}`]: request.idempotencyKey,
  };
}

/** An answer to give; `retryAfterMs` becomes its Retry-After. */
type Answer = StoredAnswer & { retryAfterMs?: number };

/** How an attempt ended: what becomes of the key, and what the caller is answered. */
type Outcome =
  /** Mailgun accepted the message (now, or as its events confirm): the answer is stored for repeats. */
  | { key: 'complete'; answer: StoredAnswer }
  /** Nothing was sent: the key is freed and a retry may send. */
  | { key: 'release'; answer: Answer }
  /** Mailgun may have accepted it, in the attempt that began at `since`: the key is never freed. */
  | { key: 'uncertain'; since: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Mailgun's message id as the request id (`<…>`, as the messages API gives it), or an own one. */
function requestIdOf(messageId: unknown): string {
  if (typeof messageId !== 'string' || messageId.trim() === '') return crypto.randomUUID();
  return messageId.startsWith('<') ? messageId : `<${messageId}>`;
}

const accepted = (messageId: unknown): StoredAnswer => ({ status: 202, body: { requestId: requestIdOf(messageId) } });

/**
 * The spec-request relay (SPEC-5): POST a specification request as JSON; it is validated with
 * the element's own schema, its product lines recomputed from the configuration ids, and one
 * templated message sent through Mailgun's messages API. Answers 202 `{ requestId }` or an
 * `{ error: { code, message } }` with a status that says whether a retry can help.
 *
 * Exactly once: the request's key is claimed before sending. When Mailgun's answer does not come
 * (a timeout, a connection lost after sending) the key is kept uncertain, and the next request with
 * it asks Mailgun's events API for an accepted message carrying the key (`v:idempotency-key`);
 * the messages API cannot be searched by a variable. Found, that message is the answer; not found
 * once events have had `confirmAfterMs` to show it, it was not sent and is sent now.
 */
export function createSpecRequestHandler(options: SpecRequestHandlerOptions): Handler {
  checkOptions(options);
  const catalogue = options.catalogue ?? UK_CATALOGUE;
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024;
  const now = options.clock ?? Date.now;
  const limitClient = clientLimiter('spec-request', options.rateLimit, DEFAULT_RATE_LIMIT, options, now);
  const limitAll = globalLimiter('spec-request', options.globalRateLimit, { ...DEFAULT_GLOBAL_RATE_LIMIT, store: sharedStoreOf(options.rateLimit) }, now);
  const keys = options.idempotency?.store ?? memoryIdempotencyStore();
  const keyTtl = options.idempotency?.ttlMs ?? DEFAULT_IDEMPOTENCY_TTL;
  const refuseVolatile = durabilityGuard([keys, sharedStoreOf(options.rateLimit), sharedStoreOf(options.globalRateLimit)]);
  const mail = createMailgun(options.mailgun, options.onProviderError);
  // A settling holder may read as many pages of events as a search reads, then send, each call ended at the timeout.
  const leaseMs = (MAX_EVENT_PAGES + 1) * mail.timeoutMs + LEASE_MARGIN;
  const recipient = PLAIN_ADDRESS.test(options.to.trim()) ? options.to.trim() : undefined;
  /** Attempts in progress in this instance, so a concurrent repeat waits for the first (no double send). */
  /** The requests this instance is sending, by key, with the fingerprint of the body each came with. */
  const inFlight = new Map<string, { print: string; answer: Promise<Answer> }>();

  const allowed = (origin: string, request: Request) =>
    typeof options.allowedOrigins === 'function'
      ? options.allowedOrigins(origin, request)
      : options.allowedOrigins.includes(origin);

  /** One message to Mailgun, after the relay-wide cap, and what its answer (or its absence) means. */
  async function send(request: SpecRequest, configuration: Configuration, notes: RequestNotes): Promise<Outcome> {
    const waitMs = await limitAll(notes);
    if (waitMs !== null) return { key: 'release', answer: { status: 503, body: TOO_BUSY, retryAfterMs: waitMs } };
    const began = now();
    const outcome = await mail.send(specRequestMailFields(catalogue, request, configuration, options), notes);
    if (outcome.kind === 'accepted') return { key: 'complete', answer: accepted(outcome.id) };
    if (outcome.kind === 'unknown') {
      notes.reason = 'outcome_unknown';
      return { key: 'uncertain', since: began };
    }
    if (!outcome.permanent) return { key: 'release', answer: providerFailed() };
    notes.permanent = true;
    notes.reason = 'provider_rejected';
    return { key: 'release', answer: providerRejected() };
  }

  /**
   * The message Mailgun accepted with this key: its id, null when none is listed, undefined when
   * the events could not be searched. The search starts at the key's first attempt, less a minute
   * for the instances' and Mailgun's clocks to differ; only the relay's own recipient is listed when
   * `to` is one address.
   */
  async function acceptedMessage(idempotencyKey: string, firstSince: number): Promise<string | null | undefined> {
    const query = new URLSearchParams({
      event: 'accepted',
      begin: String(Math.floor((firstSince - MINUTE) / 1000)),
      end: String(Math.ceil(now() / 1000)),
      ascending: 'yes',
      limit: String(EVENTS_PAGE_SIZE),
      ...(recipient !== undefined && { recipient }),
    });
    const found = await mail.findEvent<MailgunEvent>(
      query,
      (item) => item?.event === 'accepted' && item['user-variables']?.[KEY_VARIABLE] === idempotencyKey,
    );
    return found ? requestIdOf(found.message?.headers?.['message-id']) : found;
  }

  /**
   * An earlier attempt may have sent (claim answered `uncertain`): confirmed by the events, it is
   * the answer; listed nowhere once the events had time to show it, it was not sent, so send now;
   * otherwise it stays uncertain and nothing is sent.
   */
  async function settle(
    request: SpecRequest,
    configuration: Configuration,
    { since, firstSince }: { since: number; firstSince: number },
    notes: RequestNotes,
  ): Promise<Outcome> {
    const messageId = await acceptedMessage(request.idempotencyKey, firstSince);
    if (typeof messageId === 'string') {
      notes.idempotency = 'confirmed';
      return { key: 'complete', answer: accepted(messageId) };
    }
    if (messageId === null && now() - since >= mail.confirmAfterMs) return send(request, configuration, notes);
    notes.idempotency = 'unconfirmed';
    notes.reason = messageId === null ? 'not_listed_yet' : 'events_unavailable';
    return { key: 'uncertain', since };
  }

  /**
   * Records an outcome on the key the caller holds. A store that fails changes no answer: a sent
   * message is answered sent (its key lapses to uncertain, which the events settle), a release or an
   * uncertain mark not written leaves the key to lapse to uncertain too.
   */
  async function record(key: string, token: string, outcome: Outcome, notes: RequestNotes): Promise<Answer> {
    const at = now();
    if (outcome.key === 'complete') {
      if (!(await keys.complete(key, token, outcome.answer, keyTtl, at).catch(() => false))) notes.reason = 'answer_not_stored';
      return outcome.answer;
    }
    if (outcome.key === 'release') {
      notes.idempotency = 'released';
      if (!(await keys.release(key, token, at).catch(() => false))) notes.reason ??= 'release_not_stored';
      return outcome.answer;
    }
    if (!(await keys.markUncertain(key, token, outcome.since, keyTtl, at).catch(() => false))) notes.reason = 'uncertain_not_stored';
    return outcomeUnknown();
  }

  /** The answer for this key: replayed if stored, awaited if this instance is at it, else worked out now. */
  async function once(
    key: string,
    print: string,
    request: SpecRequest,
    configuration: Configuration,
    notes: RequestNotes,
  ): Promise<{ answer: Answer; replayed: boolean }> {
    for (let polls = 0; ; ) {
      const running = inFlight.get(key);
      if (running && running.print !== print) {
        // The same key with another body, while the first is being sent: refused as the store refuses it.
        notes.idempotency = 'mismatch';
        return { answer: keyReused(), replayed: false };
      }
      if (running) {
        notes.idempotency = 'replayed';
        const answer = await running.answer;
        return { answer, replayed: answer.status < 300 };
      }
      const token = crypto.randomUUID();
      const claim = await keys.claim(key, { fingerprint: print, token, leaseMs, ttlMs: keyTtl }, now());
      if (claim.outcome === 'done') {
        notes.idempotency = 'replayed';
        return { answer: claim.answer, replayed: true };
      }
      if (claim.outcome === 'mismatch') {
        notes.idempotency = 'mismatch';
        return { answer: keyReused(), replayed: false };
      }
      if (claim.outcome === 'pending') {
        if (++polls > PENDING_POLLS) {
          notes.idempotency = 'in_progress';
          return { answer: inProgress(), replayed: false };
        }
        await sleep(PENDING_POLL_MS);
        continue;
      }
      notes.idempotency = 'fresh';
      const working = (async () => {
        try {
          const outcome =
            claim.outcome === 'uncertain' ? await settle(request, configuration, claim, notes) : await send(request, configuration, notes);
          return await record(key, token, outcome, notes);
        } catch (error) {
          // Only what comes before the message leaves can throw: the provider's failures are outcomes.
          await keys.release(key, token, now()).catch(() => false);
          throw error;
        } finally {
          inFlight.delete(key);
        }
      })();
      inFlight.set(key, { print, answer: working });
      return { answer: await working, replayed: false };
    }
  }

  return observe('spec-request', options, async (request, notes, info) => {
    const origin = request.headers.get('origin');
    if (origin === null || !allowed(origin, request)) {
      return errorResponse(403, 'origin_not_allowed', 'Requests from this origin are not accepted.');
    }
    const cors = corsHeaders(origin, ['retry-after', 'idempotent-replayed']);
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
          'access-control-max-age': '600',
        },
      });
    }
    if (request.method !== 'POST') {
      return errorResponse(405, 'method_not_allowed', 'Use POST.', { ...cors, allow: 'POST, OPTIONS' });
    }
    const volatile = await refuseVolatile(notes, cors);
    if (volatile) return volatile;
    const limited = await limitClient(request, info, notes, cors);
    if (limited) return limited;
    const body = await readJsonBody(request, maxBodyBytes);
    if (!body.ok) {
      for (const [name, value] of Object.entries(cors)) body.response.headers.set(name, value);
      return body.response;
    }
    const parsed = parseSpecRequest(catalogue, body.value);
    if (!parsed.ok) {
      const fields = parsed.problems.map((problem) => problem.field || 'the request').join(', ');
      return json(
        422,
        { error: { code: 'invalid_request', message: `Check ${fields}.`, problems: parsed.problems } },
        cors,
      );
    }
    const { request: specRequest, configuration } = parsed;
    const key = `spec-request:${specRequest.idempotencyKey}`;
    const { answer, replayed } = await once(key, await fingerprint(specRequest), specRequest, configuration, notes);
    const extra: Record<string, string> = replayed ? { 'idempotent-replayed': 'true' } : {};
    if (answer.retryAfterMs !== undefined) extra['retry-after'] = String(Math.max(1, Math.ceil(answer.retryAfterMs / 1000)));
    return json(answer.status, answer.body, { ...cors, ...extra });
  });
}

/** An event as the events API lists it: only the fields the relay reads, any of them missing. */
type MailgunEvent = null | undefined | {
  event?: unknown;
  'user-variables'?: Record<string, unknown>;
  message?: { headers?: { 'message-id'?: unknown } };
};

function providerFailed(): StoredAnswer {
  return {
    status: 502,
    body: { error: { code: 'provider_failed', message: 'The mail provider did not accept the request; nothing was sent. Try again.' } },
  };
}

function providerRejected(): StoredAnswer {
  return {
    status: 503,
    body: {
      error: {
        code: 'provider_rejected',
        retryable: false,
        message: 'The relay cannot send requests right now: the mail provider refused its request, so nothing was sent, and trying again will not help until the relay is fixed.',
      },
    },
  };
}

function outcomeUnknown(): Answer {
  return {
    status: 503,
    body: {
      error: {
        code: 'outcome_unknown',
        message: 'We could not confirm your request yet. The mail provider did not answer in time; send the same request again shortly, it will not be sent twice.',
      },
    },
    retryAfterMs: OUTCOME_UNKNOWN_RETRY_MS,
  };
}

function keyReused(): StoredAnswer {
  return {
    status: 422,
    body: { error: { code: 'idempotency_key_reused', message: 'This idempotency key came before with another request; send a changed request with a new key.' } },
  };
}

function inProgress(): Answer {
  return {
    status: 409,
    retryAfterMs: 1000,
    body: { error: { code: 'request_in_progress', message: 'This request is still being sent; try again shortly.' } },
  };
}
