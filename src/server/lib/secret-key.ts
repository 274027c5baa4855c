// The server's master secret (ARCHITECTURE.md §3 Secrets): ENCORE_SECRET_KEY (base64, 32 bytes),
// or a development key generated once into DATA_DIR and never committed.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { config } from '../config';

let cached: Buffer | undefined;

export function secretKey(): Buffer {
  if (cached) return cached;
  const fromEnv = process.env.ENCORE_SECRET_KEY;
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('ENCORE_SECRET_KEY must be 32 bytes, base64-encoded');
    cached = key;
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
