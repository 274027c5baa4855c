// Token and secret helpers. Tokens are random; only their SHA-256 is stored.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { secretKey } from './secret-key';

export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Constant-time string comparison (equal-length digests compared without early exit). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}


/** A sub-key of ENCORE_SECRET_KEY for one purpose, so no two uses share a key (ARCHITECTURE §3). */
export function derivedKey(label: string): Buffer {
  return createHmac('sha256', secretKey()).update(`encore:${label}`).digest();
}

/**
 * A token derived from another secret token: HMAC-SHA256 under a purpose key. Whoever holds
 * `input` and the server secret can compute it again; nobody else can (and it is never stored,
 * only its SHA-256 like every token).
 */
export function derivedToken(purpose: string, input: string): string {
  return createHmac('sha256', derivedKey(`token:${purpose}`)).update(input).digest('base64url');
}

/**
 * AES-256-GCM of a secret at rest (TOTP secrets). Output: v1.<iv>.<tag>.<ciphertext>, base64url.
 * `context` is bound as associated data (e.g. the user id) so a ciphertext cannot be moved
 * to another row.
 */
export function encryptSecret(plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey('secrets-at-rest'), iv);
  cipher.setAAD(Buffer.from(context));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export function decryptSecret(sealed: string, context: string): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey('secrets-at-rest'), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Keyed hash of a short code (6 digits): a plain SHA-256 of a million possible codes is undone
 * offline in a blink after a database leak; an HMAC with the server secret is not.
 */
export function hashCode(code: string, scope: string): string {
  return createHmac('sha256', derivedKey('one-time-codes')).update(`${scope}:${code}`).digest('base64url');
}

/** A uniformly random numeric code of `digits` digits (leading zeros kept). */
export function randomDigits(digits = 6): string {
  let out = '';
  for (let i = 0; i < digits; i++) out += String(randomInt(10));
  return out;
}
