// TOTP verification window and replay rule, and the crypto helpers (issue 3 §2, §6).
import { describe, expect, it } from 'vitest';
import { totpCode, verifyTotp, newTotpSecret } from '../../../src/server/modules/auth/totp';
import { decryptSecret, encryptSecret, hashCode, randomDigits, safeEqual } from '../../../src/server/lib/crypto';
import { lockSeconds } from '../../../src/server/modules/auth/lockout';

const SECRET = 'JBSWY3DPEHPK3PXP';
const T = Date.UTC(2026, 0, 1, 12, 0, 15); // inside a step
const step = Math.floor(T / 30_000);

describe('verifyTotp', () => {
  it('matches the RFC 6238 reference for the demo secret', () => {
    expect(totpCode(SECRET, 59_000)).toMatch(/^\d{6}$/);
    expect(verifyTotp(SECRET, totpCode(SECRET, T), null, T)).toBe(step);
  });
  it('accepts one step of drift either way, not two', () => {
    expect(verifyTotp(SECRET, totpCode(SECRET, T - 30_000), null, T)).toBe(step - 1);
    expect(verifyTotp(SECRET, totpCode(SECRET, T + 30_000), null, T)).toBe(step + 1);
    expect(verifyTotp(SECRET, totpCode(SECRET, T + 60_000), null, T)).toBeNull();
    expect(verifyTotp(SECRET, totpCode(SECRET, T - 60_000), null, T)).toBeNull();
  });
  it('refuses the same or an earlier step once spent (replay)', () => {
    const code = totpCode(SECRET, T);
    expect(verifyTotp(SECRET, code, step, T)).toBeNull();
    expect(verifyTotp(SECRET, totpCode(SECRET, T - 30_000), step, T)).toBeNull();
    expect(verifyTotp(SECRET, totpCode(SECRET, T + 30_000), step, T)).toBe(step + 1);
  });
  it('refuses malformed codes and another secret', () => {
    expect(verifyTotp(SECRET, '12345', null, T)).toBeNull();
    expect(verifyTotp(SECRET, 'abcdef', null, T)).toBeNull();
    expect(verifyTotp(newTotpSecret(), totpCode(SECRET, T), null, T)).toBeNull();
  });
});

describe('crypto helpers', () => {
  it('seals secrets with AES-256-GCM bound to their context', () => {
    const sealed = encryptSecret(SECRET, 'totp:u1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(encryptSecret(SECRET, 'totp:u1')).not.toBe(sealed); // fresh IV
    expect(decryptSecret(sealed, 'totp:u1')).toBe(SECRET);
    expect(() => decryptSecret(sealed, 'totp:u2')).toThrow();
    const [v, iv, tag, ct] = sealed.split('.');
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0] ^= 1;
    expect(() => decryptSecret([v, iv, tag, flipped.toString('base64url')].join('.'), 'totp:u1')).toThrow();
  });
  it('hashes codes with a key and scope; compares in constant time', () => {
    expect(hashCode('123456', 'a')).toBe(hashCode('123456', 'a'));
    expect(hashCode('123456', 'a')).not.toBe(hashCode('123456', 'b'));
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
  it('draws 6-digit codes with leading zeros', () => {
    for (let i = 0; i < 200; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });
  it('lockout grows from 1 minute, doubling, capped at 15 minutes', () => {
    expect([4, 5, 6, 7, 8, 9, 20].map(lockSeconds)).toEqual([0, 60, 120, 240, 480, 900, 900]);
  });
});
