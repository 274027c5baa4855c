// Production defaults (security review, finding 9): no demo seed unless ENCORE_AUTO_SEED=on, no
// generated secret key, and no readable one-time codes in the outbox or the log outside the demo.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { outbox, partners } from '../../src/server/db/schema';
import { autoSeedFrom, config } from '../../src/server/config';
import { MISSING_SECRET_KEY_MESSAGE, resetSecretKeyCache, secretKey, SecretKeyError } from '../../src/server/lib/secret-key';
import { queueMail, sendPending } from '../../src/server/modules/mail/outbox';
import { setMailTransport, type MailMessage } from '../../src/server/adapters/mail/index';

const mutable = config as { demo: boolean; production: boolean };
const CODE = /\b\d{6}\b/;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  mutable.demo = true;
  mutable.production = false;
  setMailTransport();
  vi.restoreAllMocks();
  resetSecretKeyCache();
});

describe('demo seed', () => {
  it('production seeds only with ENCORE_AUTO_SEED=on; elsewhere unless off', () => {
    expect(autoSeedFrom({ NODE_ENV: 'production' })).toBe(false);
    expect(autoSeedFrom({ NODE_ENV: 'production', ENCORE_AUTO_SEED: 'off' })).toBe(false);
    expect(autoSeedFrom({ NODE_ENV: 'production', ENCORE_AUTO_SEED: 'true' })).toBe(false);
    expect(autoSeedFrom({ NODE_ENV: 'production', ENCORE_AUTO_SEED: 'on' })).toBe(true);
    expect(autoSeedFrom({})).toBe(true);
    expect(autoSeedFrom({ ENCORE_AUTO_SEED: 'off' })).toBe(false);
  });

  it('a production boot leaves an empty database empty', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('DATA_DIR', 'memory://');
    vi.stubEnv('ENCORE_WORKER', 'off');
    vi.stubEnv('ENCORE_AUTO_SEED', '');
    vi.stubEnv('ENCORE_SECRET_KEY', Buffer.alloc(32, 7).toString('base64'));
    vi.resetModules();
    try {
      const fresh = await import('../../src/server/config');
      expect(fresh.config.autoSeed).toBe(false);
      expect(fresh.config.demo).toBe(false);
      const { boot } = await import('../../src/server/boot');
      const { getDb, closeDb } = await import('../../src/server/db/client');
      const info = await boot();
      expect(info.seed).toBeNull();
      const [{ n }] = await (await getDb()).select({ n: count() }).from(partners);
      expect(n).toBe(0);
      await closeDb();
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});

describe('secret key', () => {
  it('production refuses to generate one', () => {
    vi.stubEnv('ENCORE_SECRET_KEY', '');
    mutable.production = true;
    try {
      expect(() => secretKey()).toThrow(SecretKeyError);
      expect(() => secretKey()).toThrow(/ENCORE_SECRET_KEY is not set/);
      vi.stubEnv('ENCORE_SECRET_KEY', Buffer.alloc(32, 1).toString('base64'));
      expect(secretKey()).toHaveLength(32);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  const run = (script: string, env: Record<string, string>) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    delete childEnv.ENCORE_SECRET_KEY;
    delete childEnv.VITEST;
    delete childEnv.VITEST_WORKER_ID;
    return spawnSync(path.resolve('node_modules/.bin/tsx'), [script], { env: childEnv, encoding: 'utf8', timeout: 25_000 });
  };

  it('npm start exits non-zero with the reason when production has no ENCORE_SECRET_KEY', () => {
    const r = run('scripts/start.ts', { NODE_ENV: 'production', DATA_DIR: 'memory://', ENCORE_WORKER: 'off', PORT: '0' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(MISSING_SECRET_KEY_MESSAGE);
  });

  it('npm run worker exits non-zero with the reason when production has no ENCORE_SECRET_KEY', () => {
    const r = run('src/server/jobs/worker-cli.ts', { NODE_ENV: 'production', DATABASE_URL: 'postgres://encore@127.0.0.1:1/none' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(MISSING_SECRET_KEY_MESSAGE);
  });
});

describe('outbox outside the demo', () => {
  const rowOf = async (to: string) => (await t.db.select().from(outbox).where(eq(outbox.to, to)))[0];

  it('without a mail server keeps no body and logs only recipient, template and id', async () => {
    mutable.demo = false;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await queueMail(t.db, 'nolog@x.example', 'resetCode', 'en', { code: '482913' });
    const row = await rowOf('nolog@x.example');
    expect(row).toMatchObject({ subject: null, text: null, html: null, sealed: null, template: 'resetCode', sentAt: null });
    const printed = log.mock.calls.map((c) => c.join(' ')).join('\n');
    expect(printed).toContain('to=nolog@x.example');
    expect(printed).toContain('template=resetCode');
    expect(printed).toContain(`id=${row.id}`);
    expect(printed).not.toContain('482913');
    expect(JSON.stringify(row)).not.toContain('482913');
  });

  it('with a mail server keeps the message sealed until sent, then drops it', async () => {
    mutable.demo = false;
    const sent: MailMessage[] = [];
    setMailTransport({ kind: 'smtp', send: async (m) => void sent.push(m) });
    await queueMail(t.db, 'sealed@x.example', 'mfaCode', 'en', { code: '735106' });
    const queued = await rowOf('sealed@x.example');
    expect(queued).toMatchObject({ subject: null, text: null, html: null });
    expect(queued.sealed).toMatch(/^v1\./);
    expect(JSON.stringify(queued)).not.toContain('735106');
    await sendPending(t.db, queued.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toContain('735106');
    expect(sent[0].text).toContain('735106');
    const done = await rowOf('sealed@x.example');
    expect(done.sentAt).not.toBeNull();
    expect(done.sealed).toBeNull();
    expect(JSON.stringify(done)).not.toContain('735106');
  });

  it('drops the sealed message when delivery is given up', async () => {
    mutable.demo = false;
    setMailTransport({
      kind: 'smtp',
      send: async () => {
        throw new Error('connection refused');
      },
    });
    await queueMail(t.db, 'bounce@x.example', 'resetCode', 'en', { code: '111222' });
    const { id } = await rowOf('bounce@x.example');
    for (let i = 0; i < 4; i++) await expect(sendPending(t.db, id)).rejects.toThrow();
    expect((await rowOf('bounce@x.example')).sealed).not.toBeNull();
    await expect(sendPending(t.db, id)).rejects.toThrow();
    expect(await rowOf('bounce@x.example')).toMatchObject({ attempts: 5, sealed: null, sentAt: null });
  });

  it('the demo keeps the readable mail for the development mailbox and prints it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await queueMail(t.db, 'demo@x.example', 'resetCode', 'en', { code: '654321' });
    const row = await rowOf('demo@x.example');
    expect(row.text).toMatch(CODE);
    expect(row.sealed).toBeNull();
    expect(log.mock.calls.map((c) => c.join(' ')).join('\n')).toContain('654321');
  });
});
