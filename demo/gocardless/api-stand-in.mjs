// Stand-in for GoCardless's API: what a direct-debit handler calls to start a mandate
// (create a Billing Request with a mandate request, then a Billing Request Flow for it), to cancel
// a Billing Request it will not hand out (`POST /billing_requests/{id}/actions/cancel`, `{ data: {} }`)
// and the reads of both, with GoCardless's envelopes, headers, error bodies and idempotency rule. Two
// demo-only actions play the payer in the drop-in: `POST /_flows/{id}/complete` fulfils the
// request (a customer and a mandate appear) and `POST /_flows/{id}/cancel` cancels it; each then
// sends the webhook GoCardless would, signed with the endpoint's secret.
import { createFailureSwitch } from '../storefront/control.mjs';

/** The only version GoCardless's API has; every request must name it. */
export const GOCARDLESS_VERSION = '2015-07-06';

/** Most requests and webhooks kept; the oldest go first, so a long demo session cannot grow without end. */
const MAX_RECORDS = 200;

/** A Billing Request Flow stays usable this long at GoCardless. */
const FLOW_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Direct Debit schemes and their currencies; for a currency alone GoCardless picks the first scheme. */
const SCHEME_CURRENCY = {
  bacs: 'GBP',
  sepa_core: 'EUR',
  ach: 'USD',
  autogiro: 'SEK',
  betalingsservice: 'DKK',
  becs: 'AUD',
  becs_nz: 'NZD',
  pad: 'CAD',
  pay_to: 'AUD',
};
const VERIFY = ['minimum', 'recommended', 'when_available', 'always'];

/** Fields a flow may prefill (GoCardless's `prefilled_customer`); others are not part of the resource. */
const PREFILLED_CUSTOMER_FIELDS = [
  'given_name', 'family_name', 'company_name', 'email', 'address_line1', 'address_line2', 'address_line3',
  'city', 'region', 'postal_code', 'country_code', 'danish_identity_number', 'swedish_identity_number',
];
const FLOW_FLAGS = {
  auto_fulfil: true,
  lock_bank_account: false,
  lock_currency: false,
  lock_customer_details: false,
  show_redirect_buttons: false,
  show_success_redirect_button: false,
  skip_success_screen: false,
};

/** The demo creditor every billing request belongs to. */
const CREDITOR = { id: 'CR000DEMO0001', name: 'Demo Chargers Ltd' };

const ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** An id in GoCardless's style: the resource's prefix and upper-case letters and digits. */
function newId(prefix) {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return prefix + Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

const json = (status, body, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/**
 * GoCardless's error envelope. `type` is `invalid_api_usage`, `invalid_state`, `validation_failed`
 * or `gocardless`; each item of `errors` has a `reason`, or a `field` for validation failures.
 */
function gcError(status, type, errors, message = type === 'validation_failed' ? 'Validation failed' : errors[0].message) {
  const requestId = crypto.randomUUID();
  return json(
    status,
    {
      error: {
        message,
        documentation_url: `https://developer.gocardless.com/api-reference#${errors[0].reason ?? type}`,
        type,
        request_id: requestId,
        code: status,
        errors,
      },
    },
    { 'X-Request-Id': requestId },
  );
}

const usage = (status, reason, message) => gcError(status, 'invalid_api_usage', [{ reason, message }]);

const invalid = (envelope, pointer, message) =>
  gcError(422, 'validation_failed', [{ field: pointer.split('/').pop(), message, request_pointer: `/${envelope}/${pointer}` }]);

/** Metadata as GoCardless takes it: up to 3 keys of at most 50 characters, string values of at most 500. */
function metadataProblem(metadata) {
  if (metadata === undefined) return null;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return 'must be an object';
  const entries = Object.entries(metadata);
  if (entries.length > 3) return 'may have at most 3 keys';
  for (const [key, value] of entries) {
    if (key.length > 50) return 'keys must be at most 50 characters';
    if (typeof value !== 'string' || value.length > 500) return 'values must be strings of at most 500 characters';
  }
  return null;
}

/** The mandate request as GoCardless stores it, or the validation error GoCardless would answer. */
function mandateRequestOf(input) {
  const pointer = (field) => `mandate_request/${field}`;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { error: invalid('billing_requests', 'mandate_request', "can't be blank") };
  }
  const { currency, scheme, verify = 'recommended', metadata, description = null } = input;
  if (scheme !== undefined && !Object.hasOwn(SCHEME_CURRENCY, scheme)) {
    return { error: invalid('billing_requests', pointer('scheme'), `must be one of ${Object.keys(SCHEME_CURRENCY).join(', ')}`) };
  }
  if (currency === undefined && scheme === undefined) {
    return { error: invalid('billing_requests', pointer('currency'), "can't be blank") };
  }
  if (currency !== undefined && !Object.values(SCHEME_CURRENCY).includes(currency)) {
    return { error: invalid('billing_requests', pointer('currency'), 'is not a supported currency') };
  }
  if (currency !== undefined && scheme !== undefined && SCHEME_CURRENCY[scheme] !== currency) {
    return { error: invalid('billing_requests', pointer('currency'), `must be ${SCHEME_CURRENCY[scheme]} for the ${scheme} scheme`) };
  }
  if (!VERIFY.includes(verify)) {
    return { error: invalid('billing_requests', pointer('verify'), `must be one of ${VERIFY.join(', ')}`) };
  }
  const wrongMetadata = metadataProblem(metadata);
  if (wrongMetadata) return { error: invalid('billing_requests', pointer('metadata'), wrongMetadata) };
  const chosenScheme = scheme ?? Object.keys(SCHEME_CURRENCY).find((name) => SCHEME_CURRENCY[name] === currency);
  return {
    value: { currency: SCHEME_CURRENCY[chosenScheme], scheme: chosenScheme, verify, description, metadata: metadata ?? {}, links: {} },
  };
}

/** The payer's steps of a mandate-only request; all complete once the payer finishes the flow. */
const actionsFor = (status) =>
  [
    ['collect_customer_details', []],
    ['collect_bank_account', ['collect_customer_details']],
    ['confirm_payer_details', ['collect_customer_details', 'collect_bank_account']],
  ].map(([type, requires]) => ({ type, required: true, requires_actions: requires, completes_actions: [], status }));

/**
 * @param {{ accessToken: string, webhookSecret: string, onWebhook?: (request: Request) => Promise<Response> | Response, webhookUrl?: string }} options
 *   `onWebhook` receives each webhook as the merchant's endpoint would (at `webhookUrl`).
 */
export function createGoCardlessStandIn({ accessToken, webhookSecret, onWebhook, webhookUrl = 'http://webhook.invalid/gocardless' }) {
  /** Every API call as received, the token's value left out. */
  const requests = [];
  /** Every webhook sent: its events, signature and the endpoint's answer status (or the error). */
  const webhooks = [];
  const failures = createFailureSwitch();
  /** The same for `POST /billing_request_flows`: a flow failing after its billing request was created. */
  const flowFailures = createFailureSwitch();
  const billingRequests = new Map();
  const flows = new Map();
  /** `{resource}:{Idempotency-Key}` → the id created with it. */
  const idempotencyKeys = new Map();
  const keyPromise = crypto.subtle.importKey('raw', new TextEncoder().encode(webhookSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

  const keep = (list, item) => {
    list.push(item);
    if (list.length > MAX_RECORDS) list.shift();
  };

  function record(request, text) {
    const headers = {};
    // The scheme stays, so a test can see which one was sent.
    for (const [name, value] of request.headers) headers[name] = name === 'authorization' ? `${/^\S+\s/.exec(value)?.[0] ?? ''}[redacted]` : value;
    let body = null;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const { pathname, search } = new URL(request.url);
    keep(requests, { method: request.method, path: pathname + search, headers, body });
  }

  /** What GoCardless checks on every call: the access token, then the version header. */
  function checkHeaders(request) {
    const authorization = request.headers.get('authorization');
    if (!authorization) return usage(401, 'missing_authorization_header', 'Authorization header required');
    if (authorization !== `Bearer ${accessToken}`) return usage(401, 'access_token_not_found', 'Access token not found');
    const version = request.headers.get('gocardless-version');
    if (!version) return usage(400, 'missing_version_header', 'GoCardless-Version header required');
    if (version !== GOCARDLESS_VERSION) return usage(400, 'version_not_found', `Version ${version} not found`);
    return null;
  }

  /** The body's `{ [envelope]: {...} }` content, or the error answer. */
  function unwrap(request, text, envelope) {
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/(?:vnd\.api\+)?json\b/i.test(type)) {
      return { error: usage(415, 'invalid_content_type', "'Content-Type' header must be application/json") };
    }
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return { error: usage(400, 'invalid_json', 'Invalid JSON') };
    }
    const content = body?.[envelope];
    if (typeof content !== 'object' || content === null || Array.isArray(content)) {
      return { error: usage(400, 'invalid_document_structure', 'Invalid document structure') };
    }
    return { content };
  }

  /** GoCardless keeps one resource per idempotency key: a repeat is a 409 naming the first one. */
  function conflict(resource, request) {
    const key = request.headers.get('idempotency-key');
    const existing = key ? idempotencyKeys.get(`${resource}:${key}`) : undefined;
    if (!existing) return null;
    const message = 'A resource has already been created with this idempotency key';
    return gcError(409, 'invalid_state', [{ reason: 'idempotent_creation_conflict', message, links: { conflicting_resource_id: existing } }]);
  }

  function remember(resource, request, id) {
    const key = request.headers.get('idempotency-key');
    if (key) idempotencyKeys.set(`${resource}:${key}`, id);
  }

  /** The error a switched-on failure switch answers with, or null. */
  function switchedFailure(failureSwitch) {
    const failStatus = failureSwitch.take();
    if (failStatus === null) return null;
    const message = 'Stand-in failure (the failure switch is on)';
    if (failStatus === 429) return usage(429, 'rate_limit_exceeded', message);
    return gcError(failStatus, failStatus >= 500 ? 'gocardless' : 'invalid_api_usage', [{ reason: 'internal_server_error', message }]);
  }

  function createBillingRequest(request, text) {
    const failed = switchedFailure(failures);
    if (failed) return failed;
    const { content, error } = unwrap(request, text, 'billing_requests');
    if (error) return error;
    const repeated = conflict('billing_requests', request);
    if (repeated) return repeated;
    const mandateRequest = mandateRequestOf(content.mandate_request);
    if (mandateRequest.error) return mandateRequest.error;
    const wrongMetadata = metadataProblem(content.metadata);
    if (wrongMetadata) return invalid('billing_requests', 'metadata', wrongMetadata);
    const billingRequest = {
      id: newId('BRQ'),
      created_at: new Date().toISOString(),
      status: 'pending',
      mandate_request: mandateRequest.value,
      payment_request: null,
      metadata: content.metadata ?? {},
      links: { creditor: CREDITOR.id, mandate_request: newId('MRQ') },
      actions: actionsFor('pending'),
      resources: {},
      creditor_name: CREDITOR.name,
      fallback_enabled: false,
      fallback_occurred: false,
    };
    billingRequests.set(billingRequest.id, billingRequest);
    remember('billing_requests', request, billingRequest.id);
    return json(201, { billing_requests: billingRequest }, { Location: `/billing_requests/${billingRequest.id}` });
  }

  function createFlow(request, text) {
    const failed = switchedFailure(flowFailures);
    if (failed) return failed;
    const { content, error } = unwrap(request, text, 'billing_request_flows');
    if (error) return error;
    const repeated = conflict('billing_request_flows', request);
    if (repeated) return repeated;
    const billingRequestId = content.links?.billing_request;
    if (typeof billingRequestId !== 'string' || billingRequestId === '') {
      return invalid('billing_request_flows', 'links/billing_request', "can't be blank");
    }
    if (!billingRequests.has(billingRequestId)) return usage(404, 'resource_not_found', `Billing request ${billingRequestId} not found`);
    const prefilled = content.prefilled_customer;
    if (prefilled !== undefined && (typeof prefilled !== 'object' || prefilled === null || Array.isArray(prefilled))) {
      return invalid('billing_request_flows', 'prefilled_customer', 'must be an object');
    }
    const id = newId('BRF');
    const now = Date.now();
    const flow = {
      id,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + FLOW_LIFETIME_MS).toISOString(),
      authorisation_url: `https://pay-sandbox.gocardless.com/billing/static/flow?id=${id}`,
      redirect_uri: content.redirect_uri ?? null,
      exit_uri: content.exit_uri ?? null,
      language: content.language ?? null,
      session_token: content.session_token ?? null,
      ...Object.fromEntries(Object.entries(FLOW_FLAGS).map(([name, fallback]) => [name, content[name] ?? fallback])),
      prefilled_customer: prefilled
        ? Object.fromEntries(PREFILLED_CUSTOMER_FIELDS.filter((name) => prefilled[name] != null).map((name) => [name, prefilled[name]]))
        : null,
      prefilled_bank_account: null,
      customer_details_captured: false,
      links: { billing_request: billingRequestId },
    };
    flows.set(id, flow);
    remember('billing_request_flows', request, id);
    return json(201, { billing_request_flows: flow }, { Location: `/billing_request_flows/${id}` });
  }

  async function sign(body) {
    const signature = await crypto.subtle.sign('HMAC', await keyPromise, new TextEncoder().encode(body));
    return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, '0')).join('');
  }

  /** Sends one event as GoCardless does: `{ events: [...], meta }`, signed over the raw body. */
  async function sendWebhook(event) {
    const body = JSON.stringify({ events: [event], meta: { webhook_id: newId('WB') } });
    const signature = await sign(body);
    const delivery = { events: [event], signature };
    keep(webhooks, delivery);
    if (!onWebhook) return;
    try {
      const response = await onWebhook(
        new Request(webhookUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Webhook-Signature': signature, 'User-Agent': 'gocardless-webhook-service/1.1' },
          body,
        }),
      );
      delivery.status = response.status;
      await response.body?.cancel();
    } catch (error) {
      delivery.error = String(error);
    }
  }

  const event = (billingRequest, action, links, description) => ({
    id: newId('EV'),
    created_at: new Date().toISOString(),
    resource_type: 'billing_requests',
    action,
    links: { billing_request: billingRequest.id, ...links },
    details: { origin: 'api', cause: `billing_request_${action}`, description },
    metadata: {},
    resource_metadata: billingRequest.metadata,
  });

  /** The payer finished the flow: a customer, bank account and mandate now exist. */
  function fulfil(billingRequest, flow) {
    const customer = newId('CU');
    const links = {
      customer,
      customer_billing_detail: newId('CBD'),
      customer_bank_account: newId('BA'),
      mandate_request: billingRequest.links.mandate_request,
      mandate_request_mandate: newId('MD'),
    };
    const prefilled = flow.prefilled_customer ?? {};
    Object.assign(billingRequest, {
      status: 'fulfilled',
      links: { ...billingRequest.links, ...links },
      actions: actionsFor('completed'),
      resources: {
        customer: {
          id: customer,
          created_at: new Date().toISOString(),
          email: prefilled.email ?? null,
          given_name: prefilled.given_name ?? null,
          family_name: prefilled.family_name ?? null,
          company_name: prefilled.company_name ?? null,
          language: 'en',
          metadata: {},
        },
      },
    });
    billingRequest.mandate_request.links = { mandate: links.mandate_request_mandate };
    flow.customer_details_captured = true;
    const { creditor: _creditor, ...eventLinks } = billingRequest.links;
    return event(billingRequest, 'fulfilled', eventLinks, 'This billing request has been fulfilled, and the resources have been created.');
  }

  function cancel(billingRequest) {
    billingRequest.status = 'cancelled';
    return event(billingRequest, 'cancelled', {}, 'This billing request has been cancelled, none of the resources have been created.');
  }

  /**
   * `POST /billing_requests/{id}/actions/cancel` with `{ data: { metadata? } }` (or no body): the
   * request is cancelled at once and its flows expire; GoCardless then sends the `cancelled` event.
   * Only a request still open can be cancelled: a fulfilled or already cancelled one is a 422
   * `invalid_state` (GoCardless: "the action you are trying to perform is invalid due to the state
   * of the resource").
   */
  async function cancelBillingRequest(request, text, id) {
    let content = {};
    if (text !== '') {
      const unwrapped = unwrap(request, text, 'data');
      if (unwrapped.error) return unwrapped.error;
      content = unwrapped.content;
    }
    const billingRequest = billingRequests.get(id);
    if (!billingRequest) return usage(404, 'resource_not_found', 'Resource not found');
    const wrongMetadata = metadataProblem(content.metadata);
    if (wrongMetadata) return invalid('data', 'metadata', wrongMetadata);
    if (billingRequest.status !== 'pending') {
      const message = `Billing request is ${billingRequest.status} and cannot be cancelled`;
      return gcError(422, 'invalid_state', [{ reason: 'cancellation_failed', message }]);
    }
    const cancelled = cancel(billingRequest);
    billingRequest.actions = [];
    const now = new Date().toISOString();
    for (const flow of flows.values()) if (flow.links.billing_request === id) flow.expires_at = now;
    await sendWebhook(cancelled);
    return json(200, { billing_requests: billingRequest });
  }

  /** The drop-in's demo actions; answered to any origin, as the drop-in runs on the merchant's page. */
  async function flowAction(flowId, action) {
    const cors = { 'Access-Control-Allow-Origin': '*' };
    const flow = flows.get(flowId);
    const billingRequest = flow && billingRequests.get(flow.links.billing_request);
    if (!billingRequest) return json(404, { error: { message: `Billing request flow ${flowId} not found` } }, cors);
    const wanted = action === 'complete' ? 'fulfilled' : 'cancelled';
    if (billingRequest.status !== 'pending' && billingRequest.status !== wanted) {
      return json(409, { error: { message: `The billing request is already ${billingRequest.status}` } }, cors);
    }
    // A second click finds the request already settled: same answer, no second webhook.
    if (billingRequest.status === 'pending') {
      await sendWebhook(action === 'complete' ? fulfil(billingRequest, flow) : cancel(billingRequest));
    }
    return json(200, { billing_request: billingRequest, billing_request_flow: flow }, cors);
  }

  function read(map, envelope, id) {
    const resource = map.get(id);
    return resource ? json(200, { [envelope]: resource }) : usage(404, 'resource_not_found', 'Resource not found');
  }

  /** An id from the path, decoded; a malformed escape (`%E0`) is kept as it is, so it names nothing and answers 404. */
  const pathId = (raw) => {
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  };

  async function handle(request) {
    const { pathname } = new URL(request.url);
    const action = /^\/_flows\/([^/]+)\/(complete|cancel)$/.exec(pathname);
    if (action) {
      if (request.method !== 'POST') return json(405, { error: { message: 'Use POST' } }, { Allow: 'POST' });
      return flowAction(pathId(action[1]), action[2]);
    }
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    record(request, text);
    const refused = checkHeaders(request);
    if (refused) return refused;
    const [, collection, id, more] = /^\/(billing_requests|billing_request_flows)(?:\/([^/]+))?(\/.*)?$/.exec(pathname) ?? [];
    if (collection === 'billing_requests' && id !== undefined && more === '/actions/cancel' && request.method === 'POST') {
      return cancelBillingRequest(request, text, pathId(id));
    }
    if (collection && !more) {
      if (request.method === 'POST' && id === undefined) {
        return collection === 'billing_requests' ? createBillingRequest(request, text) : createFlow(request, text);
      }
      if (request.method === 'GET' && id !== undefined) {
        return read(collection === 'billing_requests' ? billingRequests : flows, collection, pathId(id));
      }
    }
    return usage(404, 'path_not_found', 'Path not found');
  }

  return { handle, requests, webhooks, failures, flowFailures };
}
