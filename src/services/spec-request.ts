import type { SpecRequest, SpecRequestProblem } from '../domain/spec-request';

/** SPEC-3: no answer within 60 s is a transient failure. */
export const SPEC_REQUEST_TIMEOUT_MS = 60_000;

/** What failed, when the same request may still succeed later; the customer is told which. */
export type SpecSendFault =
  /** No answer from the mail endpoint: offline, blocked or timed out. */
  | 'network'
  /** The relay's mail provider failed (`provider_failed`): nothing was sent. */
  | 'provider'
  /** Too many requests, or another instance of the relay is still sending this one. */
  | 'busy'
  /** The mail endpoint itself failed (another 5xx), or the host page's sender rejected. */
  | 'service'
  /**
   * The relay could not tell whether its provider accepted the request (`outcome_unknown`): it may
   * have been sent; sending it again with the same key lets the relay find out, never send twice.
   */
  | 'unconfirmed';

export type SpecSendFailure =
  | { ok: false; kind: 'transient'; fault: SpecSendFault; message: string; retryAfterMs?: number | undefined }
  /** The request itself was refused (4xx): sending it again cannot help. */
  | { ok: false; kind: 'invalid'; message: string; problems: SpecRequestProblem[] }
  /** The relay cannot send at all for now (`retryable: false`, e.g. `provider_rejected`): nothing was sent, a retry fails alike. */
  | { ok: false; kind: 'unavailable'; message: string };

export type SpecSendResult = { ok: true; requestId: string } | SpecSendFailure;

/** Sends one request once; never rejects. */
export type SpecRequestSender = (request: SpecRequest, signal?: AbortSignal) => Promise<SpecSendResult>;

/**
 * The host page's own sender (the element's `mailSender` property): resolves when the request is
 * accepted, optionally with `{ requestId }`; rejects to fail. A rejection carrying `problems`
 * (`[{ field, message }]`) is a refusal, any other a transient failure.
 */
export type HostMailSender = (request: SpecRequest) => Promise<unknown>;

/** The relay's `problems` (`[{ field, message }]`), kept only when well formed. */
function problemsOf(input: unknown): SpecRequestProblem[] {
  if (!Array.isArray(input)) return [];
  return input.filter(
    (item): item is SpecRequestProblem => typeof (item as SpecRequestProblem | null)?.field === 'string' && typeof (item as SpecRequestProblem).message === 'string',
  );
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export interface EndpointSenderOptions {
  /** `mail-endpoint`. */
  endpoint: string;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  now?: (() => number) | undefined;
}

/** The relay's answers that a later try may change, by what failed (see the relay's error codes). */
function transientFault(status: number, code: unknown): SpecSendFault | undefined {
  // 409 `request_in_progress`: another instance of the relay is sending this very key; asking
  // again later gets its answer (the relay's idempotency store), so it is not a refusal.
  if (status === 429 || (status === 409 && code === 'request_in_progress')) return 'busy';
  if (status === 502 && code === 'provider_failed') return 'provider';
  if (status === 503 && code === 'outcome_unknown') return 'unconfirmed';
  return status === 408 || status >= 500 ? 'service' : undefined;
}

/**
 * POST JSON to `mail-endpoint`; 200/202 `{ requestId }`, 422 with problems, 429/5xx/409 in
 * progress transient, a 5xx marked `retryable: false` unavailable.
 */
export function endpointSender(options: EndpointSenderOptions): SpecRequestSender {
  const now = options.now ?? Date.now;
  return async (request, outer) => {
    const timeoutMs = options.timeoutMs ?? SPEC_REQUEST_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
    let response: Response;
    try {
      const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
      response = await fetchImpl(options.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(request),
        signal,
      });
    } catch (error) {
      const message = timeout.aborted ? `timeout of ${timeoutMs}ms exceeded` : String((error as Error | null)?.message ?? 'Network Error');
      return { ok: false, kind: 'transient', fault: 'network', message };
    }
    const body = (await readJson(response)) as
      | { requestId?: unknown; error?: { code?: unknown; message?: unknown; problems?: unknown; retryable?: unknown } }
      | undefined;
    if (response.ok) {
      const requestId = typeof body?.requestId === 'string' && body.requestId ? body.requestId : request.idempotencyKey;
      return { ok: true, requestId };
    }
    const message = typeof body?.error?.message === 'string' ? body.error.message : `Request failed with status code ${response.status}`;
    if (response.status >= 500 && body?.error?.retryable === false) return { ok: false, kind: 'unavailable', message };
    const fault = transientFault(response.status, body?.error?.code);
    if (fault) {
      return { ok: false, kind: 'transient', fault, message, retryAfterMs: retryAfterMs(response.headers.get('Retry-After'), now()) };
    }
    return { ok: false, kind: 'invalid', message, problems: problemsOf(body?.error?.problems) };
  };
}

/** The host page's `mailSender`, with the same validation and the same answers as the endpoint. */
export function hostSender(send: HostMailSender): SpecRequestSender {
  return async (request) => {
    try {
      const answer = (await send(request)) as { requestId?: unknown } | null | undefined;
      const requestId = typeof answer?.requestId === 'string' && answer.requestId ? answer.requestId : request.idempotencyKey;
      return { ok: true, requestId };
    } catch (error) {
      const problems = problemsOf((error as { problems?: unknown } | null)?.problems);
      const message = String((error as Error | null)?.message ?? error);
      return problems.length > 0 ? { ok: false, kind: 'invalid', message, problems } : { ok: false, kind: 'transient', fault: 'service', message };
    }
  };
}
