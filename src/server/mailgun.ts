/**
 * Mailgun for the handlers that send mail (the spec-request relay, the partner-discount codes): the
 * account's options and their checks, one call with a deadline, and what its answer (or its
 * absence) means. The key stays here, on the server (ARCH-5).
 */
import { providerUrlAllowed } from './http';
import type { RequestNotes } from './operations';
import { safely } from './operations';

export interface MailgunOptions {
  /** The Mailgun API key; it stays on the server (ARCH-5). */
  apiKey: string;
  /** The sending domain, as in `/v3/{domain}/messages`. */
  domain: string;
  /** Default: the EU endpoint (SPEC-5). Use `https://api.mailgun.net` for a US-region domain. */
  baseUrl?: string;
  /** The fetch used to call Mailgun; tests and the demo hand in a stand-in. */
  fetch?: typeof fetch;
  /**
   * Give up on one call to Mailgun after this long; default 10 seconds. A message given up on may
   * still have been accepted: the relay answers 503 `outcome_unknown` and asks Mailgun's events later.
   */
  timeoutMs?: number;
  /**
   * How long after an attempt with an unknown outcome its message may still be missing from
   * Mailgun's events: they reach the events store out of order, and Mailgun's event-polling guide
   * trusts a page only once it is older than a threshold, e.g. half an hour
   * (docs/decisions/spec-request-settled-by-mailgun-events.md). Past it, a message not listed was
   * not sent and a retry sends it. Default 30 minutes. Only the relay asks the events.
   */
  confirmAfterMs?: number;
}

/** What the operator's `onProviderError` hook is told of a failed call: the status, or the thrown error. */
export interface MailProviderFailure {
  status?: number;
  error?: unknown;
}

/** How one message fared. */
export type MailOutcome =
  /** Mailgun accepted it; `id` is the message id it answered (undefined when its body was unreadable). */
  | { kind: 'accepted'; id: unknown }
  /** Nothing was sent; `permanent` when Mailgun refused the sender itself (its key, its domain), so a retry fails alike. */
  | { kind: 'failed'; permanent: boolean }
  /** No answer came (a timeout, a connection lost once made): Mailgun may have accepted it. */
  | { kind: 'unknown' };

export interface Mailgun {
  /** POSTs one message of these form fields to the messages API, noting the provider's status. */
  send(fields: Record<string, string>, notes: RequestNotes): Promise<MailOutcome>;
  /**
   * The first event of the events API's answer to `query` that `wanted` accepts, following each
   * page's `paging.next` until an empty page: null when none is listed; undefined when a page could
   * not be read, a next page lies outside this domain's events API, or more than `MAX_EVENT_PAGES`
   * pages would be needed.
   */
  findEvent<Event>(query: URLSearchParams, wanted: (event: Event) => boolean): Promise<Event | null | undefined>;
  timeoutMs: number;
  confirmAfterMs: number;
}

const DEFAULT_BASE_URL = 'https://api.eu.mailgun.net';
const DEFAULT_TIMEOUT = 10_000;
const DEFAULT_CONFIRM_AFTER = 30 * 60_000;
/** Most pages of events one search reads (up to 300 events each), so a search ends in bounded time. */
export const MAX_EVENT_PAGES = 10;
/** Mailgun's answers that say our request or account is wrong: a retry fails alike until someone fixes it. */
const PERMANENT_STATUSES = new Set([400, 401, 403, 404]);
/** Causes of a fetch failure that mean no connection was made, so Mailgun cannot have received anything. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ERR_INVALID_URL']);

/** No control characters (CR and LF above all) in anything that becomes a mail header. */
const hasControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** Refuses any value that is not a non-empty single line (a sender, a subject, a key). */
export function checkSingleLines(caller: string, values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string' || value.trim() === '' || hasControl(value)) {
      throw new TypeError(`${caller}: ${name} must be a non-empty single line.`);
    }
  }
}

/** A duration option: unset, or a finite number of milliseconds from `least` up. */
export function checkDuration(caller: string, name: string, value: number | undefined, least: number): void {
  if (value !== undefined && !(Number.isFinite(value) && value >= least)) {
    throw new TypeError(`${caller}: ${name} must be a finite number of milliseconds, at least ${least}.`);
  }
}

/** The account's options beyond its key and domain (which the caller checks with its other single lines). */
export function checkMailgunOptions(caller: string, options: MailgunOptions): void {
  const { baseUrl } = options;
  if (baseUrl !== undefined && !providerUrlAllowed(baseUrl)) {
    throw new TypeError(`${caller}: mailgun.baseUrl must be an https URL (http only to a loopback host): the API key travels with every request.`);
  }
  checkDuration(caller, 'mailgun.timeoutMs', options.timeoutMs, 1);
  checkDuration(caller, 'mailgun.confirmAfterMs', options.confirmAfterMs, 0);
}

/**
 * A deadline for one provider call: the signal for fetch, and `within`, which ends any wait on the
 * call at the deadline even where a fetch ignores its signal, so no call outlives a caller's lease.
 */
export function deadline(ms: number) {
  const signal = AbortSignal.timeout(ms);
  const expired = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  // Whoever waits is told through `within`; the deadline passing unwatched is no error.
  expired.catch(() => {});
  return { signal, within: <T>(work: Promise<T>) => Promise.race([work, expired]) };
}

/** The `code`s a thrown error carries, through its causes and an AggregateError's errors. */
function errorCodes(error: unknown, depth = 0): string[] {
  if (typeof error !== 'object' || error === null || depth > 4) return [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  return [
    ...(typeof code === 'string' ? [code] : []),
    ...errorCodes(cause, depth + 1),
    ...(Array.isArray(errors) ? errors.flatMap((inner) => errorCodes(inner, depth + 1)) : []),
  ];
}

/** Whether a fetch failed before any connection was made: nothing can have reached Mailgun. */
const neverConnected = (error: unknown) => {
  const codes = errorCodes(error);
  return codes.length > 0 && codes.every((code) => NOT_CONNECTED.has(code));
};

/** A URL from a provider's answer, or null when it is none. */
function urlOf(text: unknown): URL | null {
  try {
    return typeof text === 'string' ? new URL(text) : null;
  } catch {
    return null;
  }
}

/** One Mailgun account's calls; failures are reported to `onProviderError` and never thrown. */
export function createMailgun(options: MailgunOptions, onProviderError?: (failure: MailProviderFailure) => void): Mailgun {
  const { apiKey, domain, baseUrl = DEFAULT_BASE_URL, timeoutMs = DEFAULT_TIMEOUT, confirmAfterMs = DEFAULT_CONFIRM_AFTER } = options;
  const providerFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const domainUrl = `${baseUrl.replace(/\/+$/, '')}/v3/${encodeURIComponent(domain)}`;
  const eventsUrl = new URL(`${domainUrl}/events`);
  const authorization = `Basic ${btoa(`api:${apiKey}`)}`;

  async function send(fields: Record<string, string>, notes: RequestNotes): Promise<MailOutcome> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const time = deadline(timeoutMs);
    let response: Response;
    try {
      response = await time.within(providerFetch(`${domainUrl}/messages`, { method: 'POST', headers: { authorization }, body: form, signal: time.signal }));
    } catch (error) {
      safely(onProviderError, { error });
      notes.provider = time.signal.aborted ? 'timeout' : 'network';
      return !time.signal.aborted && neverConnected(error) ? { kind: 'failed', permanent: false } : { kind: 'unknown' };
    }
    notes.provider = response.status;
    if (!response.ok) {
      safely(onProviderError, { status: response.status });
      await response.body?.cancel().catch(() => {});
      return { kind: 'failed', permanent: PERMANENT_STATUSES.has(response.status) };
    }
    // Accepted whatever the body says: an unreadable id only means the caller names the message itself.
    const answer = (await time.within(response.json()).catch(() => null)) as { id?: unknown } | null;
    return { kind: 'accepted', id: answer?.id };
  }

  /** GETs one URL of the events API: its JSON, or undefined when it could not be read. */
  async function read(url: string): Promise<unknown> {
    const time = deadline(timeoutMs);
    try {
      const response = await time.within(providerFetch(url, { headers: { authorization }, signal: time.signal }));
      if (!response.ok) {
        safely(onProviderError, { status: response.status });
        await response.body?.cancel().catch(() => {});
        return undefined;
      }
      return await time.within(response.json());
    } catch (error) {
      safely(onProviderError, { error });
      return undefined;
    }
  }

  /** Whether a paging URL Mailgun gave is this domain's events API: the key goes with every request. */
  const isEventsPage = (url: URL) =>
    url.origin === eventsUrl.origin &&
    url.username === '' &&
    url.password === '' &&
    (url.pathname === eventsUrl.pathname || url.pathname.startsWith(`${eventsUrl.pathname}/`));

  async function findEvent<Event>(query: URLSearchParams, wanted: (event: Event) => boolean): Promise<Event | null | undefined> {
    let url = `${eventsUrl.href}?${query}`;
    for (let pages = 0; pages < MAX_EVENT_PAGES; pages += 1) {
      const page = (await read(url)) as { items?: unknown; paging?: { next?: unknown } } | null | undefined;
      const items = page?.items;
      if (!Array.isArray(items)) return undefined;
      if (items.length === 0) return null;
      const index = (items as Event[]).findIndex((item) => wanted(item));
      if (index >= 0) return (items as Event[])[index];
      const next = urlOf(page?.paging?.next);
      if (next === null || !isEventsPage(next)) {
        safely(onProviderError, { error: new Error(`Mailgun's next page of events is not under ${eventsUrl.href}: not followed.`) });
        return undefined;
      }
      url = next.href;
    }
    safely(onProviderError, { error: new Error(`More than ${MAX_EVENT_PAGES} pages of events to search: the outcome stays unknown.`) });
    return undefined;
  }

  return { send, findEvent, timeoutMs, confirmAfterMs };
}
