// `npm run restore -- <backup.tar.gz>`: restores a backup of `npm run backup` into DATA_DIR
// (default ./data), which must hold no database yet: a restore never overwrites one. Stop the
// server first; start it again afterwards (it migrates a backup of an older version forward).
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { config } from '../src/server/config';
import { isEmptyDir, pglitePath, runningServerPid } from '../src/server/lifecycle/backup';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run restore -- <backup.tar.gz>   (into DATA_DIR, default ./data)');
  process.exit(2);
}
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/OPERATIONS.md).');
  process.exit(2);
}
const target = pglitePath(config.dataDir);
if (runningServerPid(config.dataDir) !== null) {
  console.error(`A server is running on ${config.dataDir}: stop it first.`);
  process.exit(1);
}
if (!isEmptyDir(target)) {
  console.error(`${target} already holds a database; restore into an empty DATA_DIR (nothing is overwritten).`);
  process.exit(1);
}
fs.mkdirSync(target, { recursive: true });
let client: PGlite | undefined;
try {
  client = new PGlite(target, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  await client.waitReady;
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1', ['public']);
  await client.close();
  console.log(`Restored ${file} into ${target} (${rows[0]?.n ?? 0} tables).`);
} catch (err) {
  await client?.close().catch(() => {});
  // A backup that cannot be read leaves nothing half-restored behind.
  fs.rmSync(target, { recursive: true, force: true });
  console.error(`The backup could not be restored: ${(err as Error).message}`);
  process.exit(1);
}
