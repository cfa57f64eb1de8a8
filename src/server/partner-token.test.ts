import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PartnerTokenClaims } from './partner-token';
import { checkTokenSecret, partnerTokenId, signPartnerToken, verifyPartnerToken } from './partner-token';

const SECRET = 'a-partner-token-secret-of-32-bytes!';
const NOW = 1_700_000_000_000;
const CLAIMS: PartnerTokenClaims = {
  email: 'sam@partner-one.example',
  partnerId: 'partner',
  amountPence: 10000,
  discountCode: 'PARTNER-7KQ2M9XH4D',
  exp: NOW / 1000 + 3600,
};

/** A token whose first part is `body` as given, signed correctly: what a holder of the secret could make. */
const signedBody = (body: string) => `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;

describe('partner verification tokens', () => {
  it('carry their claims, signed as HMAC-SHA256 of the first part (base64url)', async () => {
    const token = await signPartnerToken(CLAIMS, SECRET);
    const [body, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'))).toEqual(CLAIMS);
    expect(signature).toBe(createHmac('sha256', SECRET).update(body!).digest('base64url'));
    expect(await verifyPartnerToken(token, SECRET, NOW)).toEqual({ ok: true, claims: CLAIMS });
  });

  it('keep an address outside ASCII as it was', async () => {
    const claims = { ...CLAIMS, email: 'zoë@partner-one.example' };
    expect(await verifyPartnerToken(await signPartnerToken(claims, SECRET), SECRET, NOW)).toEqual({ ok: true, claims });
  });

  it('lapse at exp exactly', async () => {
    const token = await signPartnerToken(CLAIMS, SECRET);
    expect(await verifyPartnerToken(token, SECRET, CLAIMS.exp * 1000 - 1)).toMatchObject({ ok: true });
    expect(await verifyPartnerToken(token, SECRET, CLAIMS.exp * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it.each<[string, (token: string) => string]>([
    ['another amount in the claims', (token) => `${Buffer.from(JSON.stringify({ ...CLAIMS, amountPence: 99999 })).toString('base64url')}.${token.split('.')[1]}`],
    ['another address in the claims', (token) => `${Buffer.from(JSON.stringify({ ...CLAIMS, email: 'eve@partner-one.example' })).toString('base64url')}.${token.split('.')[1]}`],
    ['a changed signature', (token) => token.replace(/\.(.)/, (_, first: string) => `.${first === 'A' ? 'B' : 'A'}`)],
    ['a signature of another secret', () => `${Buffer.from(JSON.stringify(CLAIMS)).toString('base64url')}.${createHmac('sha256', 'x'.repeat(32)).update(Buffer.from(JSON.stringify(CLAIMS)).toString('base64url')).digest('base64url')}`],
  ])('are refused with %s', async (_, tamper) => {
    expect(await verifyPartnerToken(tamper(await signPartnerToken(CLAIMS, SECRET)), SECRET, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it.each([
    ['nothing', ''],
    ['one part', 'abc'],
    ['three parts', 'a.b.c'],
    ['an empty signature', 'abc.'],
    ['characters outside base64url', 'ab+c.de/f'],
    ['a signed body that is no JSON', signedBody(Buffer.from('not json').toString('base64url'))],
    ['signed claims without an expiry', signedBody(Buffer.from(JSON.stringify({ ...CLAIMS, exp: undefined })).toString('base64url'))],
    ['signed claims with a fractional amount', signedBody(Buffer.from(JSON.stringify({ ...CLAIMS, amountPence: 1.5 })).toString('base64url'))],
  ])('are malformed with %s', async (_, token) => {
    expect(await verifyPartnerToken(token, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it.each([
    ['31 bytes', 'x'.repeat(31), false],
    ['32 bytes', 'x'.repeat(32), true],
    ['16 characters of 2 bytes each', 'é'.repeat(16), true],
    ['no string', 42, false],
  ])('need a secret of at least 32 bytes: %s', (_, secret, fine) => {
    const check = () => checkTokenSecret('createX', 'tokenSecret', secret);
    if (fine) expect(check).not.toThrow();
    else expect(check).toThrow(new TypeError('createX: tokenSecret must be a string of at least 32 bytes.'));
  });
});

describe('partnerTokenId', () => {
  it('names the verification by a keyed hash of its shop code: the same for every token of it, another for another code or secret', async () => {
    const id = await partnerTokenId(CLAIMS, SECRET);
    expect(id).toBe(createHmac('sha256', SECRET).update(`partner-token:${CLAIMS.discountCode}`).digest('base64url'));
    expect(await partnerTokenId({ ...CLAIMS, exp: CLAIMS.exp + 60, email: 'other@partner-one.example' }, SECRET)).toBe(id);
    expect(await partnerTokenId({ ...CLAIMS, discountCode: 'PARTNER-OTHER' }, SECRET)).not.toBe(id);
    expect(await partnerTokenId(CLAIMS, `${SECRET}!`)).not.toBe(id);
    expect(id).not.toContain(CLAIMS.discountCode);
  });
});
