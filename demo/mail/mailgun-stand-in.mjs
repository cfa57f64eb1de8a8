// Stand-in for Mailgun (SPEC-5): the messages API, `POST /v3/{domain}/messages` with basic auth
// `api:{key}` and a multipart body, parsed as the provider does: it checks what Mailgun checks for a
// templated message, records each accepted message and answers `{ id, message }` like Mailgun. The
// events API, `GET /v3/{domain}/events`, lists each accepted message as an `accepted` event with its
// custom variables (`v:…`) and tags (`o:tag`), selected by time and paged as Mailgun documents it, and
// filtered only by the fields Mailgun documents (docs/decisions/spec-request-settled-by-mailgun-events.md):
// any other parameter, `user-variables` among them, is ignored. A filter value is matched whole:
// Mailgun's filter expressions (AND, OR, NOT, quotes) are not modelled, except `>n` and `<n` for size.
import { createFailureSwitch } from '../storefront/control.mjs';

/** The form fields the outbox lists (DEMO-4), in this order. */
export const OUTBOX_FIELDS = ['from', 'to', 'subject', 'template', 't:variables', 'h:Reply-To'];

/** Most messages kept; the oldest go first, so a long demo session cannot grow without end. */
const MAX_MESSAGES = 200;

/** Mailgun's default and largest page of events. */
const DEFAULT_EVENTS_LIMIT = 100;
const MAX_EVENTS_LIMIT = 300;

const mailgunJson = (status, body) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

function authorised(request, apiKey) {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Basic\s+(.+)$/i.exec(header);
  return match !== null && Buffer.from(match[1], 'base64').toString('utf8') === `api:${apiKey}`;
}

/** The first problem Mailgun would report for these fields, or null. */
function problem(form) {
  for (const name of ['from', 'to', 'subject']) {
    if (!form.get(name)) return `'${name}' parameter is missing`;
  }
  if (!form.get('template') && !form.get('text') && !form.get('html')) return 'Need at least one of \'text\', \'html\' or \'template\' parameters specified';
  const variables = form.get('t:variables');
  if (variables !== null) {
    try {
      if (typeof JSON.parse(variables) !== 'object') return "'t:variables' must be a JSON object";
    } catch {
      return "'t:variables' must be valid JSON";
    }
  }
  return null;
}

/** The next `count` accepted messages get their answer `delayMs` late (or never, if the caller gives up first). */
function createDelaySwitch() {
  let remaining = 0;
  let delayMs = 0;
  return {
    /** The delay for this accepted message, or null when the switch is off; counts one. */
    take() {
      if (remaining === 0) return null;
      remaining -= 1;
      return delayMs;
    },
    set(ms, count = 1) {
      delayMs = ms;
      remaining = ms === 0 ? 0 : count;
    },
    state: () => ({ acceptThenDelayMs: delayMs, count: remaining }),
  };
}

/** Waits `ms`, or rejects as fetch does when the caller aborts first. */
function wait(ms, signal) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

/** Epoch seconds from Mailgun's `begin`/`end`: seconds, or an RFC 2822 date; NaN when neither. */
const secondsOf = (text) => (/^\d+(\.\d+)?$/.test(text) ? Number(text) : Date.parse(text) / 1000);

/** The addresses in a header such as `Name <a@b.example>, c@d.example`. */
const addressesIn = (header) => (header ?? '').split(',').map((part) => (/<([^>]*)>/.exec(part)?.[1] ?? part).trim()).filter(Boolean);

/** Whether `value` names one of these addresses (the case of an address is not significant here). */
const names = (addresses, value) => addresses.some((address) => address.toLowerCase() === value.trim().toLowerCase());

/** Whether a size matches `n`, `>n`, `<n` or both bounds (`>n <m`), as Mailgun's range expressions. */
function sizeMatches(size, expression) {
  const terms = expression.trim().split(/\s+/);
  return terms.every((term) => {
    const [, operator, digits] = /^([<>]?)(\d+)$/.exec(term) ?? [];
    if (digits === undefined) return false;
    const bound = Number(digits);
    return operator === '>' ? size > bound : operator === '<' ? size < bound : size === bound;
  });
}

/**
 * Mailgun's documented filters, each a test of one event by the parameter's value. The stand-in has
 * no mailing lists, attachments, stored or failed events, so `list`, `attachment`, `recipients` and
 * `severity` match nothing.
 */
const FILTERS = {
  event: (event, value) => event.event === value,
  from: (event, value) => names(addressesIn(event.message.headers.from), value),
  to: (event, value) => names(addressesIn(event.message.headers.to), value),
  recipient: (event, value) => names([event.recipient], value),
  subject: (event, value) => event.message.headers.subject === value,
  'message-id': (event, value) => event.message.headers['message-id'] === value.trim().replace(/^<(.*)>$/, '$1'),
  tags: (event, value) => event.tags.some((tag) => tag.toLowerCase() === value.trim().toLowerCase()),
  size: (event, value) => sizeMatches(event.message.size, value),
  list: () => false,
  attachment: () => false,
  recipients: () => false,
  severity: () => false,
};

/**
 * The events query's rules as Mailgun documents them: a time range from `begin` to `end`, or from
 * `begin` in the `ascending` direction; `limit` up to 300; the documented filters. `{ error }` when
 * it breaks one.
 */
function parseEventsQuery(params) {
  const begin = params.has('begin') ? secondsOf(params.get('begin')) : 0;
  const end = params.has('end') ? secondsOf(params.get('end')) : undefined;
  if (Number.isNaN(begin) || Number.isNaN(end)) return { error: "'begin' and 'end' must be epoch seconds or RFC 2822 dates" };
  const ascending = params.get('ascending');
  if (ascending !== null && ascending !== 'yes' && ascending !== 'no') return { error: "'ascending' must be yes or no" };
  if (end === undefined && ascending === null) return { error: "'ascending' must be given when 'end' is not" };
  const limit = params.has('limit') ? Number(params.get('limit')) : DEFAULT_EVENTS_LIMIT;
  if (!(Number.isInteger(limit) && limit >= 1 && limit <= MAX_EVENTS_LIMIT)) return { error: `'limit' must be from 1 to ${MAX_EVENTS_LIMIT}` };
  const filters = Object.entries(FILTERS)
    .filter(([name]) => params.has(name))
    .map(([name, test]) => (event) => test(event, params.get(name)));
  const upward = end === undefined ? ascending === 'yes' : begin <= end;
  const [from, to] = end === undefined ? (upward ? [begin, Infinity] : [-Infinity, begin]) : [Math.min(begin, end), Math.max(begin, end)];
  return { from, to, upward, limit, filters };
}

const base64url = (text) => Buffer.from(text, 'utf8').toString('base64url');

/**
 * @param {{ apiKey: string, domain: string }} account the demo's key and sending domain
 */
export function createMailgunStandIn({ apiKey, domain }) {
  const messages = [];
  /** What the events API lists of each accepted message: its id, time, headers, `v:` variables, tags and size in bytes as received. */
  const accepted = [];
  const failures = createFailureSwitch();
  const delays = createDelaySwitch();
  let counter = 0;

  async function acceptMessage(request) {
    const failStatus = failures.take();
    if (failStatus !== null) return mailgunJson(failStatus, { message: 'Stand-in failure (the failure switch is on)' });
    let form;
    let size;
    try {
      const raw = await request.arrayBuffer();
      size = raw.byteLength;
      form = await new Response(raw, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
    } catch {
      return mailgunJson(400, { message: 'The body must be multipart/form-data' });
    }
    const wrong = problem(form);
    if (wrong) return mailgunJson(400, { message: wrong });
    counter += 1;
    const id = `${Date.now()}.${counter}@${domain}`;
    messages.push(Object.fromEntries(OUTBOX_FIELDS.filter((name) => form.has(name)).map((name) => [name, form.get(name)])));
    const variables = Object.fromEntries([...form.keys()].filter((name) => name.startsWith('v:')).map((name) => [name.slice(2), form.get(name)]));
    const headers = { 'message-id': id, from: form.get('from'), to: form.get('to'), subject: form.get('subject') };
    accepted.push({ id, timestamp: Date.now() / 1000, variables, tags: form.getAll('o:tag'), headers, size });
    for (const list of [messages, accepted]) if (list.length > MAX_MESSAGES) list.shift();
    const delayMs = delays.take();
    if (delayMs !== null) await wait(delayMs, request.signal);
    return mailgunJson(200, { id: `<${id}>`, message: 'Queued. Thank you.' });
  }

  /** One page of the events a query selects, from `offset`, with Mailgun's paging URLs. */
  function listEvents(url, search, query, offset) {
    // Only `accepted` events happen here, one a recipient: the stand-in delivers nothing.
    const matching = accepted
      .filter((message) => message.timestamp >= query.from && message.timestamp <= query.to)
      .flatMap((message) =>
        addressesIn(message.headers.to).map((recipient, index) => ({
          id: base64url(`${message.id}/${index}`),
          event: 'accepted',
          timestamp: message.timestamp,
          'log-level': 'info',
          tags: message.tags,
          'user-variables': message.variables,
          message: { headers: message.headers, attachments: [], size: message.size },
          recipient,
        })),
      )
      .filter((event) => query.filters.every((test) => test(event)));
    if (!query.upward) matching.reverse();
    // A page before the first is empty, as Mailgun's `previous` of its first page.
    const page = (at) => `${url.origin}/v3/${domain}/events/${base64url(JSON.stringify({ search, offset: at }))}`;
    return {
      items: offset < 0 ? [] : matching.slice(offset, offset + query.limit),
      paging: {
        first: page(0),
        last: page(Math.floor(Math.max(0, matching.length - 1) / query.limit) * query.limit),
        next: page(offset + query.limit),
        previous: page(offset - query.limit),
      },
    };
  }

  /** `GET /v3/{domain}/events`, or one of its paging URLs (`…/events/{page}`). */
  function events(url, page) {
    let search = url.search;
    let offset = 0;
    if (page !== undefined) {
      try {
        ({ search, offset } = JSON.parse(Buffer.from(page, 'base64url').toString('utf8')));
      } catch {
        search = undefined;
      }
      if (typeof search !== 'string' || !Number.isInteger(offset)) return mailgunJson(404, { message: 'Not Found' });
    }
    const query = parseEventsQuery(new URLSearchParams(search));
    if (query.error) return mailgunJson(400, { message: query.error });
    return mailgunJson(200, listEvents(url, search, query, offset));
  }

  async function handle(request) {
    const url = new URL(request.url);
    const match = /^\/v3\/([^/]+)\/(messages|events)(?:\/([^/]+))?$/.exec(url.pathname);
    const [, domainPart, api, page] = match ?? [];
    const known = api === 'messages' ? request.method === 'POST' && page === undefined : request.method === 'GET';
    if (!match || !known) return mailgunJson(404, { message: 'Not Found' });
    if (!authorised(request, apiKey)) return new Response('Forbidden', { status: 401 });
    if (decodeURIComponent(domainPart) !== domain) return mailgunJson(404, { message: `Domain not found: ${domainPart}` });
    return api === 'messages' ? acceptMessage(request) : events(url, page);
  }

  return { handle, messages, failures, delays };
}
