// The partner-discount handler against a determined attacker, over real processes: two
// demo/handlers-server.mjs processes on one real redis-server, behind one trusted proxy (each
// request's X-Forwarded-For names its client), the Mailgun stand-in as a process of its own and the
// Admin API stand-in served from this process.
// - 30 client addresses flood made-up addresses at a partner domain while a partner's office, from
//   another address, asks codes for 20 colleagues: each colleague is mailed a code and verifies it;
// - someone who knows the buyer's address starts for it from elsewhere, at the other process, until
//   refused, and enters wrong codes until each of those starts is locked: the buyer still verifies
//   the code they were sent and is sent a new one at once.
// The figures are printed for docs/decisions/partner-code-against-guessing.md.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { UK_CATALOGUE, shopProducts } from '../../dist/server.js';
import { nodeListener } from '../../demo/node-listener.mjs';
import { createStorefrontStandIn, DEMO_ADMIN_TOKEN } from '../../demo/storefront/stand-in.mjs';
import { startRedis } from '../redis-server.mjs';
import { ORIGIN, relayEnv, startScript, stopAll } from './processes.mjs';

const ATTACKERS = 30;
const COLLEAGUES = 20;
const OFFICE = '203.0.113.50';

let redis;
let mailgun;
let admin;
let handlers;
before(async () => {
  redis = await startRedis();
  mailgun = await startScript('mail/mailgun-server.mjs', { PORT: '0' });
  const shop = createStorefrontStandIn({ catalogue: UK_CATALOGUE, products: shopProducts(UK_CATALOGUE) });
  admin = createServer(nodeListener(shop.handle));
  await new Promise((resolve) => admin.listen(0, '127.0.0.1', resolve));
  const env = relayEnv(mailgun.url, {
    REDIS_URL: redis.url,
    REDIS_PREFIX: `flood-${randomUUID()}:`,
    TRUSTED_PROXIES: '1',
    // Requests a minute per client: high, so what a client is refused is the limit on codes it is sent.
    RATE_LIMIT: '600',
    PARTNER_TOKEN_SECRET: 'flood-test-partner-token-secret-0123456789',
    SHOPIFY_ADMIN_ENDPOINT: `http://127.0.0.1:${admin.address().port}/admin/api/2026-04/graphql.json`,
    SHOPIFY_ADMIN_TOKEN: DEMO_ADMIN_TOKEN,
  });
  handlers = await Promise.all([0, 1].map(() => startScript('handlers-server.mjs', env)));
});
after(async () => {
  await stopAll();
  await new Promise((resolve) => admin?.close(resolve) ?? resolve());
  await redis?.stop();
});

/** Posts `body` to the partner handler's `path` at process `which` (0 or 1), from `client` by way of the trusted proxy. */
async function post(which, path, body, client) {
  const response = await fetch(new URL(`api/partner-discount/${path}`, handlers[which].url), {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', 'X-Forwarded-For': client },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The code in the newest message the Mailgun stand-in holds for `email`. */
async function codeMailedTo(email) {
  const outbox = await (await fetch(new URL('_outbox', mailgun.url))).json();
  const message = outbox.findLast((entry) => entry.to === email && entry.template === 'partner-discount-code');
  assert.ok(message, `a code was mailed to ${email}`);
  return JSON.parse(message['t:variables']).code;
}

const tally = (statuses) => Object.fromEntries([...new Set(statuses)].sort().map((status) => [status, statuses.filter((each) => each === status).length]));
const wrongOf = (code) => String((Number(code) + 1) % 1e9).padStart(9, '0');

describe('the partner-discount handler against an attacker, on two processes and one Redis', () => {
  it('mails every colleague at a partner office their code while 30 client addresses flood made-up addresses', async () => {
    let flooding = true;
    let made = 0;
    const attacked = [];
    let enoughStarts;
    const floodUnderWay = new Promise((resolve) => (enoughStarts = resolve));
    // Each attacker starts for a new made-up address as soon as the last answer came, at either process.
    const attackers = Array.from({ length: ATTACKERS }, async (_, index) => {
      const client = `192.0.2.${index + 1}`;
      for (let start = 0; flooding && start < 200; start++) {
        const { status } = await post(start % 2, 'start', { email: `made-up-${index}-${start}@partner-one.example` }, client);
        attacked.push(status);
        if (++made === ATTACKERS * 10) enoughStarts();
      }
      enoughStarts();
    });
    await floodUnderWay;
    const began = Date.now();
    const asked = [];
    const verified = [];
    for (let colleague = 0; colleague < COLLEAGUES; colleague++) {
      const email = `colleague-${colleague}@partner-one.example`;
      const started = await post(colleague % 2, 'start', { email }, OFFICE);
      asked.push(started.status);
      if (started.status !== 202) continue;
      const answer = await post((colleague + 1) % 2, 'verify', { email, challenge: started.body.challenge, code: await codeMailedTo(email) }, OFFICE);
      verified.push(answer.status);
    }
    const partnerSeconds = (Date.now() - began) / 1000;
    const attackedWhilePartnerAsked = attacked.length - ATTACKERS * 10;
    flooding = false;
    await Promise.all(attackers);
    const attackers202 = attacked.filter((status) => status === 202).length;
    console.log(
      JSON.stringify({
        attackerClients: ATTACKERS,
        attackerStarts: attacked.length,
        attackerStartsWhileColleaguesAsked: attackedWhilePartnerAsked,
        attackerAnswers: tally(attacked),
        attackerCodesSent: attackers202,
        colleagueStarts: asked.length,
        colleagueAnswers: tally(asked),
        colleagueVerifies: tally(verified),
        colleaguesSeconds: partnerSeconds,
      }),
    );
    assert.ok(attackedWhilePartnerAsked > 0, 'the flood went on while the colleagues asked');
    assert.ok(attackers202 <= ATTACKERS * 20, `each attacker was sent at most 20 codes: ${attackers202}`);
    assert.ok(asked.filter((status) => status === 202).length >= 19, `colleagues' codes sent: ${JSON.stringify(tally(asked))}`);
    assert.ok(verified.filter((status) => status === 200).length >= 19, `colleagues verified: ${JSON.stringify(tally(verified))}`);
  });

  it("lets someone else neither replace, lock nor delay the buyer's code", async () => {
    const email = `buyer-${randomUUID()}@partner-two.example`;
    const buyer = '198.51.100.7';
    const other = '192.0.2.200';
    const started = await post(0, 'start', { email }, buyer);
    assert.equal(started.status, 202);
    const code = await codeMailedTo(email);
    const starts = [];
    const guesses = [];
    for (;;) {
      const attack = await post(1, 'start', { email }, other);
      starts.push(attack.status);
      if (attack.status !== 202) break;
      const theirs = await codeMailedTo(email);
      for (const guess of [wrongOf(theirs), wrongOf(theirs), wrongOf(theirs), wrongOf(theirs), wrongOf(theirs), code, theirs]) {
        guesses.push((await post(1, 'verify', { email, challenge: attack.body.challenge, code: guess }, other)).status);
      }
    }
    const own = await post(1, 'verify', { email, challenge: started.body.challenge, code }, buyer);
    const again = await post(0, 'start', { email }, buyer);
    console.log(JSON.stringify({ otherStarts: tally(starts), otherVerifies: tally(guesses), buyerVerify: own.status, buyerNewStart: again.status }));
    assert.deepEqual(starts, [202, 202, 202, 429]);
    assert.deepEqual(tally(guesses), { 422: 15, 423: 6 });
    assert.equal(own.status, 200);
    assert.equal(again.status, 202);
  });
});
