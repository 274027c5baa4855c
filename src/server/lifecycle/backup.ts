// Backup and restore of the embedded database (issue 24 §3). A backup is PGlite's own dump of its
// data directory (dumpDataDir: a gzipped tarball of a consistent state — PGlite runs one statement
// at a time, so the dump sees no half-written transaction). While `npm start` runs, only its process
// may open the directory: `npm run backup` asks it (SIGUSR2, the pid in DATA_DIR/encore.pid) and
// waits for the file; with no server running it opens the directory itself. A restore goes into an
// empty data directory only — it never overwrites a database. PostgreSQL is backed up with its own
// tools (pg_dump/pg_restore, docs/OPERATIONS.md).
import fs from 'node:fs';
import path from 'node:path';

export const PID_FILE = 'encore.pid';
export const BACKUPS_DIR = 'backups';

export function pglitePath(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** The pid of a live server on this data directory, or null. */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Writes DATA_DIR/encore.pid for `npm run backup`; removed again on exit. */
export function writePidFile(dataDir: string): void {
  const file = path.join(dataDir, PID_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, String(process.pid));
  process.on('exit', () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      /* already gone */
    }
  });
}

/** The backup's file name: encore-2026-11-29T21-40-05-123Z.tar.gz (sorts by time). */
export function backupName(at: Date): string {
  return `encore-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/**
 * Dumps through `dump` into `dir` and returns the file's path. Written beside it first and renamed
 * when complete, so a half-written backup never looks like a backup.
 */
export async function writeBackup(dump: () => Promise<Blob>, dir: string, at = new Date()): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, backupName(at));
  const partial = `${file}.partial`;
  const bytes = Buffer.from(await (await dump()).arrayBuffer());
  fs.writeFileSync(partial, bytes);
  fs.renameSync(partial, file);
  return file;
}

/** In the server: SIGUSR2 writes a backup into DATA_DIR/backups. */
export function onBackupSignal(dump: () => Promise<Blob>, dataDir: string, log: (line: string) => void): void {
  let busy = false;
  process.on('SIGUSR2', () => {
    if (busy) return;
    busy = true;
    writeBackup(dump, path.join(dataDir, BACKUPS_DIR))
      .then((file) => log(`[backup] written: ${file}`), (err) => log(`[backup] failed: ${(err as Error).message}`))
      .finally(() => (busy = false));
  });
}

/** Whether `dir` holds no database (missing, or an empty folder). */
export function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}
