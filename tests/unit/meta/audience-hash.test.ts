// Customer-list audiences (issue 22): Meta's normalisation of an email (trim, lower-case), its
// SHA-256 as 64 hex characters, and uploads in batches of at most 10,000.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { batches, emailHashes, MAX_AUDIENCE_BATCH, normaliseEmail, SHA256_HEX, sha256Hex } from '../../../src/server/adapters/meta/audience-hash';

// printf 'test@example.com' | sha256sum — computed outside Node.
const TEST_EXAMPLE = '973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b';

describe('normaliseEmail', () => {
  it('trims and lower-cases, as Meta hashes', () => {
    expect(normaliseEmail('  Test@Example.COM \t')).toBe('test@example.com');
  });

  it('refuses blanks and what is no address', () => {
    expect([null, undefined, '', '   ', 'no-at-sign.example', 'a@b', 'two words@example.com', '@example.com'].map(normaliseEmail)).toEqual([null, null, null, null, null, null, null, null]);
  });
});

describe('emailHashes', () => {
  it('hashes the normalised address with SHA-256 (a known vector)', () => {
    expect(sha256Hex('test@example.com')).toBe(TEST_EXAMPLE);
    expect(emailHashes([' TEST@example.com '])).toEqual([TEST_EXAMPLE]);
  });

  it('sends each address once, sorted, and leaves out unusable ones', () => {
    const out = emailHashes(['b@example.com', 'B@Example.com ', null, 'broken', 'a@example.com']);
    expect(out).toHaveLength(2);
    expect(out).toEqual([...out].sort());
    expect(out).toContain(sha256Hex('a@example.com'));
  });

  it('never lets an address through: every output is 64 lower-case hex characters', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.emailAddress(), fc.string())), (list) => {
        const out = emailHashes(list);
        return out.every((h) => SHA256_HEX.test(h)) && out.every((h) => !list.includes(h));
      }),
    );
  });
});

describe('batches', () => {
  it('cuts at Meta’s maximum of 10,000 per request, keeping order', () => {
    const list = Array.from({ length: 25_001 }, (_, i) => i);
    const parts = batches(list);
    expect(MAX_AUDIENCE_BATCH).toBe(10_000);
    expect(parts.map((p) => p.length)).toEqual([10_000, 10_000, 5_001]);
    expect(parts.flat()).toEqual(list);
  });

  it('makes no batch of nothing, and refuses a size below one', () => {
    expect(batches([])).toEqual([]);
    expect(() => batches([1], 0)).toThrow(RangeError);
  });
});
