// Bad input, "… relay bodies from a fuzz corpus: each gets a clear error, nothing crashes,
// nothing is sent." The shipped handlers (dist/server.js) get the hand-written corpus in
// test/fixtures/relay-fuzz/ and a seeded, generated one: every body is refused with a 4xx whose
// JSON error names the rule or the field, the provider stand-in is never called, and nothing
// reaches Object.prototype. The HTTP-level cases (sizes, content types, gzip) also go through
// toNodeListener on a real loopback server.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { createDirectDebitHandler, createSpecRequestHandler, toNodeListener } from '../../dist/server.js';

const ORIGIN = 'https://portal.example';
/** 15 June 2026: the date the direct-debit handler's age check runs on. */
const TODAY = Date.UTC(2026, 5, 15, 12);
const MAX_BODY_BYTES = 16 * 1024;
/** Cases the generator makes for each handler; the seed makes every run the same corpus. */
const GENERATED = 300;
const SEED = 0x7e57_f022;

const fixture = (name) => JSON.parse(readFileSync(new URL(`../fixtures/relay-fuzz/${name}.json`, import.meta.url), 'utf8'));
const CORPUS = { specRequest: fixture('spec-request'), directDebit: fixture('direct-debit'), transport: fixture('transport') };

/** Both handlers, each with a provider stand-in that records every call it gets. */
function relays() {
  const calls = [];
  const provider = async (url, init) => {
    calls.push({ url: String(url), body: init?.body });
    const envelope = String(url).endsWith('/billing_request_flows') ? 'billing_request_flows' : 'billing_requests';
    return Response.json({ id: '<fuzz@mg.example>', [envelope]: { id: `${envelope === 'billing_requests' ? 'BRQ' : 'BRF'}0001` } }, { status: 201 });
  };
  // Rate limits off: the corpus is hundreds of requests from one address, and a 429 would hide
  // whether the body itself was refused.
  const specRequest = createSpecRequestHandler({
    mailgun: { apiKey: 'fuzz-test-api-key', domain: 'mg.example', fetch: provider },
    from: 'Upgrades <upgrades@mg.example>',
    to: 'orders@company.example',
    subject: 'Upgrade specification request',
    template: 'upgrade-specification',
    allowedOrigins: [ORIGIN],
    rateLimit: false,
  });
  const directDebit = createDirectDebitHandler({
    gocardless: { accessToken: 'fuzz-test-access-token', environment: 'sandbox', fetch: provider },
    allowedOrigins: [ORIGIN],
    rateLimit: false,
    clock: () => TODAY,
  });
  return { specRequest, directDebit, calls };
}

/** A body as sent: `{ text, contentType }` from a case of the corpus and its handler's valid body. */
function bodyOf(entry, valid) {
  const contentType = entry.contentType === undefined ? 'application/json' : entry.contentType;
  if (entry.raw !== undefined) return { text: entry.raw, contentType };
  if (Object.hasOwn(entry, 'json')) return { text: JSON.stringify(entry.json), contentType };
  const body = structuredClone(valid);
  for (const [path, value] of Object.entries(entry.set ?? {})) setPath(body, path, value);
  for (const path of entry.delete ?? []) deletePath(body, path);
  return { text: JSON.stringify(body), contentType };
}

function parentOf(body, path) {
  const keys = path.split('.');
  const last = keys.pop();
  let node = body;
  for (const key of keys) node = node[key];
  return { node, last };
}

/** Sets an own property, even `__proto__`, so JSON.stringify writes it as a plain key. */
function setPath(body, path, value) {
  const { node, last } = parentOf(body, path);
  Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
}

function deletePath(body, path) {
  const { node, last } = parentOf(body, path);
  delete node[last];
}

const request = ({ text, contentType }, headers = {}) =>
  new Request('https://relay.example/api/endpoint', {
    method: 'POST',
    headers: { origin: ORIGIN, ...(contentType === null ? {} : { 'content-type': contentType }), ...headers },
    body: text,
  });

/**
 * The answer to a refused body: a 4xx that says which rule it broke (`error.code`), in a JSON
 * error with a message; a 422 also lists `problems` naming each field. Returns the error.
 */
async function assertRefused(response, label) {
  assert.ok([400, 413, 415, 422].includes(response.status), `${label}: answered ${response.status}`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/, `${label}: a JSON answer`);
  const answer = await response.json();
  const { error } = answer;
  assert.equal(typeof error?.code, 'string', `${label}: error.code`);
  assert.ok(error.code.length > 0 && typeof error.message === 'string' && error.message.length > 0, `${label}: a code and a message`);
  if (response.status === 422) {
    assert.equal(error.code, 'invalid_request', label);
    assert.ok(Array.isArray(error.problems) && error.problems.length > 0, `${label}: problems listed`);
    for (const problem of error.problems) {
      assert.equal(typeof problem.field, 'string', `${label}: each problem names its field`);
      assert.ok(typeof problem.message === 'string' && problem.message.length > 0, `${label}: each problem says what was wrong`);
    }
  }
  return error;
}

/** The field a 422 must name: the mutated path itself or a field inside it. */
function assertNames(error, field, label) {
  const fields = error.problems.map((problem) => problem.field);
  assert.ok(
    fields.some((named) => named === field || named.startsWith(`${field}.`)),
    `${label}: the problems name ${field}; they name ${JSON.stringify(fields)}`,
  );
}

/** Mulberry32: a small seeded generator, so the "random" corpus is the same on every run. */
function seeded(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const pick = (list) => list[Math.floor(next() * list.length)];
  return { next, pick };
}

const nestedArrays = (depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const nestedObjects = (depth) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const ownProto = (value) => Object.defineProperty({}, '__proto__', { value, enumerable: true });

/** Values of every JSON type; a field gets one whose type differs from its valid value's. */
const WRONG_TYPES = [
  0, -1, 1.5, -0, 1e308, 2 ** 53 + 1,
  '1', 'true', 'null', '', '0x1', '1e3',
  true, false,
  null,
  [], [1, 2, 3], ['racing_green'], [[[]]],
  {}, { length: 1 }, { toString: 'x', valueOf: 1 }, { id: 'racing_green' },
  ownProto({ polluted: true }),
  nestedArrays(2000),
  nestedObjects(400),
];

/**
 * Strings no field accepts: each holds a line break or another control character between other
 * characters (trimming cannot remove it), mixed with other hostile content; the last is bigger
 * than the body limit.
 */
const HOSTILE_STRINGS = [
  'Sam\r\nBcc: everyone@evil.example',
  'x\nSubject: You have won',
  'sam@home.example\r\n\r\n<html>body injection</html>',
  "Robert\u0000'); DROP TABLE customers;--",
  '<script>\nglobalThis.pwned = 1</script>',
  '<img src=x\ronerror="globalThis.pwned=1">',
  '\u202egnp.exe\u0007.txt',
  '\u001b[2J\u001b[31mred',
  '😀\u2028😀',
  'café\u2029menu',
  'next\u0085line',
  '\ud83d\r\n\udc00',
  '%0d%0a\r\nBcc:%20x@evil.example',
  '{{7*7}}\n${7*7}',
  '\u0000',
  '\t\u000b\f',
  `${'A'.repeat(3000)}\r\nX`,
  'B'.repeat(20_000),
];

/** Names added beside the mutation: smuggled provider fields and prototype keys, never a rescue. */
const EXTRA_KEYS = ['to', 'from', 'subject', 'template', 'h:Bcc', 'h:Reply-To', 'price', 'total', 'monthly', 'constructor', 'prototype', '__proto__', 'isAdmin', 'toString'];

/** Every path into the valid body (objects and leaves), with its value. */
function paths(value, prefix = '') {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [{ path, value: child }, ...paths(child, path)];
  });
}

const jsonType = (value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * One seeded case: a field of the valid body given a value of another type, a hostile string or
 * removed (never an optional one), or the whole body replaced; sometimes with extra keys beside.
 * `field` is what the 422 must name ('' for the whole body).
 */
function generate(valid, random, optional) {
  const body = structuredClone(valid);
  const targets = paths(valid);
  const roll = random.next();
  let field;
  let name;
  const kinds = [];
  if (roll < 0.08) {
    field = '';
    const whole = random.pick([[], [valid], 'valid', 42, true, null, ownProto(valid), nestedArrays(3000), nestedObjects(1000)]);
    name = `the whole body as ${jsonType(whole)}`;
    return { name, field, kinds: ['whole body'], text: JSON.stringify(whole), contentType: 'application/json' };
  }
  const target = random.pick(targets);
  field = target.path;
  const kind = random.next();
  if (kind < 0.45) {
    // Objects and arrays never hold every field an object needs; other types must differ.
    const candidates = WRONG_TYPES.filter((value) => ['object', 'array'].includes(jsonType(value)) || jsonType(value) !== jsonType(target.value));
    const value = random.pick(candidates);
    setPath(body, target.path, value);
    name = `${target.path} as ${jsonType(value)} ${JSON.stringify(value)?.slice(0, 24)}`;
    kinds.push('wrong type');
  } else if (kind < 0.8 && typeof target.value === 'string') {
    const value = random.pick(HOSTILE_STRINGS);
    setPath(body, target.path, value);
    name = `${target.path} = ${JSON.stringify(value.slice(0, 24))}`;
    kinds.push('hostile string');
  } else if (!optional.includes(target.path)) {
    deletePath(body, target.path);
    name = `${target.path} missing`;
    kinds.push('missing field');
  } else {
    setPath(body, target.path, nestedArrays(50));
    name = `${target.path} as nested arrays`;
    kinds.push('wrong type');
  }
  if (random.next() < 0.5) {
    const path = random.pick(['', ...targets.filter(({ value }) => jsonType(value) === 'object').map((object) => object.path)]);
    const holder = path.split('.').reduce((node, key) => (key && jsonType(node) === 'object' ? node[key] : node), body);
    const key = random.pick(EXTRA_KEYS);
    if (jsonType(holder) === 'object' && !Object.hasOwn(holder, key)) {
      Object.defineProperty(holder, key, { value: random.pick([...HOSTILE_STRINGS.slice(0, 4), { polluted: true }, 0]), enumerable: true, writable: true, configurable: true });
      name += `, with ${path ? `${path}.` : ''}${key}`;
      kinds.push('extra field');
    }
  }
  return { name, field, kinds, text: JSON.stringify(body), contentType: 'application/json' };
}

const HANDLERS = [
  { name: 'createSpecRequestHandler', key: 'specRequest', accepted: 202, optional: [] },
  { name: 'createDirectDebitHandler', key: 'directDebit', accepted: 201, optional: ['finance.primaryRegion', 'finance.primaryCountry'] },
];

const prototypeKeys = () => ({
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  function: Object.getOwnPropertyNames(Function.prototype).sort(),
});
const cleanPrototypes = prototypeKeys();

after(() => {
  assert.equal({}.polluted, undefined, 'nothing reached Object.prototype');
  assert.deepEqual(prototypeKeys(), cleanPrototypes, 'no prototype gained a property');
});

for (const handler of HANDLERS) {
  describe(`${handler.name}: the fuzz corpus`, () => {
    const { valid, cases } = CORPUS[handler.key];

    it('accepts the corpus\'s valid body and calls the provider for it (so a silent provider below means something)', async () => {
      const fresh = relays();
      const response = await fresh[handler.key](request(bodyOf({ json: valid }, valid)));
      assert.equal(response.status, handler.accepted, await response.clone().text());
      assert.ok(fresh.calls.length > 0);
    });

    it(`refuses each of the ${cases.length} hand-written bodies and the ${CORPUS.transport.cases.length} transport cases with a 4xx naming the field or rule; the provider is never called`, async () => {
      const relay = relays();
      for (const entry of [...cases, ...CORPUS.transport.cases]) {
        const label = `${handler.name}: ${entry.name}`;
        const response = await relay[handler.key](request(bodyOf(entry, valid)));
        assert.equal(response.status, entry.expect.status, `${label}: status`);
        const error = await assertRefused(response, label);
        if (entry.expect.code) assert.equal(error.code, entry.expect.code, `${label}: code`);
        if (entry.expect.field) assertNames(error, entry.expect.field, label);
      }
      assert.deepEqual(relay.calls, []);
    });

    it(`refuses ${GENERATED} seeded generated bodies the same way`, async () => {
      const relay = relays();
      const random = seeded(SEED + handler.accepted);
      const kinds = new Map();
      const statuses = new Set();
      for (let index = 0; index < GENERATED; index += 1) {
        const generated = generate(valid, random, handler.optional);
        const label = `${handler.name}: generated #${index}: ${generated.name}`;
        const response = await relay[handler.key](request(generated));
        statuses.add(response.status);
        for (const kind of generated.kinds) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        const error = await assertRefused(response, label);
        if (Buffer.byteLength(generated.text) > MAX_BODY_BYTES) {
          assert.equal(error.code, 'body_too_large', label);
        } else {
          assert.equal(response.status, 422, label);
          if (generated.field) assertNames(error, generated.field, label);
        }
      }
      assert.deepEqual(relay.calls, []);
      // Every kind of damage was made many times over.
      assert.deepEqual([...kinds.keys()].sort(), ['extra field', 'hostile string', 'missing field', 'whole body', 'wrong type']);
      assert.ok([...kinds.values()].every((count) => count >= 10), JSON.stringify([...kinds]));
      assert.ok(statuses.has(422), JSON.stringify([...statuses]));
    });
  });
}

describe('the handlers over HTTP (toNodeListener on loopback): sizes, streams, encodings', () => {
  let server;
  let base;
  const relay = relays();

  before(async () => {
    const listeners = { '/spec-request': toNodeListener(relay.specRequest), '/direct-debit': toNodeListener(relay.directDebit) };
    server = createServer((req, res) => {
      const listener = listeners[new URL(req.url, 'http://localhost').pathname];
      if (listener) void listener(req, res);
      else res.writeHead(404).end();
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${server.address().port}`;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (path, body, headers = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json', ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    });

  /** A body that arrives in 64 KB chunks without a Content-Length, `total` bytes in all. */
  const stream = (total) => {
    let sent = 0;
    const chunk = new TextEncoder().encode(`[${'0,'.repeat(32 * 1024 - 1)}`);
    return new ReadableStream({
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
  };

  /** Unpacked, these would be far past the limit; the handlers never unpack them. */
  const SMALL_BOMB = gzipSync(Buffer.alloc(10 * 1024 * 1024));
  const BIG_BOMB = gzipSync(Buffer.alloc(50 * 1024 * 1024));
  assert.ok(SMALL_BOMB.byteLength < MAX_BODY_BYTES && BIG_BOMB.byteLength > MAX_BODY_BYTES);

  const bodies = [
    { name: 'a 2 MB body with its length declared', body: () => '['.repeat(2 * 1024 * 1024), code: 'body_too_large' },
    { name: 'a 4 MB chunked body without a length', body: () => stream(4 * 1024 * 1024), code: 'body_too_large' },
    { name: 'a gzip bomb (10 MB of zeros in 10 KB) marked Content-Encoding: gzip', body: () => SMALL_BOMB, headers: { 'Content-Encoding': 'gzip' }, code: 'invalid_json' },
    { name: 'a bigger gzip bomb (50 MB of zeros in 50 KB)', body: () => BIG_BOMB, headers: { 'Content-Encoding': 'gzip' }, code: 'body_too_large' },
    { name: 'gzip of a valid-looking body', body: () => gzipSync('{"version":1}'), headers: { 'Content-Encoding': 'gzip' }, code: 'invalid_json' },
    { name: 'invalid UTF-8', body: () => Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x3a, 0x31, 0x7d]), code: 'invalid_request' },
    { name: 'a UTF-16 body', body: () => Buffer.from('\ufeff{"version":1}', 'utf16le'), code: 'invalid_json' },
    { name: 'form data', body: () => new URLSearchParams({ version: '1' }), headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, code: 'unsupported_media_type' },
    { name: 'an empty body', body: () => '', code: 'invalid_json' },
  ];

  for (const path of ['/spec-request', '/direct-debit']) {
    it(`${path}: each oversized, streamed, compressed or mis-typed body gets a 4xx JSON error, and the server still answers`, async () => {
      for (const { name, body, headers, code } of bodies) {
        const label = `${path}: ${name}`;
        const response = await send(path, body(), headers).catch((failure) => assert.fail(`${label}: ${failure.cause?.code ?? failure.cause ?? failure}`));
        const error = await assertRefused(response, label);
        assert.equal(error.code, code, label);
      }
      assert.deepEqual(relay.calls, []);
      const alive = await send(path, '{}');
      assert.equal(alive.status, 422, `${path} still answers after the corpus`);
    });
  }
});
