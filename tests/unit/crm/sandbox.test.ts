// The CRM sandbox (issue 23): deterministic per seed, the real services' batch sizes, what it
// received readable per seed, and the export runner on top of it.
import { beforeEach, describe, expect, it } from 'vitest';
import { SandboxCrm, sandboxInbox, resetSandboxInboxes, sandboxRefuses } from '../../../src/server/adapters/crm/sandbox';
import { createCrmAdapter, sandboxSeed } from '../../../src/server/adapters/crm';
import { retryAfterMs } from '../../../src/server/adapters/crm/http';
import { eligibleContacts, runCrmExport } from '../../../src/server/modules/integrations/export';
import type { CrmContact } from '../../../src/server/adapters/crm/types';

const contacts = (n: number, domain = 'example.com'): CrmContact[] => Array.from({ length: n }, (_, i) => ({ email: `fan${i}@${domain}`, firstName: `F${i}`, lastName: null }));

beforeEach(() => resetSandboxInboxes());

describe('CRM sandbox', () => {
  it('is the default adapter and has the real batch sizes', () => {
    const hs = createCrmAdapter({ service: 'hubspot', secret: 'pat-x', tenantRef: null, secretId: 's1' }, { live: false, hubspotUrl: '', mailchimpUrl: '', timeoutMs: 1 });
    expect(hs).toMatchObject({ kind: 'sandbox', service: 'hubspot', batchSize: 100 });
    expect(new SandboxCrm('mailchimp', 'x').batchSize).toBe(500);
  });

  it('gives the same outcome for the same seed and input, and another for another seed', async () => {
    const run = async (seed: string) => {
      resetSandboxInboxes();
      const out = await runCrmExport(new SandboxCrm('hubspot', seed), contacts(400), 'Same name');
      return { out, inbox: sandboxInbox(seed)! };
    };
    const a = await run('hubspot:one');
    const b = await run('hubspot:one');
    const c = await run('hubspot:two');
    expect(b.out).toEqual(a.out);
    expect(b.inbox.lists[0]!.members).toEqual(a.inbox.lists[0]!.members);
    expect(c.out.externalId).not.toBe(a.out.externalId);
    // A few refusals, the ones the seed picks.
    const refused = contacts(400).filter((x) => sandboxRefuses('hubspot:one', x.email)).length;
    expect(refused).toBeGreaterThan(0);
    expect(a.out.rejected).toBe(refused);
    expect(a.out.sent + a.out.rejected).toBe(400);
  });

  it('records what it received: calls, contacts and the list', async () => {
    const seed = sandboxSeed({ service: 'mailchimp', secretId: 'abc' });
    const out = await runCrmExport(new SandboxCrm('mailchimp', seed), contacts(1100), 'Ballet');
    const inbox = sandboxInbox(seed)!;
    expect(inbox.calls.map((c) => `${c.op}:${c.size}`)).toEqual(['upsert:500', 'upsert:500', 'upsert:100', 'createList:500', 'addMembers:500', expect.stringMatching(/^addMembers:\d+$/)]);
    expect(inbox.lists).toEqual([{ id: out.externalId, name: 'Ballet', members: expect.any(Array) }]);
    expect(inbox.lists[0]!.members).toHaveLength(out.sent);
    expect(inbox.contacts.get('fan1@example.com')).toMatchObject({ firstName: 'F1', lastName: null });
  });

  it('refuses addresses a CRM would not take', async () => {
    const out = await new SandboxCrm('hubspot', 's').upsertContacts([{ email: 'not-an-address', firstName: null, lastName: null }]);
    expect(out).toEqual({ accepted: [], rejected: [{ email: 'not-an-address', reason: 'INVALID_EMAIL' }] });
  });
});

describe('eligible contacts', () => {
  it('leaves out opted-out customers and those without an email, falls back to the second address, one per address', () => {
    const base = { first_name: ' Anna ', last_name: '', email_2: null, ads_opt_out: false };
    expect(
      eligibleContacts([
        { id: 1, email: 'Anna@Example.com ', ...base },
        { id: 2, email: 'out@example.com', ...base, ads_opt_out: true },
        { id: 3, email: null, ...base },
        { id: 4, email: '  ', ...base, email_2: 'second@example.com' },
        { id: 5, email: 'anna@example.com', ...base, first_name: 'Other' },
      ]),
    ).toEqual([
      { email: 'anna@example.com', firstName: 'Anna', lastName: null },
      { email: 'second@example.com', firstName: 'Anna', lastName: null },
    ]);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('0.5')).toBe(500);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe('runCrmExport', () => {
  it('counts addresses no CRM would take as refused without sending them', async () => {
    const seed = 'hubspot:plausible';
    const list = [...contacts(3), { email: 'no-at-sign.example.com', firstName: null, lastName: null }];
    const out = await runCrmExport(new SandboxCrm('hubspot', seed), list, 'Plausible');
    expect(out.sent + out.rejected).toBe(4);
    expect(sandboxInbox(seed)!.calls[0]).toEqual({ op: 'upsert', size: 3 });
  });
});
