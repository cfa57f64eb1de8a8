// Stand-in for Mailgun's messages API (spec §7.4): `POST /v3/{domain}/messages` with basic auth
// `api:{key}` and a multipart body, parsed as the provider does. It checks what Mailgun checks for
// a templated message, records each accepted message and answers `{ id, message }` like Mailgun.
import { createFailureSwitch } from '../storefront/control.mjs';

/** The form fields the outbox lists (DESIGN: demo server contract), in this order. */
export const OUTBOX_FIELDS = ['from', 'to', 'subject', 'template', 't:variables', 'h:Reply-To'];

/** Most messages kept; the oldest go first, so a long demo session cannot grow without end. */
const MAX_MESSAGES = 200;

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

/**
 * @param {{ apiKey: string, domain: string }} account the demo's key and sending domain
 * @returns {{ handle: (request: Request) => Promise<Response>, messages: object[], failures: ReturnType<typeof createFailureSwitch> }}
 */
export function createMailgunStandIn({ apiKey, domain }) {
  const messages = [];
  const failures = createFailureSwitch();
  let counter = 0;
  async function handle(request) {
    const { pathname } = new URL(request.url);
    const match = /^\/v3\/([^/]+)\/messages$/.exec(pathname);
    if (request.method !== 'POST' || !match) return mailgunJson(404, { message: 'Not Found' });
    if (!authorised(request, apiKey)) return new Response('Forbidden', { status: 401 });
    if (decodeURIComponent(match[1]) !== domain) return mailgunJson(404, { message: `Domain not found: ${match[1]}` });
    const failStatus = failures.take();
    if (failStatus !== null) return mailgunJson(failStatus, { message: 'Stand-in failure (the failure switch is on)' });
    let form;
    try {
      form = await request.formData();
    } catch {
      return mailgunJson(400, { message: 'The body must be multipart/form-data' });
    }
    const wrong = problem(form);
    if (wrong) return mailgunJson(400, { message: wrong });
    messages.push(Object.fromEntries(OUTBOX_FIELDS.filter((name) => form.has(name)).map((name) => [name, form.get(name)])));
    if (messages.length > MAX_MESSAGES) messages.shift();
    counter += 1;
    return mailgunJson(200, { id: `<${Date.now()}.${counter}@${domain}>`, message: 'Queued. Thank you.' });
  }
  return { handle, messages, failures };
}
