// Vitest global setup: builds the test database templates (tests/helpers/db-templates.ts) once per
// run, in a child process that runs beside the first test files; createTestDb waits for the
// template it needs. ENCORE_TEST_DB_TEMPLATES=off turns this off (every file migrates and seeds).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { templateFiles } from '../helpers/db-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.ENCORE_TEST_DB_TEMPLATES === 'off') {
    project.provide('dbTemplates', undefined);
    return;
  }
  // The development key (data/secret.key, made on first use) must exist before two processes
  // race to make it: the templates seal TOTP secrets with it.
  const { secretKey } = await import('../../src/server/lib/secret-key');
  secretKey();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-test-templates-'));
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-test-templates-storage-'));
  const files = templateFiles(dir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/db-templates-build.ts', dir], {
    env: { ...process.env, STORAGE_DIR: storage },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      if (!fs.existsSync(files.done) && !fs.existsSync(files.failed)) fs.writeFileSync(files.failed, `exit ${code ?? signal}`);
      resolve();
    });
  });
  project.provide('dbTemplates', dir);
  return async () => {
    const running = child.exitCode === null && child.signalCode === null;
    if (running) child.kill();
    await exited;
    if (!running && fs.existsSync(files.failed)) console.warn(`db templates: the build failed, test files migrated and seeded themselves:\n${fs.existsSync(files.log) ? fs.readFileSync(files.log, 'utf8') : fs.readFileSync(files.failed, 'utf8')}`);
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl && fs.existsSync(files.pgNames)) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      for (const name of Object.values(JSON.parse(fs.readFileSync(files.pgNames, 'utf8')) as Record<string, string>)) {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(storage, { recursive: true, force: true });
  };
}
