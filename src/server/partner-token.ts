/**
 * The partner-discount verification token: the partner-discount handler's signed word that whoever
 * holds it entered the one-time code sent to `email`. The direct-debit and quote handlers price a
 * partner discount from it alone, never from a typed e-mail. Its form is
 * `base64url(JSON claims).base64url(HMAC-SHA256(secret, first part))`; only servers holding the
 * secret read or make one.
 */

export interface PartnerTokenClaims {
  /** The verified address, lower-cased. */
  email: string;
  /** The catalogue discount the address's domain earned (its `id`). */
  partnerId: string;
  /** That discount's amount when verified. */
  amountPence: number;
  /** The single-use shop code created for this verification. */
  discountCode: string;
  /** When the token lapses, in seconds since the epoch. */
  exp: number;
}

export type PartnerTokenCheck =
  | { ok: true; claims: PartnerTokenClaims }
  /** `malformed`: not a token at all; `signature`: not signed with this secret (or altered); `expired`: past `exp`. */
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** A shorter secret could be guessed offline from one token. */
export const MIN_TOKEN_SECRET_BYTES = 32;

const encoder = new TextEncoder();

/** Refuses a secret shorter than 32 bytes; the message never holds the secret. */
export function checkTokenSecret(caller: string, name: string, secret: unknown): void {
  if (typeof secret !== 'string' || encoder.encode(secret).byteLength < MIN_TOKEN_SECRET_BYTES) {
    throw new TypeError(`${caller}: ${name} must be a string of at least ${MIN_TOKEN_SECRET_BYTES} bytes.`);
  }
}

const base64url = (bytes: Uint8Array): string =>
  btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    return Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const hmacKey = (secret: string, usage: KeyUsage) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);

/** A token carrying `claims`, signed with `secret`. */
export async function signPartnerToken(claims: PartnerTokenClaims, secret: string): Promise<string> {
  const body = base64url(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(body));
  return `${body}.${base64url(new Uint8Array(signature))}`;
}

const isClaims = (value: unknown): value is PartnerTokenClaims => {
  const claims = value as Partial<PartnerTokenClaims> | null;
  return (
    typeof claims === 'object' && claims !== null &&
    typeof claims.email === 'string' && typeof claims.partnerId === 'string' && typeof claims.discountCode === 'string' &&
    Number.isSafeInteger(claims.amountPence) && Number.isFinite(claims.exp)
  );
};

/**
 * The claims of a token signed with `secret` that has not lapsed at `now` (milliseconds since the
 * epoch), or why not. The signature is checked (in constant time) before anything is read.
 */
export async function verifyPartnerToken(token: string, secret: string, now: number): Promise<PartnerTokenCheck> {
  const parts = typeof token === 'string' ? token.split('.') : [];
  const signature = parts.length === 2 ? fromBase64url(parts[1]!) : undefined;
  if (!signature || !fromBase64url(parts[0]!)) return { ok: false, reason: 'malformed' };
  if (!(await crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), signature, encoder.encode(parts[0])))) {
    return { ok: false, reason: 'signature' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(fromBase64url(parts[0]!)));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  return claims.exp * 1000 > now ? { ok: true, claims } : { ok: false, reason: 'expired' };
}

/**
 * The verification a token proves, as stored: a keyed hash of its single-use shop code, which each
 * verification makes anew, so every token of one verification (old ones included) has the same id
 * and the store never holds a code that works at the shop's checkout.
 */
export async function partnerTokenId(claims: PartnerTokenClaims, secret: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(`partner-token:${claims.discountCode}`));
  return base64url(new Uint8Array(mac));
}
