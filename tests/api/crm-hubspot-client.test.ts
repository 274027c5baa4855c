// The real HubSpot client against a local server that checks every request against HubSpot's
// documented CRM v3 shapes (tests/helpers/fake-crm.ts): batch upsert by email (≤ 100), a MANUAL
// list of contacts, memberships; 429 with and without Retry-After, a 207 partial result, a batch
// refused as a whole (split until the bad address stands alone), missing records, a bad token.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HubSpotCrm } from '../../src/server/adapters/crm/hubspot';
import { CrmError } from '../../src/server/adapters/crm/errors';
import { runCrmExport } from '../../src/server/modules/integrations/export';
import type { CrmContact } from '../../src/server/adapters/crm/types';
import { HS_PARTIAL, HS_REFUSE_BATCH, HUBSPOT_TOKEN, startFakeHubSpot, type FakeHubSpot } from '../helpers/fake-crm';

let fake: FakeHubSpot;
const waits: number[] = [];
const client = (token = HUBSPOT_TOKEN, maxRetries?: number) =>
  new HubSpotCrm(token, { baseUrl: fake.url, timeoutMs: 5000, maxRetries, sleep: async (ms) => void waits.push(ms) });

const contacts = (n: number, prefix = 'fan', mark?: (i: number) => string | null): CrmContact[] =>
  Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}${mark?.(i) ?? ''}@example.com`, firstName: i % 3 ? `First${i}` : null, lastName: i % 2 ? `Last${i}` : null }));

beforeAll(async () => {
  fake = await startFakeHubSpot();
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.problems).toEqual([]);
  fake.requests.length = 0;
  waits.length = 0;
});

describe('HubSpot client', () => {
  it('upserts contacts by email with the bearer token and reads their record ids', async () => {
    const out = await client().upsertContacts(contacts(3, 'a'));
    expect(out.rejected).toEqual([]);
    expect(out.accepted.map((a) => a.email)).toEqual(['a0@example.com', 'a1@example.com', 'a2@example.com']);
    expect(out.accepted.every((a) => /^\d+$/.test(a.ref))).toBe(true);
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/crm/v3/objects/contacts/batch/upsert', authorization: `Bearer ${HUBSPOT_TOKEN}` });
    // Names are sent only when known; nothing but email, firstname, lastname.
    const inputs = (req!.body as { inputs: unknown[] }).inputs;
    expect(inputs[0]).toEqual({ idProperty: 'email', id: 'a0@example.com', properties: { email: 'a0@example.com' } });
    expect(inputs[1]).toEqual({ idProperty: 'email', id: 'a1@example.com', properties: { email: 'a1@example.com', firstname: 'First1', lastname: 'Last1' } });
  });

  it('runs a whole export: batches of 100, a MANUAL contacts list, memberships of 100', async () => {
    const list = contacts(250, 'run');
    const out = await runCrmExport(client(), list, 'Opera fans 2026-11-29 10:00:00');
    expect(out).toMatchObject({ sent: 250, rejected: 0 });
    const upserts = fake.requests.filter((r) => r.path.endsWith('/batch/upsert'));
    expect(upserts.map((r) => (r.body as { inputs: unknown[] }).inputs.length)).toEqual([100, 100, 50]);
    const create = fake.requests.find((r) => r.path === '/crm/v3/lists')!;
    expect(create.body).toEqual({ name: 'Opera fans 2026-11-29 10:00:00', objectTypeId: '0-1', processingType: 'MANUAL' });
    const adds = fake.requests.filter((r) => r.path.endsWith('/memberships/add'));
    expect(adds.every((r) => r.method === 'PUT' && r.path === `/crm/v3/lists/${out.externalId}/memberships/add`)).toBe(true);
    expect(adds.map((r) => (r.body as string[]).length)).toEqual([100, 100, 50]);
    expect(fake.lists.get(out.externalId)!.members.size).toBe(250);
  });

  it('waits for Retry-After on a 429 and tries again', async () => {
    fake.rateLimit(2, '3');
    const out = await client().upsertContacts(contacts(2, 'rl'));
    expect(out.accepted).toHaveLength(2);
    expect(waits).toEqual([3000, 3000]);
    expect(fake.requests).toHaveLength(3);
  });

  it('backs off 1, 2, 4 s without Retry-After and gives up after the retries with rate_limited', async () => {
    fake.rateLimit(10);
    const err = await client(HUBSPOT_TOKEN, 3).upsertContacts(contacts(1, 'rl2')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CrmError);
    expect((err as CrmError).code).toBe('error.crm.rate_limited');
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(fake.requests).toHaveLength(4);
    fake.rateLimit(0);
  });

  it('counts the contacts a 207 multi-status answer leaves out and keeps the others', async () => {
    const list = contacts(5, 'ms', (i) => (i === 1 || i === 3 ? HS_PARTIAL : null));
    const out = await client().upsertContacts(list);
    expect(out.accepted.map((a) => a.email)).toEqual([list[0]!.email, list[2]!.email, list[4]!.email]);
    expect(out.rejected).toEqual([
      { email: list[1]!.email, reason: 'VALIDATION_ERROR' },
      { email: list[3]!.email, reason: 'VALIDATION_ERROR' },
    ]);
  });

  it('splits a batch HubSpot refuses as a whole until the bad address stands alone', async () => {
    const list = contacts(8, 'split', (i) => (i === 5 ? HS_REFUSE_BATCH : null));
    const out = await client().upsertContacts(list);
    expect(out.accepted).toHaveLength(7);
    expect(out.rejected).toEqual([{ email: list[5]!.email, reason: 'VALIDATION_ERROR' }]);
    // 8 → 4+4 → (4 ok) 2+2 → (2 ok) 1+1: seven calls, not one per contact.
    expect(fake.requests.length).toBeLessThanOrEqual(7);
  });

  it('reports members HubSpot says are missing as rejected', async () => {
    const hs = client();
    const [a] = (await hs.upsertContacts(contacts(1, 'mem'))).accepted;
    const list = await hs.createStaticList('Missing members', [a!.ref, '999999999']);
    expect(list).toMatchObject({ added: 1, rejected: 1 });
  });

  it('maps a refused token to error.crm.unauthorized without the token in the message', async () => {
    const err = (await client('pat-na1-wrong-token-0000').upsertContacts(contacts(1, 'x')).catch((e: unknown) => e)) as CrmError;
    expect(err).toBeInstanceOf(CrmError);
    expect(err).toMatchObject({ code: 'error.crm.unauthorized', status: 403 });
    expect(err.message).not.toContain('pat-na1');
  });

  it('refuses more than 100 contacts per batch before sending', async () => {
    await expect(client().upsertContacts(contacts(101, 'big'))).rejects.toThrow(RangeError);
    expect(fake.requests).toHaveLength(0);
  });

  it('fails the export with error.crm.rejected when a list cannot be created (name taken)', async () => {
    const hs = client();
    await runCrmExport(hs, contacts(1, 'dup'), 'Taken name');
    const err = await runCrmExport(hs, contacts(1, 'dup'), 'Taken name').catch((e: unknown) => e);
    expect((err as CrmError).code).toBe('error.crm.rejected');
  });
});
