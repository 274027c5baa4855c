// Issue 23 on the seeded demo: the integrations manager (/secrets*) and the CRM export (/crm/*) —
// every call with good and bad input (NUL bytes, lone surrogates, 81-character names, unknown
// services, a missing tenant reference), another partner's ids (404), missing permissions (403),
// the export task end to end against the sandbox (opted-out customers and customers without an
// email never leave), a package variation, failures of the task, the real client wired through a
// stored secret, and the secret itself never in any response, log line or unsealed column.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { crmExports, permissions, secrets, users } from '../../src/server/db/schema';
import { insertQuestion, type Who } from '../../src/server/modules/nlq/repo';
import { openSealedSecret } from '../../src/server/modules/integrations/secrets';
import { sandboxInbox, sandboxSeed, setCrmAdapterFactory } from '../../src/server/adapters/crm';
import { HubSpotCrm } from '../../src/server/adapters/crm/hubspot';
import { CrmExportResponse, CrmExportResult, IntegrationTypesResponse, SecretItem, SecretsResponse, SupportedCrmsResponse } from '../../src/lib/contracts/integrations';
import { SENTINEL } from '../../src/lib/contracts/nlq';
import { HUBSPOT_TOKEN, startFakeHubSpot, type FakeHubSpot } from '../helpers/fake-crm';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // 1001, every permission and feature
let colleague: string; // analyst@: 1001, lookout and sales, given sentinel here; no settings, no backhaul
let multi: string; // 1001 with settings but neither sentinel nor backhaul
let outsider: string; // 1002 with settings, backhaul and (here) sentinel
let analystId: string;
const who = {} as Record<'admin' | 'colleague' | 'outsider', Who>;

const HUBSPOT_SECRET = 'pat-na1-aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const MAILCHIMP_SECRET = '89abcdef0123456789abcdef01234567-us14';
const OTHER_SECRET = 'pat-eu1-99999999-8888-4777-8666-555555555555';
const RAW_SECRETS = [HUBSPOT_SECRET, MAILCHIMP_SECRET, OTHER_SECRET, HUBSPOT_TOKEN];

// Every answer body and every log line of the file, searched for the secrets at the end.
const bodies: string[] = [];
const logLines: string[] = [];

async function userId(email: string) {
  return (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
}

async function call(method: string, path: string, token = admin, json?: unknown, raw?: string) {
  // multi@ belongs to two partners: it acts for 1001.
  const res = await api.request(path, { method, token, ...(token === multi ? { partner: 1001 } : {}), ...(json !== undefined ? { json } : {}), ...(raw !== undefined ? { body: raw, headers: { 'content-type': 'application/json' } } : {}) });
  const text = await res.clone().text();
  bodies.push(text);
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}

async function expectError(p: ReturnType<typeof call>, status: number, code: string) {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const err = await errorOf(r.res);
  expect(err.error_code).toBe(code);
  return err;
}

async function drain() {
  while (await runOnce(t.db, 'crm-test')) {
    /* until the queue is empty */
  }
}

beforeAll(async () => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logLines.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      if (level === 'error') original(...args);
    });
  }
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  analystId = await userId('analyst@encore.demo');
  const prismaId = await userId('prisma@encore.demo');
  await t.db
    .insert(permissions)
    .values([
      { userId: prismaId, partnerId: 1002, name: 'sentinel', isEnabled: true },
      { userId: analystId, partnerId: 1001, name: 'sentinel', isEnabled: true },
    ])
    .onConflictDoUpdate({ target: [permissions.userId, permissions.partnerId, permissions.name], set: { isEnabled: true } });
  admin = (await api.signIn('admin@encore.demo')).token;
  colleague = (await api.signIn('analyst@encore.demo')).token;
  multi = (await api.signIn('multi@encore.demo')).token;
  outsider = (await api.signIn('prisma@encore.demo')).token;
  who.admin = { partnerId: 1001, userId: await userId('admin@encore.demo') };
  who.colleague = { partnerId: 1001, userId: analystId };
  who.outsider = { partnerId: 1002, userId: prismaId };
}, 300_000);

afterAll(async () => {
  setCrmAdapterFactory();
  // The secrets never reached an answer or the log.
  for (const secret of RAW_SECRETS) {
    expect(bodies.filter((b) => b.includes(secret)), `an answer holds ${secret.slice(0, 8)}…`).toEqual([]);
    expect(logLines.filter((l) => l.includes(secret)), `a log line holds ${secret.slice(0, 8)}…`).toEqual([]);
  }
  vi.restoreAllMocks();
  await t?.close();
});

const addSecret = (json: unknown, token = admin) => call('POST', '/api/v3/secrets', token, json);

let hubspotId: string;
let mailchimpId: string;

describe('/secrets', () => {
  it('lists the integration types: HubSpot without, Mailchimp with a tenant reference, both in the sandbox', async () => {
    const r = await call('GET', '/api/v3/secrets/services');
    expect(r.status).toBe(200);
    expect(IntegrationTypesResponse.parse(r.body)).toEqual([
      { type: 'hubspot', display_name: 'HubSpot', requires_tenant_ref: false, sandbox: true },
      { type: 'mailchimp', display_name: 'Mailchimp', requires_tenant_ref: true, sandbox: true },
    ]);
  });

  it('adds a secret, answers and lists only its preview, and seals it bound to partner and row', async () => {
    const r = await addSecret({ service_name: 'hubspot', name: 'HubSpot Marketing', raw_secret: `  ${HUBSPOT_SECRET} ` });
    expect(r.status).toBe(201);
    const item = SecretItem.parse(r.body);
    expect(item).toMatchObject({ service_name: 'hubspot', display_name: 'HubSpot', name: 'HubSpot Marketing', secret_preview: '••••eeee', tenant_ref: null });
    expect(Object.keys(r.body).sort()).toEqual(['created_at', 'display_name', 'id', 'name', 'secret_preview', 'service_name', 'tenant_ref']);
    hubspotId = item.id;
    const list = SecretsResponse.parse((await call('GET', '/api/v3/secrets')).body);
    expect(list.map((s) => s.id)).toContain(hubspotId);

    const [row] = await t.db.select().from(secrets).where(eq(secrets.id, hubspotId));
    expect(row!.sealedSecret).not.toContain(HUBSPOT_SECRET);
    expect(row!.sealedSecret).toMatch(/^v1\./);
    expect(openSealedSecret(row!.sealedSecret, 1001, hubspotId)).toBe(HUBSPOT_SECRET);
    // Moved to another partner or row, the sealed value does not open.
    expect(() => openSealedSecret(row!.sealedSecret, 1002, hubspotId)).toThrow();
    expect(() => openSealedSecret(row!.sealedSecret, 1001, '00000000-0000-4000-8000-000000000000')).toThrow();
  });

  it('requires the audience id for Mailchimp and names the secret after its service when no name is given', async () => {
    const err = await expectError(addSecret({ service_name: 'mailchimp', raw_secret: MAILCHIMP_SECRET }), 400, 'error.validation.invalid');
    expect(err.issues!.map((i) => i.path)).toEqual(['tenant_ref']);
    const r = await addSecret({ service_name: 'mailchimp', name: '', raw_secret: MAILCHIMP_SECRET, tenant_ref: 'ab12cd34ef' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Mailchimp', tenant_ref: 'ab12cd34ef', secret_preview: '••••us14' });
    mailchimpId = r.body.id;
  });

  it('refuses bad input with 400 and the field', async () => {
    const ok = { service_name: 'hubspot', name: 'Name', raw_secret: OTHER_SECRET };
    const cases: [unknown, string][] = [
      [{ ...ok, name: 'Na\u0000me' }, 'name'],
      [{ ...ok, raw_secret: `${OTHER_SECRET}\u0000` }, 'raw_secret'],
      [{ ...ok, name: 'Bad \ud800 name' }, 'name'],
      [{ ...ok, raw_secret: `pat-\udc00${OTHER_SECRET}` }, 'raw_secret'],
      [{ ...ok, name: 'x'.repeat(81) }, 'name'],
      [{ ...ok, service_name: 'salesforce' }, 'service_name'],
      [{ ...ok, service_name: undefined }, 'service_name'],
      [{ ...ok, raw_secret: '' }, 'raw_secret'],
      [{ ...ok, raw_secret: 'short' }, 'raw_secret'],
      [{ ...ok, raw_secret: 'x'.repeat(1001) }, 'raw_secret'],
      [{ ...ok, tenant_ref: 'ab12cd34ef' }, 'tenant_ref'],
      [{ service_name: 'mailchimp', raw_secret: 'not-a-mailchimp-key', tenant_ref: 'ab12cd34ef' }, 'raw_secret'],
      [{ service_name: 'mailchimp', raw_secret: MAILCHIMP_SECRET, tenant_ref: 'x y' }, 'tenant_ref'],
      [{ ...ok, unexpected: true }, ''],
    ];
    for (const [json, path] of cases) {
      const err = await expectError(addSecret(json), 400, 'error.validation.invalid');
      if (path) expect(err.issues!.map((i) => i.path), JSON.stringify(json).slice(0, 80)).toContain(path);
    }
    await expectError(call('POST', '/api/v3/secrets', admin, undefined, '{"service_name": "hubspot",'), 400, 'error.request.malformedJson');
    await expectError(call('POST', '/api/v3/secrets', admin, [1, 2]), 400, 'error.validation.invalid');
    // Nothing was stored by any of them.
    expect((await t.db.select().from(secrets).where(eq(secrets.partnerId, 1001))).length).toBe(2);
  });

  it('answers 403 without the settings permission', async () => {
    for (const [method, path, json] of [
      ['GET', '/api/v3/secrets/services'],
      ['GET', '/api/v3/secrets'],
      ['POST', '/api/v3/secrets', { service_name: 'hubspot', raw_secret: OTHER_SECRET }],
      ['DELETE', `/api/v3/secrets/${hubspotId}`],
    ] as [string, string, unknown?][]) {
      const err = await expectError(call(method, path, colleague, json), 403, 'error.auth.forbidden');
      expect(err.error_subcode).toBe('settings');
    }
    expect((await call('GET', '/api/v3/secrets')).body.map((s: SecretItem) => s.id)).toContain(hubspotId);
  });

  it('keeps partners apart: another partner neither lists nor deletes a secret (404)', async () => {
    const theirs = await addSecret({ service_name: 'hubspot', name: 'Harbour', raw_secret: OTHER_SECRET }, outsider);
    expect(theirs.status).toBe(201);
    expect((await call('GET', '/api/v3/secrets', outsider)).body.map((s: SecretItem) => s.id)).toEqual([theirs.body.id]);
    expect((await call('GET', '/api/v3/secrets')).body.map((s: SecretItem) => s.id)).not.toContain(theirs.body.id);
    await expectError(call('DELETE', `/api/v3/secrets/${hubspotId}`, outsider), 404, 'error.common.notFound');
    await expectError(call('DELETE', `/api/v3/secrets/${theirs.body.id}`), 404, 'error.common.notFound');
    expect((await t.db.select().from(secrets).where(eq(secrets.id, hubspotId))).length).toBe(1);
  });

  it('deletes a secret once (204, then 404) and refuses an id that is no uuid', async () => {
    const r = await addSecret({ service_name: 'hubspot', name: 'Temporary', raw_secret: OTHER_SECRET });
    expect((await call('DELETE', `/api/v3/secrets/${r.body.id}`)).status).toBe(204);
    expect((await call('GET', '/api/v3/secrets')).body.map((s: SecretItem) => s.id)).not.toContain(r.body.id);
    await expectError(call('DELETE', `/api/v3/secrets/${r.body.id}`), 404, 'error.common.notFound');
    await expectError(call('DELETE', '/api/v3/secrets/not-a-uuid'), 400, 'error.validation.invalid');
    await expectError(call('DELETE', '/api/v3/secrets/%00'), 400, 'error.validation.invalid');
  });
});

// ---------------------------------------------------------------------------------------------

/** A finished customers answer of `owner` holding `ids`, stored as Sentinel stores one. */
async function customerAnswer(owner: Who, ids: string[], resultType: 'customers' | 'events' = 'customers') {
  const id = await insertQuestion(t.db, owner, {
    description: 'test answer',
    resultType,
    language: 'en',
    typedQuery: { outcome: resultType, filters: [] } as never,
    compiled: { sql: 'SELECT 1', params: [owner.partnerId], filters: [] },
  });
  await t.db.execute(sql`UPDATE nlq_questions SET status = 'SUCCESS', result_ids = ${JSON.stringify(ids)}::jsonb, num_results = ${ids.length}, task_completed_at = now() WHERE id = ${id}`);
  return id;
}

let answerIds: string[];
let optedOut: Set<string>;
let noEmail: Set<string>;
let answerId: number;

const exportPath = (kind: 'nlq' | 'package', q: Record<string, string>) => `/api/v3/crm/export/${kind}?${new URLSearchParams(q).toString()}`;

describe('/crm/supported', () => {
  it('lists the CRM types the partner holds a secret for, with the secrets\' names only', async () => {
    const r = await call('GET', '/api/v3/crm/supported');
    expect(r.status).toBe(200);
    expect(SupportedCrmsResponse.parse(r.body)).toEqual([
      { type: 'hubspot', display_name: 'HubSpot', sandbox: true, integrations: [{ id: hubspotId, name: 'HubSpot Marketing' }] },
      { type: 'mailchimp', display_name: 'Mailchimp', sandbox: true, integrations: [{ id: mailchimpId, name: 'Mailchimp' }] },
    ]);
    // A Sentinel user without settings sees the same list (the export dialog needs it).
    expect((await call('GET', '/api/v3/crm/supported', colleague)).body).toEqual(r.body);
    expect((await call('GET', '/api/v3/crm/supported', outsider)).body.map((s: { type: string }) => s.type)).toEqual(['hubspot']);
    // Without settings, sentinel and backhaul: 403.
    const sentinelOf = (on: boolean) => t.db.update(permissions).set({ isEnabled: on }).where(sql`${permissions.userId} = ${analystId} AND ${permissions.name} = 'sentinel'`);
    await sentinelOf(false);
    try {
      const err = await expectError(call('GET', '/api/v3/crm/supported', colleague), 403, 'error.auth.forbidden');
      expect(err.error_subcode).toBe('settings');
    } finally {
      await sentinelOf(true);
    }
  });
});

describe('/crm/export/nlq', () => {
  beforeAll(async () => {
    const list = await rows<{ id: string }>(t.db, sql`SELECT id::text AS id FROM customers WHERE partner_id = 1001 AND email IS NOT NULL AND ads_opt_out = false ORDER BY id LIMIT 260`);
    answerIds = list.map((r) => r.id);
    optedOut = new Set(answerIds.slice(0, 7));
    noEmail = new Set(answerIds.slice(7, 12));
    await t.db.execute(sql`UPDATE customers SET ads_opt_out = true WHERE partner_id = 1001 AND id = ANY(${`{${[...optedOut].join(',')}}`}::bigint[])`);
    await t.db.execute(sql`UPDATE customers SET email = NULL, email_2 = NULL WHERE partner_id = 1001 AND id = ANY(${`{${[...noEmail].join(',')}}`}::bigint[])`);
    answerId = await customerAnswer(who.admin, answerIds);
  });

  const q = (over: Record<string, string> = {}) => ({ crm_name: 'hubspot', secret_id: hubspotId, container_name: 'Opera fans', ...over });

  it('exports the answer to the sandbox as a task: opted-out customers and customers without an email never leave', async () => {
    const r = await call('POST', exportPath('nlq', q()), admin, { nlq_id: answerId, ids: [] });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const started = CrmExportResponse.parse(r.body);
    const eligible = answerIds.length - optedOut.size - noEmail.size;
    expect(started).toMatchObject({ crm_name: 'hubspot', display_name: 'HubSpot', contacts: eligible, sandbox: true });
    // The dialog's count (fresh-eyes: it showed the customers, opt-outs and email-less ones included).
    const preview = await call('POST', '/api/v3/crm/export/nlq/preview', admin, { nlq_id: answerId, ids: [] });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({ customers: answerIds.length, contacts: eligible });
    expect(started.container_name).toMatch(/^Opera fans \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [queued] = await t.db.select().from(crmExports).where(eq(crmExports.id, started.export_id));
    expect(queued).toMatchObject({ status: 'queued', partnerId: 1001, source: 'nlq', sourceRef: String(answerId), taskId: started.task_id, secretId: hubspotId });

    await drain();
    const task = await call('GET', `/api/v3/tasks/${started.task_id}`);
    expect(task.body).toMatchObject({ ready: true, status: 'SUCCESS' });
    const result = CrmExportResult.parse(task.body.result);
    expect(result.sent + result.rejected).toBe(eligible);
    expect(result.sent).toBeGreaterThan(eligible * 0.9);
    const [done] = await t.db.select().from(crmExports).where(eq(crmExports.id, started.export_id));
    expect(done).toMatchObject({ status: result.rejected ? 'partial' : 'done', contacts: eligible, sent: result.sent, rejected: result.rejected, externalId: result.external_id, error: null });

    // What the sandbox received: exactly the eligible customers' addresses, in one list.
    const inbox = sandboxInbox(sandboxSeed({ service: 'hubspot', secretId: hubspotId }))!;
    const list = inbox.lists.find((l) => l.id === result.external_id)!;
    expect(list.name).toBe(started.container_name);
    expect(list.members).toHaveLength(result.sent);
    const excluded = await rows<{ email: string | null }>(t.db, sql`SELECT lower(email) AS email FROM customers WHERE id = ANY(${`{${[...optedOut].join(',')}}`}::bigint[])`);
    for (const e of excluded) expect(inbox.contacts.has(e.email!)).toBe(false);
    expect(inbox.calls.filter((c) => c.op === 'upsert').every((c) => c.size <= 100)).toBe(true);
  });

  it('exports only the chosen customers, to Mailchimp', async () => {
    const chosen = answerIds.slice(20, 40);
    const r = await call('POST', exportPath('nlq', q({ crm_name: 'mailchimp', secret_id: mailchimpId, container_name: 'x'.repeat(80) })), admin, { nlq_id: answerId, ids: [...chosen, chosen[0]!] });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ contacts: 20, display_name: 'Mailchimp' });
    expect(r.body.container_name).toHaveLength(100);
    await drain();
    const result = CrmExportResult.parse((await call('GET', `/api/v3/tasks/${r.body.task_id}`)).body.result);
    expect(result.sent + result.rejected).toBe(20);
  });

  it('answers \'Secret not found\' for a secret that does not exist, is another partner\'s or of another CRM', async () => {
    const theirs = (await call('GET', '/api/v3/secrets', outsider)).body[0].id as string;
    const cases: Record<string, string>[] = [{ secret_id: '00000000-0000-4000-8000-000000000000' }, { secret_id: theirs }, { crm_name: 'mailchimp' }, { crm_name: 'hubspot', secret_id: mailchimpId }];
    for (const over of cases) {
      const err = await expectError(call('POST', exportPath('nlq', q(over)), admin, { nlq_id: answerId, ids: [] }), 404, 'error.crm.secret_not_found');
      expect(err.message).toBe('Secret not found');
    }
  });

  it('refuses bad input with 400', async () => {
    const body = { nlq_id: answerId, ids: [] };
    const bad: [Record<string, string>, unknown][] = [
      [q({ container_name: 'x'.repeat(81) }), body],
      [q({ container_name: '' }), body],
      [q({ container_name: '   ' }), body],
      [q({ container_name: 'Opera\u0000fans' }), body],
      [q({ crm_name: 'salesforce' }), body],
      [q({ secret_id: 'not-a-uuid' }), body],
      [{ crm_name: 'hubspot', secret_id: hubspotId }, body],
      [q(), { nlq_id: answerId }],
      [q(), { nlq_id: 'one', ids: [] }],
      [q(), { nlq_id: answerId, ids: ['1\u0000'] }],
      [q(), { nlq_id: answerId, ids: [], extra: 1 }],
      [q(), { nlq_id: answerId, ids: Array.from({ length: SENTINEL.maxResults + 1 }, (_, i) => String(i + 1)) }],
    ];
    for (const [query, json] of bad) await expectError(call('POST', exportPath('nlq', query), admin, json), 400, 'error.validation.invalid');
    // A lone surrogate cannot be percent-encoded as UTF-8; its CESU bytes are refused as a malformed address.
    const surrogate = `/api/v3/crm/export/nlq?crm_name=hubspot&secret_id=${hubspotId}&container_name=Opera%20%ED%A0%80%20fans`;
    await expectError(call('POST', surrogate, admin, body), 400, 'error.request.malformedUrl');
    await expectError(call('POST', exportPath('nlq', q()), admin, { nlq_id: answerId, ids: ['\ud800'] }), 400, 'error.validation.invalid');
  });

  it('accepts only ids of the answer, only customer answers, only the user\'s own question', async () => {
    const [foreign] = await rows<{ id: string }>(t.db, sql`SELECT id::text AS id FROM customers WHERE partner_id = 1002 LIMIT 1`);
    const err = await expectError(call('POST', exportPath('nlq', q()), admin, { nlq_id: answerId, ids: [answerIds[30]!, foreign!.id] }), 422, 'error.crm.ids_not_in_answer');
    expect(err).toMatchObject({ data: { count: 1 } });
    const events = await customerAnswer(who.admin, ['e1', 'e2'], 'events');
    await expectError(call('POST', exportPath('nlq', q()), admin, { nlq_id: events, ids: [] }), 422, 'error.crm.not_customer_result');
    // A colleague's question of the same partner, another partner's question: not found.
    await expectError(call('POST', exportPath('nlq', q()), colleague, { nlq_id: answerId, ids: [] }), 404, 'error.common.notFound');
    const theirSecret = (await call('GET', '/api/v3/secrets', outsider)).body[0].id as string;
    await expectError(call('POST', exportPath('nlq', q({ secret_id: theirSecret })), outsider, { nlq_id: answerId, ids: [] }), 404, 'error.common.notFound');
    await expectError(call('POST', exportPath('nlq', q()), admin, { nlq_id: 2_000_000_000, ids: [] }), 404, 'error.common.notFound');
  });

  it('refuses an answer with nobody to send (all opted out or without email) and an expired answer', async () => {
    await expectError(call('POST', exportPath('nlq', q()), admin, { nlq_id: answerId, ids: [...optedOut, ...noEmail] }), 422, 'error.crm.no_contacts');
    const old = await customerAnswer(who.admin, answerIds.slice(0, 50));
    await t.db.execute(sql`UPDATE nlq_questions SET task_completed_at = now() - interval '49 hours' WHERE id = ${old}`);
    await expectError(call('POST', exportPath('nlq', q()), admin, { nlq_id: old, ids: [] }), 409, 'error.nlq.expired');
  });

  it('needs the sentinel permission (403), not the settings one', async () => {
    const err = await expectError(call('POST', exportPath('nlq', q()), multi, { nlq_id: answerId, ids: [] }), 403, 'error.auth.forbidden');
    expect(err.error_subcode).toBe('sentinel');
  });
});

// ---------------------------------------------------------------------------------------------

async function makePackage(partnerId: number, status: string, members: { variation: number; customerId: number; score: number }[], expiresAt: string | null = null) {
  const [row] = await rows<{ id: number }>(
    t.db,
    sql`INSERT INTO packages (partner_id, title, status, num_packages, n_top_events, targeting_mode, event_ids, content, seed, engine_version, expires_at)
        VALUES (${partnerId}, 'Test package', ${status}, 3, 3, 'selective_mode', '[]'::jsonb, ${JSON.stringify([{ title: 'A' }, { title: 'B' }, { title: 'C' }])}::jsonb, 1, 'test', ${expiresAt}::timestamptz)
        RETURNING id`,
  );
  for (const m of members) {
    await t.db.execute(sql`INSERT INTO package_members (partner_id, package_id, variation, customer_id, score) VALUES (${partnerId}, ${row!.id}, ${m.variation}, ${m.customerId}, ${m.score})`);
  }
  return row!.id;
}

describe('/crm/export/package', () => {
  const q = (over: Record<string, string> = {}) => ({ crm_name: 'hubspot', secret_id: hubspotId, container_name: 'Package fans', ...over });
  let pkg: number;

  beforeAll(async () => {
    const ids = answerIds.slice(0, 40).map(Number);
    pkg = await makePackage(1001, 'done', [
      ...ids.slice(0, 30).map((customerId, i) => ({ variation: 1, customerId, score: 1 - i / 100 })),
      ...ids.slice(30).map((customerId) => ({ variation: 0, customerId, score: 0.5 })),
    ]);
  });

  it('exports one variation\'s members (opted-out and email-less ones left out)', async () => {
    const r = await call('POST', exportPath('package', q()), admin, { package_id: pkg, tc: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const members = answerIds.slice(0, 30);
    const eligible = members.filter((id) => !optedOut.has(id) && !noEmail.has(id)).length;
    expect(r.body.contacts).toBe(eligible);
    const preview = await call('POST', '/api/v3/crm/export/package/preview', admin, { package_id: pkg, tc: 1 });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({ customers: members.length, contacts: eligible });
    await drain();
    const result = CrmExportResult.parse((await call('GET', `/api/v3/tasks/${r.body.task_id}`)).body.result);
    expect(result.sent + result.rejected).toBe(eligible);
    const [row] = await t.db.select().from(crmExports).where(eq(crmExports.id, r.body.export_id));
    expect(row).toMatchObject({ source: 'package', sourceRef: `${pkg}:1` });
  });

  it('refuses packages that are not done, expired, unknown variations, and other partners\' packages', async () => {
    const building = await makePackage(1001, 'inprogress', []);
    await expectError(call('POST', exportPath('package', q()), admin, { package_id: building, tc: 0 }), 409, 'error.crm.package_not_ready');
    const expired = await makePackage(1001, 'done', [], '2000-01-01T00:00:00Z');
    await expectError(call('POST', exportPath('package', q()), admin, { package_id: expired, tc: 0 }), 409, 'error.crm.package_expired');
    await expectError(call('POST', exportPath('package', q()), admin, { package_id: pkg, tc: 3 }), 422, 'error.crm.unknown_variation');
    await expectError(call('POST', exportPath('package', q()), admin, { package_id: pkg, tc: 2 }), 422, 'error.crm.no_contacts');
    const theirs = await makePackage(1002, 'done', []);
    await expectError(call('POST', exportPath('package', q()), admin, { package_id: theirs, tc: 0 }), 404, 'error.common.notFound');
    for (const body of [{ package_id: pkg, tc: -1 }, { package_id: pkg, tc: 1.5 }, { package_id: 0, tc: 0 }, { package_id: pkg }, { package_id: String(pkg), tc: 0 }]) {
      await expectError(call('POST', exportPath('package', q()), admin, body), 400, 'error.validation.invalid');
    }
    await expectError(call('POST', exportPath('package', q({ container_name: 'y'.repeat(81) })), admin, { package_id: pkg, tc: 1 }), 400, 'error.validation.invalid');
  });

  it('needs backhaul and the package-builder feature (403)', async () => {
    const err = await expectError(call('POST', exportPath('package', q()), multi, { package_id: pkg, tc: 1 }), 403, 'error.auth.forbidden');
    expect(err.error_subcode).toBe('backhaul');
    // Partner 1002 has backhaul but not the package-builder feature.
    const theirSecret = (await call('GET', '/api/v3/secrets', outsider)).body[0].id as string;
    const err2 = await expectError(call('POST', exportPath('package', q({ secret_id: theirSecret })), outsider, { package_id: pkg, tc: 1 }), 403, 'error.auth.forbidden');
    expect(err2.error_subcode).toBe('package-builder');
  });
});

// ---------------------------------------------------------------------------------------------

describe('the export task', () => {
  let fake: FakeHubSpot;
  beforeAll(async () => {
    fake = await startFakeHubSpot();
  });
  afterAll(() => fake.close());
  afterEach(() => setCrmAdapterFactory());

  const q = (secretId: string) => ({ crm_name: 'hubspot', secret_id: secretId, container_name: 'Live run' });

  it('opens the stored secret for the real client: the CRM receives it as the bearer token', async () => {
    const stored = await addSecret({ service_name: 'hubspot', name: 'Live', raw_secret: HUBSPOT_TOKEN });
    setCrmAdapterFactory((cred) => new HubSpotCrm(cred.secret, { baseUrl: fake.url, timeoutMs: 5000, sleep: async () => {} }));
    const r = await call('POST', exportPath('nlq', q(stored.body.id)), admin, { nlq_id: answerId, ids: answerIds.slice(40, 60) });
    expect(r.status).toBe(202);
    await drain();
    const task = await call('GET', `/api/v3/tasks/${r.body.task_id}`);
    expect(task.body.status).toBe('SUCCESS');
    expect(task.body.result).toMatchObject({ sent: 20, rejected: 0, sandbox: false });
    expect(fake.problems).toEqual([]);
    expect(fake.requests.every((x) => x.authorization === `Bearer ${HUBSPOT_TOKEN}`)).toBe(true);
    expect([...fake.lists.values()].map((l) => l.members.size)).toEqual([20]);
  });

  it('fails with the CRM\'s code when the CRM refuses the secret, and records why on the export', async () => {
    const stored = await addSecret({ service_name: 'hubspot', name: 'Revoked', raw_secret: OTHER_SECRET });
    setCrmAdapterFactory((cred) => new HubSpotCrm(cred.secret, { baseUrl: fake.url, timeoutMs: 5000, sleep: async () => {} }));
    const r = await call('POST', exportPath('nlq', q(stored.body.id)), admin, { nlq_id: answerId, ids: answerIds.slice(40, 45) });
    await drain();
    const task = await call('GET', `/api/v3/tasks/${r.body.task_id}`);
    expect(task.body).toMatchObject({ status: 'FAILURE', result: { error_code: 'error.crm.unauthorized' } });
    expect(task.body.result.message).toMatch(/HubSpot refused the stored key/);
    const [row] = await t.db.select().from(crmExports).where(eq(crmExports.id, r.body.export_id));
    expect(row).toMatchObject({ status: 'failed', sent: 0, error: expect.stringMatching(/HubSpot refused/) });
  });

  it('fails with \'Secret not found\' when the secret was deleted before the task ran', async () => {
    const stored = await addSecret({ service_name: 'hubspot', name: 'Short-lived', raw_secret: OTHER_SECRET });
    const r = await call('POST', exportPath('nlq', q(stored.body.id)), admin, { nlq_id: answerId, ids: answerIds.slice(40, 45) });
    expect((await call('DELETE', `/api/v3/secrets/${stored.body.id}`)).status).toBe(204);
    await drain();
    const task = await call('GET', `/api/v3/tasks/${r.body.task_id}`);
    expect(task.body).toMatchObject({ status: 'FAILURE', result: { error_code: 'error.crm.secret_not_found', message: 'Secret not found' } });
    const [row] = await t.db.select().from(crmExports).where(eq(crmExports.id, r.body.export_id));
    expect(row).toMatchObject({ status: 'failed', secretId: null, error: 'Secret not found' });
  });

  it('is visible only to the user who started it', async () => {
    const r = await call('POST', exportPath('nlq', q(hubspotId)), admin, { nlq_id: answerId, ids: answerIds.slice(60, 62) });
    await drain();
    await expectError(call('GET', `/api/v3/tasks/${r.body.task_id}`, colleague), 404, 'error.common.notFound');
    await expectError(call('GET', `/api/v3/tasks/${r.body.task_id}`, outsider), 404, 'error.common.notFound');
  });
});
