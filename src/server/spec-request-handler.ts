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
import { clientLimiter, globalLimiter, tooBusy } from './limits';
import type { Handler, OperationsOptions } from './operations';
import { observe } from './operations';

export interface MailgunOptions {
  /** The Mailgun API key; it stays on the server (DESIGN: the mail key never reaches the browser). */
  apiKey: string;
  /** The sending domain, as in `/v3/{domain}/messages`. */
  domain: string;
  /** Default: the EU endpoint (spec §7.4). Use `https://api.mailgun.net` for a US-region domain. */
  baseUrl?: string;
  /** The fetch used to call Mailgun; tests and the demo hand in a stand-in. */
  fetch?: typeof fetch;
  /** Give up on Mailgun after this long and answer 502; default 10 seconds. */
  timeoutMs?: number;
}

export interface SpecRequestHandlerOptions extends OperationsOptions, ClientAddressOptions {
  mailgun: MailgunOptions;
  /** Sender, recipient, subject and template come from here only, never from the request. */
  from: string;
  to: string;
  subject: string;
  /** The name of the Mailgun template that renders the §7.4 variables. */
  template: string;
  /** Origins whose pages may post (exact, e.g. `https://portal.example`), or a test of the origin. */
  allowedOrigins: readonly string[] | ((origin: string, request: Request) => boolean);
  catalogue?: Catalogue;
  /** Largest accepted body; a request is well under 2 KB. Default 16 KB. */
  maxBodyBytes?: number;
  /** Per client address; default 10 requests a minute. `false` turns it off (a gateway limits instead). */
  rateLimit?: RateLimitSetting;
  /** Messages sent by this relay, all clients together; default 600 an hour. */
  globalRateLimit?: RateLimitSetting;
  /** Default: in memory, keys kept 24 hours. */
  idempotency?: { store?: IdempotencyStore; ttlMs?: number };
  /** Told of each provider failure (status, or the thrown error), for the operator's logs. */
  onProviderError?: (failure: { status?: number; error?: unknown }) => void;
  /** Milliseconds since the epoch; tests move time on. */
  clock?: () => number;
}

const MINUTE = 60_000;
const DEFAULT_RATE_LIMIT = { limit: 10, windowMs: MINUTE };
const DEFAULT_GLOBAL_RATE_LIMIT = { limit: 600, windowMs: 60 * MINUTE };
const DEFAULT_IDEMPOTENCY_TTL = 24 * 60 * MINUTE;
/** How long a key stays claimed if a send never finishes (a crashed instance); beyond any timeout. */
const PENDING_TTL = 2 * MINUTE;
/** A repeat arriving while another instance sends polls this often, this many times, then answers 409. */
const PENDING_POLL_MS = 250;
const PENDING_POLLS = 60;

/** No control characters (CR and LF above all) in anything that becomes a mail header. */
const hasControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

function checkOptions(options: SpecRequestHandlerOptions): void {
  const single = {
    'mailgun.apiKey': options.mailgun.apiKey,
    'mailgun.domain': options.mailgun.domain,
    from: options.from,
    to: options.to,
    subject: options.subject,
    template: options.template,
  };
  for (const [name, value] of Object.entries(single)) {
    if (typeof value !== 'string' || value.trim() === '' || hasControl(value)) {
      throw new TypeError(`createSpecRequestHandler: ${name} must be a non-empty single line.`);
    }
  }
  checkOrigins('createSpecRequestHandler', options.allowedOrigins);
  checkClientAddressOptions('createSpecRequestHandler', options);
}

/** Spec §7.4 form fields in the provider's names; `t:variables` is the JSON string of the variables. */
export function specRequestMailFields(
  catalogue: Catalogue,
  request: SpecRequest,
  configuration: Configuration,
  fixed: Pick<SpecRequestHandlerOptions, 'from' | 'to' | 'subject' | 'template'>,
): Record<'from' | 'to' | 'subject' | 'template' | 't:variables' | 'h:Reply-To', string> {
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
  };
}

/** An attempt's answer; `waitMs` when the relay-wide cap refused it, for Retry-After. */
type Attempt = StoredAnswer & { waitMs?: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The spec-request relay (issue 5, spec §7.4): POST a specification request as JSON; it is
 * validated with the element's own schema, its product lines recomputed from the configuration
 * ids, and one templated message sent through Mailgun's messages API. Answers 202 `{ requestId }`
 * or an `{ error: { code, message } }` with a status that says whether a retry can help.
 */
export function createSpecRequestHandler(options: SpecRequestHandlerOptions): Handler {
  checkOptions(options);
  const catalogue = options.catalogue ?? UK_CATALOGUE;
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024;
  const now = options.clock ?? Date.now;
  const limitClient = clientLimiter('spec-request', options.rateLimit, DEFAULT_RATE_LIMIT, options, now);
  const limitAll = globalLimiter('spec-request', options.globalRateLimit, DEFAULT_GLOBAL_RATE_LIMIT, now);
  const keys = options.idempotency?.store ?? memoryIdempotencyStore();
  const keyTtl = options.idempotency?.ttlMs ?? DEFAULT_IDEMPOTENCY_TTL;
  const { apiKey, domain, baseUrl = 'https://api.eu.mailgun.net', timeoutMs = 10_000 } = options.mailgun;
  const providerFetch = options.mailgun.fetch ?? ((input, init) => fetch(input, init));
  const messagesUrl = `${baseUrl.replace(/\/+$/, '')}/v3/${encodeURIComponent(domain)}/messages`;
  const authorization = `Basic ${btoa(`api:${apiKey}`)}`;
  /** Sends in progress in this instance, so a concurrent repeat waits for the first (no double send). */
  const inFlight = new Map<string, Promise<Attempt>>();

  const allowed = (origin: string, request: Request) =>
    typeof options.allowedOrigins === 'function'
      ? options.allowedOrigins(origin, request)
      : options.allowedOrigins.includes(origin);

  async function send(request: SpecRequest, configuration: Configuration): Promise<StoredAnswer> {
    const form = new FormData();
    for (const [name, value] of Object.entries(specRequestMailFields(catalogue, request, configuration, options))) {
      form.append(name, value);
    }
    let response: Response;
    try {
      response = await providerFetch(messagesUrl, {
        method: 'POST',
        headers: { authorization },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      options.onProviderError?.({ error });
      return providerFailed();
    }
    if (!response.ok) {
      options.onProviderError?.({ status: response.status });
      await response.body?.cancel();
      return providerFailed();
    }
    const answer = (await response.json().catch(() => null)) as { id?: unknown } | null;
    const requestId = typeof answer?.id === 'string' && answer.id !== '' ? answer.id : crypto.randomUUID();
    return { status: 202, body: { requestId } };
  }

  /** The first answer for this key: replayed if stored, awaited if being sent, else sent now. */
  async function once(
    key: string,
    print: string,
    work: () => Promise<Attempt>,
  ): Promise<{ answer: Attempt; replayed: boolean }> {
    for (let polls = 0; ; ) {
      const running = inFlight.get(key);
      if (running) {
        const answer = await running;
        if (answer.status < 300) return { answer, replayed: true };
        continue;
      }
      const token = crypto.randomUUID();
      const claim = await keys.claim(key, { fingerprint: print, token, leaseMs: PENDING_TTL, ttlMs: keyTtl }, now());
      if (claim.outcome === 'done') return { answer: claim.answer, replayed: true };
      if (claim.outcome === 'mismatch') return { answer: keyReused(), replayed: false };
      if (claim.outcome === 'pending') {
        if (++polls > PENDING_POLLS) return { answer: inProgress(), replayed: false };
        await sleep(PENDING_POLL_MS);
        continue;
      }
      const sending = (async () => {
        try {
          const answer = await work();
          if (answer.status < 300) await keys.complete(key, token, answer, keyTtl, now());
          else await keys.release(key, token, now());
          return answer;
        } catch (error) {
          await keys.release(key, token, now());
          throw error;
        } finally {
          inFlight.delete(key);
        }
      })();
      inFlight.set(key, sending);
      return { answer: await sending, replayed: false };
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
    const { answer, replayed } = await once(`spec-request:${parsed.request.idempotencyKey}`, await fingerprint(parsed.request), async () => {
      const waitMs = await limitAll(notes);
      return waitMs === null ? send(parsed.request, parsed.configuration) : { status: 503, body: await tooBusy(waitMs, {}).json(), waitMs };
    });
    const extra: Record<string, string> = replayed ? { 'idempotent-replayed': 'true' } : {};
    if (answer.status === 409) extra['retry-after'] = '1';
    if (answer.waitMs !== undefined) extra['retry-after'] = String(Math.max(1, Math.ceil(answer.waitMs / 1000)));
    return json(answer.status, answer.body, { ...cors, ...extra });
  });
}

function providerFailed(): StoredAnswer {
  return {
    status: 502,
    body: { error: { code: 'provider_failed', message: 'The mail provider did not accept the request; nothing was sent. Try again.' } },
  };
}

function keyReused(): StoredAnswer {
  return {
    status: 422,
    body: { error: { code: 'idempotency_key_reused', message: 'This idempotency key came before with another request; send a changed request with a new key.' } },
  };
}

function inProgress(): StoredAnswer {
  return {
    status: 409,
    body: { error: { code: 'request_in_progress', message: 'This request is still being sent; try again shortly.' } },
  };
}
