// The server's master secret (ARCHITECTURE.md §3 Secrets): ENCORE_SECRET_KEY (base64, 32 bytes),
// or, outside production only, a development key generated once into DATA_DIR and never
// committed. Production refuses to run without ENCORE_SECRET_KEY: a generated key on one
// machine's disk would silently differ between web processes and be lost with the disk.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { config } from '../config';

export const MISSING_SECRET_KEY_MESSAGE =
  'ENCORE_SECRET_KEY is not set. In production (NODE_ENV=production) Encore does not generate a key: ' +
  'set ENCORE_SECRET_KEY to 32 random bytes, base64-encoded (for example `openssl rand -base64 32`), ' +
  'the same for every process, and keep it safe: it signs ID tokens and encrypts secrets at rest.';

export class SecretKeyError extends Error {}

let cached: Buffer | undefined;

export function secretKey(): Buffer {
  if (cached) return cached;
  const fromEnv = process.env.ENCORE_SECRET_KEY;
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new SecretKeyError('ENCORE_SECRET_KEY must be 32 bytes, base64-encoded (for example `openssl rand -base64 32`).');
    cached = key;
  } else if (config.production) {
    throw new SecretKeyError(MISSING_SECRET_KEY_MESSAGE);
  } else if (config.dataDir === 'memory://') {
    cached = randomBytes(32);
  } else {
    const file = path.join(config.dataDir, 'secret.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
    }
    cached = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  }
  return cached;
}

/**
 * For the entry points (npm start, npm run worker, npm run seed): without a usable key, print
 * the reason and exit non-zero before anything else starts.
 */
export function requireSecretKeyOrExit(): void {
  try {
    secretKey();
  } catch (err) {
    if (!(err instanceof SecretKeyError)) throw err;
    console.error(`Encore cannot start: ${err.message}`);
    process.exit(1);
  }
}

/** Tests only: forget the cached key (after changing ENCORE_SECRET_KEY or config). */
export function resetSecretKeyCache(): void {
  cached = undefined;
}
