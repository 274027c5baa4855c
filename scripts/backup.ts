// `npm run backup [-- --out DIR]`: a consistent backup of the embedded database (DATA_DIR, default
// ./data) as a gzipped tarball in DATA_DIR/backups (or --out). With `npm start` running on that
// directory the server writes it (SIGUSR2); otherwise this process opens the database itself.
// PostgreSQL (DATABASE_URL): use pg_dump (docs/OPERATIONS.md).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { config } from '../src/server/config';
import { BACKUPS_DIR, pglitePath, runningServerPid, writeBackup } from '../src/server/lifecycle/backup';

const args = process.argv.slice(2);
const outArg = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;

if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump -Fc (docs/OPERATIONS.md).');
  process.exit(2);
}
if (config.dataDir === 'memory://' || !fs.existsSync(pglitePath(config.dataDir))) {
  console.error(`No embedded database at ${pglitePath(config.dataDir)} (DATA_DIR).`);
  process.exit(2);
}
const backups = path.join(config.dataDir, BACKUPS_DIR);
const out = path.resolve(outArg ?? backups);
const pid = runningServerPid(config.dataDir);
let file: string;
if (pid !== null) {
  // The server holds the directory: it writes the dump, we wait for the new file.
  const before = new Set(fs.existsSync(backups) ? fs.readdirSync(backups) : []);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 10 * 60_000;
  let found: string | undefined;
  while (!found && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    found = (fs.existsSync(backups) ? fs.readdirSync(backups) : []).find((f) => f.endsWith('.tar.gz') && !before.has(f));
  }
  if (!found) {
    console.error(`The server (pid ${pid}) wrote no backup within 10 minutes; see its log.`);
    process.exit(1);
  }
  file = path.join(backups, found);
  if (out !== backups) {
    fs.mkdirSync(out, { recursive: true });
    fs.renameSync(file, path.join(out, found));
    file = path.join(out, found);
  }
} else {
  const client = new PGlite(pglitePath(config.dataDir));
  await client.waitReady;
  file = await writeBackup(() => client.dumpDataDir('gzip'), out);
  await client.close();
}
console.log(`Backup written: ${file} (${(fs.statSync(file).size / 1e6).toFixed(1)} MB)`);
