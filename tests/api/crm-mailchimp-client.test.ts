// The real Mailchimp client against a local server that checks every request against the
// Marketing API 3.0's documented shapes (tests/helpers/fake-crm.ts): the data centre taken from the
// key, HTTP Basic with the key as password, batch subscribe (≤ 500, update_existing), a static
// segment created with the first 500 addresses and filled 500 at a time; 429, members in
// compliance state, an unknown audience, a bad key.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MailchimpCrm } from '../../src/server/adapters/crm/mailchimp';
import { CrmError } from '../../src/server/adapters/crm/errors';
import { runCrmExport } from '../../src/server/modules/integrations/export';
import type { CrmContact } from '../../src/server/adapters/crm/types';
import { MAILCHIMP_KEY, MAILCHIMP_LIST, MC_COMPLIANCE, startFakeMailchimp, type FakeMailchimp } from '../helpers/fake-crm';

let fake: FakeMailchimp;
const waits: number[] = [];
const client = (key = MAILCHIMP_KEY, list: string | null = MAILCHIMP_LIST) =>
  new MailchimpCrm(key, list, { baseUrlTemplate: fake.template, timeoutMs: 5000, sleep: async (ms) => void waits.push(ms) });

const contacts = (n: number, prefix: string, mark?: (i: number) => string | null): CrmContact[] =>
  Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}${mark?.(i) ?? ''}@example.org`, firstName: i % 2 ? `Vor${i}` : null, lastName: `Nach${i}` }));

beforeAll(async () => {
  fake = await startFakeMailchimp();
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.problems).toEqual([]);
  fake.requests.length = 0;
  waits.length = 0;
});

describe('Mailchimp client', () => {
  it('sends the batch to the key\'s data centre with Basic auth, subscribed members and merge fields', async () => {
    const out = await client().upsertContacts(contacts(2, 'a'));
    expect(out).toEqual({ accepted: [{ email: 'a0@example.org', ref: 'a0@example.org' }, { email: 'a1@example.org', ref: 'a1@example.org' }], rejected: [] });
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', path: `/us21/3.0/lists/${MAILCHIMP_LIST}` });
    expect(Buffer.from(req!.authorization!.slice(6), 'base64').toString()).toMatch(new RegExp(`:${MAILCHIMP_KEY}$`));
    expect(req!.body).toEqual({
      members: [
        { email_address: 'a0@example.org', status: 'subscribed', merge_fields: { LNAME: 'Nach0' } },
        { email_address: 'a1@example.org', status: 'subscribed', merge_fields: { FNAME: 'Vor1', LNAME: 'Nach1' } },
      ],
      update_existing: true,
    });
  });

  it('runs a whole export: batches of 500, a static segment with the first 500, the rest 500 at a time', async () => {
    const list = contacts(1200, 'run');
    const out = await runCrmExport(client(), list, 'Ballet 2026-11-29 10:00:00');
    expect(out).toMatchObject({ sent: 1200, rejected: 0 });
    const batches = fake.requests.filter((r) => r.path === `/us21/3.0/lists/${MAILCHIMP_LIST}`);
    expect(batches.map((r) => (r.body as { members: unknown[] }).members.length)).toEqual([500, 500, 200]);
    const create = fake.requests.find((r) => r.path.endsWith('/segments'))!;
    expect((create.body as { name: string; static_segment: string[] }).name).toBe('Ballet 2026-11-29 10:00:00');
    expect((create.body as { static_segment: string[] }).static_segment).toHaveLength(500);
    const adds = fake.requests.filter((r) => r.path === `/us21/3.0/lists/${MAILCHIMP_LIST}/segments/${out.externalId}`);
    expect(adds.map((r) => (r.body as { members_to_add: string[] }).members_to_add.length)).toEqual([500, 200]);
    expect(fake.segments.get(out.externalId)!.members.size).toBe(1200);
  });

  it('counts members in compliance state as rejected and keeps the others', async () => {
    const list = contacts(4, 'cs', (i) => (i === 2 ? MC_COMPLIANCE : null));
    const out = await runCrmExport(client(), list, 'Compliance');
    expect(out).toMatchObject({ sent: 3, rejected: 1 });
    const direct = await client().upsertContacts(list);
    expect(direct.rejected).toEqual([{ email: list[2]!.email, reason: 'ERROR_CONTACT_EXISTS' }]);
  });

  it('retries a 429 with bounded waits', async () => {
    fake.rateLimit(1, '1');
    expect((await client().upsertContacts(contacts(1, 'rl'))).accepted).toHaveLength(1);
    expect(waits).toEqual([1000]);
  });

  it('gives up a segment creation after the bounded 429 retries and names the failure', async () => {
    fake.rateLimit(20);
    const err = (await client().createStaticList('Never', []).catch((e: unknown) => e)) as CrmError;
    expect(err.code).toBe('error.crm.rate_limited');
    expect(waits).toHaveLength(4);
    fake.rateLimit(0);
  });

  it('tries an upsert again after a 503 but never repeats a segment creation (it is not idempotent)', async () => {
    fake.serverError(1);
    expect((await client().upsertContacts(contacts(1, 'se'))).accepted).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
    fake.serverError(1);
    const err = (await client().createStaticList('Once', ['se0@example.org']).catch((e: unknown) => e)) as CrmError;
    expect(err.code).toBe('error.crm.unavailable');
    expect(fake.requests.filter((r) => r.path.endsWith('/segments'))).toHaveLength(1);
  });

  it('maps an unknown audience to error.crm.tenant_not_found', async () => {
    const err = (await client(MAILCHIMP_KEY, 'ffffffffff').upsertContacts(contacts(1, 'x')).catch((e: unknown) => e)) as CrmError;
    expect(err).toMatchObject({ code: 'error.crm.tenant_not_found', status: 404 });
  });

  it('maps a refused key to error.crm.unauthorized without the key anywhere in the error', async () => {
    const other = 'ffffffffffffffffffffffffffffffff-us21';
    const err = (await client(other).upsertContacts(contacts(1, 'x')).catch((e: unknown) => e)) as CrmError;
    expect(err).toMatchObject({ code: 'error.crm.unauthorized' });
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain('ffffffff');
  });

  it('refuses a key without a data centre before any request', () => {
    expect(() => client('0123456789abcdef0123456789abcdef')).toThrow(CrmError);
    expect(fake.requests).toHaveLength(0);
  });
});
