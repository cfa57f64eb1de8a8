// The demo's spec-request relay over HTTP: `/api/spec-request` (the built dist/server.js relay) into
// the Mailgun stand-in, `GET /api/outbox` and the `/api/mail/_control` switches (failures, and a
// message accepted whose answer is held back past the relay's timeout).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { UK_CATALOGUE } from '../../dist/server.js';
import { useHarness } from './harness.mjs';

const harness = useHarness({ browser: false });

const origin = () => new URL(harness.url('/')).origin;

const specRequest = (configuration = {}) => ({
  version: 1,
  idempotencyKey: randomUUID(),
  orderEmail: 'driver@lease.example',
  customer: { 'first-name': 'Alex', 'last-name': 'Morgan', email: 'alex@home.example', tel: '07700 900456' },
  configuration: {
    front: 'racing_green',
    body: UK_CATALOGUE.colours.body[0].id,
    cable: 'tethered_7kw_8_5m',
    installation: 'standard_7kw',
    surgeProtection: true,
    advancedSolar: false,
    renewable: false,
    cableHook: true,
    hookColour: 'maranello_red',
    display: true,
    extendedWarranty: false,
    paymentType: null,
    offer: null,
    ...configuration,
  },
});

const send = (body, headers = {}) =>
  fetch(harness.url('/api/spec-request'), {
    method: 'POST',
    headers: { Origin: origin(), 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const outbox = async () => (await fetch(harness.url('/api/outbox'))).json();

const control = (body) =>
  fetch(harness.url('/api/mail/_control'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('spec-request relay on the demo server', () => {
  it('sends one message whose form fields the outbox lists', async () => {
    const before = (await outbox()).length;
    const installCheck = { cable: 'yes', time: 'yes', height: 'yes', trunking: 'yes', protection: 'yes', mainland: 'no' };
    const response = await send({ ...specRequest(), installCheck });
    assert.equal(response.status, 202);
    assert.equal(response.headers.get('access-control-allow-origin'), origin());
    assert.match((await response.json()).requestId, /@mg\.demo\.example>$/);
    const messages = (await outbox()).slice(before);
    assert.equal(messages.length, 1);
    const [message] = messages;
    assert.deepEqual(Object.keys(message), ['from', 'to', 'subject', 'template', 't:variables', 'h:Reply-To']);
    assert.equal(message.to, 'orders@company.example');
    assert.equal(message.template, 'upgrade-specification');
    assert.equal(message['h:Reply-To'], 'alex@home.example');
    const variables = JSON.parse(message['t:variables']);
    assert.equal(variables.customerName, 'Alex Morgan');
    assert.equal(variables.orderEmail, 'driver@lease.example');
    assert.equal(variables.productLine1, 'Front colour: Racing Green (A4-D101C-PALETTE-RACING-GREEN)');
    assert.equal(variables.productLine3, 'Power and cable: 7kW with 8.5m cable');
    assert.equal(variables.productLine4, 'Installation: 7kW Standard installation (remote survey)');
    assert.equal(variables.productLine6, 'Surge protection: Yes (Surge Protection single phase)');
    // The specification request offers no hook colour, so whatever colour id comes along is not named.
    assert.equal(variables.productLine8, 'Cable hook: Yes');
    assert.equal(variables.productLine9, 'Digital display: Yes (Digital display)');
    assert.equal(variables.installationCheck, 'Installation check: a survey is needed (at least one answer is No)');
    assert.equal(variables.installationCheckLine6, 'Is the property in mainland UK? No');
  });

  it('with the provider failing twice, the retries with the same key land exactly one message', async () => {
    const before = (await outbox()).length;
    assert.equal((await control({ failNext: 2, status: 503 })).status, 200);
    const request = specRequest({ cable: 'socket_22kw' });
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await send(request)).status);
    assert.deepEqual(statuses, [502, 502, 202, 202]);
    const messages = (await outbox()).slice(before);
    assert.equal(messages.length, 1);
    assert.equal(JSON.parse(messages[0]['t:variables']).productLine4, 'Installation: 22kW Premium installation (physical survey)');
    assert.deepEqual(await (await fetch(harness.url('/api/mail/_control'))).json(), {
      failNext: 0,
      status: 503,
      acceptThenDelayMs: 0,
      count: 0,
      messages: messages.length + before,
    });
  });

  it('a message accepted but answered too late: 503 outcome_unknown, and the retry confirms that one message', async () => {
    const before = (await outbox()).length;
    assert.equal((await control({ acceptThenDelayMs: 10_000, count: 1 })).status, 200);
    const request = specRequest();
    const unknown = await send(request);
    assert.equal(unknown.status, 503);
    assert.equal(unknown.headers.get('retry-after'), '30');
    assert.equal((await unknown.json()).error.code, 'outcome_unknown');
    assert.equal((await outbox()).length - before, 1);
    const confirmed = await send(request);
    assert.equal(confirmed.status, 202);
    assert.match((await confirmed.json()).requestId, /^<.+@mg\.demo\.example>$/);
    const replayed = await send(request);
    assert.equal(replayed.headers.get('idempotent-replayed'), 'true');
    assert.equal((await outbox()).length - before, 1);
  });

  it('refuses a control body it does not understand, changing nothing', async () => {
    const bodies = [
      {},
      { failNext: -1 },
      { failNext: 1, status: 200 },
      { status: 503 },
      { acceptThenDelayMs: 1.5 },
      { acceptThenDelayMs: 120_001 },
      { acceptThenDelayMs: 100, count: 0 },
      { count: 2 },
      { failNext: 1, hang: true },
    ];
    const state = async () => (await fetch(harness.url('/api/mail/_control'))).json();
    const before = await state();
    for (const body of bodies) assert.equal((await control(body)).status, 400, JSON.stringify(body));
    assert.deepEqual(await state(), before);
  });

  it('concurrent repeats of one key send one message', async () => {
    const before = (await outbox()).length;
    const request = specRequest();
    const answers = await Promise.all([send(request), send(request), send(request)]);
    assert.deepEqual(answers.map((answer) => answer.status), [202, 202, 202]);
    const ids = new Set(await Promise.all(answers.map(async (answer) => (await answer.json()).requestId)));
    assert.equal(ids.size, 1);
    assert.equal((await outbox()).length - before, 1);
  });

  it('answers a preflight from the demo origin and refuses other origins', async () => {
    const preflight = await fetch(harness.url('/api/spec-request'), {
      method: 'OPTIONS',
      headers: { Origin: origin(), 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), origin());
    const foreign = await send(specRequest(), { Origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
  });

  it('names the field at fault', async () => {
    const request = specRequest();
    request.customer.tel = '';
    const response = await send(request);
    assert.equal(response.status, 422);
    const { error } = await response.json();
    assert.equal(error.code, 'invalid_request');
    assert.deepEqual(error.problems.map((problem) => problem.field), ['customer.tel']);
  });
});
