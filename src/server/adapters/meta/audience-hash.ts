// Customer-list custom audiences take hashed identifiers only (Meta Marketing API, "Customer File
// Custom Audiences" → Hashing and Normalizing Data): an email is trimmed of leading and trailing
// whitespace, lower-cased, then SHA-256 hashed to 64 hex characters. A raw address never leaves
// the server: the Graph client refuses anything that is not such a hash. Pure, unit-tested.
import { createHash } from 'node:crypto';

/** Meta: "You can add an unlimited number of records to an audience, but only up to 10000 at a time." */
export const MAX_AUDIENCE_BATCH = 10_000;

/** Loose on purpose (Meta does the matching): one @, something on both sides, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Meta's normalisation of an email (trim, lower-case); null for a blank or malformed one. */
export function normaliseEmail(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.trim().toLowerCase();
  return EMAIL.test(email) ? email : null;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** The distinct hashes of the usable addresses among `emails`, sorted (a stable upload). */
export function emailHashes(emails: readonly (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const raw of emails) {
    const email = normaliseEmail(raw);
    if (email) out.add(sha256Hex(email));
  }
  return [...out].sort();
}

/** `list` in consecutive batches of at most `size` (Meta's per-request maximum by default). */
export function batches<T>(list: readonly T[], size = MAX_AUDIENCE_BATCH): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('batch size must be a positive integer');
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
