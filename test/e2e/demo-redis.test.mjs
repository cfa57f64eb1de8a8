// The demo server with REDIS_URL set: the relay's, the direct-debit and the partner-discount
// handlers' state lives in that Redis (a real redis-server), under the prefix evc-demo:.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createClient } from 'redis';
import { createRedisStores } from '../../dist/server.js';
import { startRedis } from '../redis-server.mjs';
import { useHarness } from './harness.mjs';

const { valid } = JSON.parse(readFileSync(new URL('../fixtures/relay-fuzz/spec-request.json', import.meta.url), 'utf8'));

let redis;
let client;
before(async () => {
  redis = await startRedis();
  // Read by the demo's handlers when first called, after this.
  process.env.REDIS_URL = redis.url;
  client = await createClient({ url: redis.url }).connect();
});
const harness = useHarness({ browser: false });
// After the harness's: the demo server, closing, closes its Redis client first.
after(async () => {
  await client?.close();
  await redis?.stop();
});

const origin = () => new URL(harness.url('/')).origin;
const keys = (pattern) => client.keys(pattern);

describe('demo server with REDIS_URL', () => {
  it('keeps the relay\'s idempotency keys and rate limit in Redis, and replays from there', async () => {
    const send = () =>
      fetch(harness.url('/api/spec-request'), {
        method: 'POST',
        headers: { Origin: origin(), 'Content-Type': 'application/json' },
        body: JSON.stringify(valid),
      });
    const first = await send();
    assert.equal(first.status, 202);
    const repeat = await send();
    assert.equal(repeat.status, 202);
    assert.equal(repeat.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(await repeat.json(), await first.json());
    assert.equal((await keys(`evc-demo:idempotency:*${valid.idempotencyKey}`)).length, 1);
    // The buyer's address, and the relay-wide cap on messages sent.
    const limits = await keys('evc-demo:rate-limit:spec-request:*');
    assert.equal(limits.length, 2);
    assert.ok(limits.includes('evc-demo:rate-limit:spec-request:all'));
  });

  it('answers a direct-debit status from the flows in Redis, rate-limited there', async () => {
    const status = (flowId) => fetch(harness.url(`/api/direct-debit?flowId=${flowId}`));
    assert.equal((await status('BRF000DEMOREDIS')).status, 404);
    const stores = createRedisStores({ client, prefix: 'evc-demo:' });
    await stores.directDebit.saveFlow({ flowId: 'BRF000DEMOREDIS', billingRequestId: 'BRQ000DEMOREDIS', createdAt: Date.now(), request: 'e2e' });
    const found = await status('BRF000DEMOREDIS');
    assert.equal(found.status, 200);
    assert.deepEqual(await found.json(), { flowId: 'BRF000DEMOREDIS', status: 'pending' });
    assert.equal((await keys('evc-demo:rate-limit:direct-debit-status:*')).length, 1);
  });

  it("keeps the partner-discount codes in Redis under a keyed hash of the start's challenge, expiring with the code", async () => {
    const email = 'sam.redis@partner-one.example';
    const post = (path, body) =>
      fetch(harness.url(`/api/partner-discount/${path}`), { method: 'POST', headers: { Origin: origin(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const sentFrom = Date.now();
    const started = await post('start', { email });
    const answeredAt = Date.now();
    assert.equal(started.status, 202);
    const { challenge, expiresInSeconds } = await started.json();
    assert.equal(expiresInSeconds, 600);
    const [key, ...more] = await keys('evc-demo:partner-code:*');
    assert.deepEqual(more, []);
    assert.match(key, /^evc-demo:partner-code:[0-9a-f]{64}$/);
    // Set while the request was answered, on Redis's clock (the same as ours here), whatever that took.
    const expiresAt = await client.pExpireTime(key);
    assert.ok(expiresAt >= sentFrom + expiresInSeconds * 1000 && expiresAt <= answeredAt + expiresInSeconds * 1000, `expires with the code (at ${expiresAt}, asked at ${sentFrom} and answered at ${answeredAt})`);
    const outbox = await (await fetch(harness.url('/api/outbox'))).json();
    const { code } = JSON.parse(outbox.findLast((message) => message.to === email)['t:variables']);
    // The code only as a keyed hash; the rest is the shop code it earns, the attempts and the expiry.
    const stored = await client.hGetAll(key);
    assert.deepEqual(Object.keys(stored).sort(), ['attemptsLeft', 'codeHash', 'created', 'discountCode', 'expiresAt']);
    assert.match(stored.codeHash, /^[0-9a-f]{64}$/);
    assert.ok(!JSON.stringify(stored).includes(challenge) && !key.includes(challenge), 'nor the challenge');
    assert.equal((await post('verify', { email, challenge, code })).status, 200);
    assert.equal((await keys('evc-demo:rate-limit:partner-discount-address:*')).length, 1);
    assert.equal((await keys('evc-demo:rate-limit:partner-discount-codes:*')).length, 1);
  });
});
