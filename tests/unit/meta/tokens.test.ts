import { beforeAll, describe, expect, it } from 'vitest';
import { isTokenExpired, openMetaToken, sealMetaToken, tokenExpiry } from '../../../src/server/adapters/meta/tokens';

beforeAll(() => {
  // secretKey() reads it on first use; a fixed test key keeps the repository's data/ untouched.
  process.env.ENCORE_SECRET_KEY ??= Buffer.alloc(32, 7).toString('base64');
});

const owner = { partnerId: '1001', platformUserId: '10001' };
const TOKEN = 'EAAGm0PX4ZCpsBAKZCZC7jH1sZBUUB9UeKZAXZCvZBZCx0nLh1Zlong-lived-token-value';

describe('Meta tokens at rest', () => {
  it('seals a token into a form that never contains it, and opens it again', () => {
    const sealed = sealMetaToken(TOKEN, owner);
    expect(sealed).not.toContain(TOKEN);
    expect(sealed).not.toContain(TOKEN.slice(0, 12));
    expect(sealed).not.toContain(Buffer.from(TOKEN).toString('base64url').slice(0, 16));
    expect(sealed).not.toBe(sealMetaToken(TOKEN, owner)); // a fresh IV each time
    expect(openMetaToken(sealed, owner)).toBe(TOKEN);
  });

  it('refuses to open a sealed token for another partner or platform user', () => {
    const sealed = sealMetaToken(TOKEN, owner);
    expect(() => openMetaToken(sealed, { ...owner, partnerId: '1002' })).toThrow();
    expect(() => openMetaToken(sealed, { ...owner, platformUserId: '10002' })).toThrow();
  });

  it('refuses a tampered ciphertext', () => {
    const sealed = sealMetaToken(TOKEN, owner);
    const parts = sealed.split('.');
    const ct = Buffer.from(parts[3]!, 'base64url');
    ct[0] = ct[0]! ^ 1;
    parts[3] = ct.toString('base64url');
    expect(() => openMetaToken(parts.join('.'), owner)).toThrow();
  });

  it('computes the expiry from expires_in and tracks it with a margin', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const at = tokenExpiry(5_183_944, now)!;
    expect(at.toISOString()).toBe('2027-01-23T09:59:04.000Z');
    expect(tokenExpiry(undefined, now)).toBeNull();
    expect(tokenExpiry(-5, now)!.getTime()).toBe(now.getTime());
    expect(isTokenExpired(at, now)).toBe(false);
    expect(isTokenExpired(at, new Date(at.getTime() - 60_000))).toBe(true); // within the 5-minute margin
    expect(isTokenExpired(null, now)).toBe(false);
  });
});
