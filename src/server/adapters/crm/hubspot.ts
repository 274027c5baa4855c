// The real HubSpot client (issue 23), written to HubSpot's documented CRM v3 APIs:
//   POST /crm/v3/objects/contacts/batch/upsert   {inputs: [{idProperty: 'email', id, properties}]} ≤ 100 inputs
//        → 200/201 {status, results: [{id, properties}]}, or 207 with `errors` beside the results
//   POST /crm/v3/lists                           {name, objectTypeId: '0-1' (contacts), processingType: 'MANUAL'}
//        → 200 {list: {listId, name, …}}
//   PUT  /crm/v3/lists/{listId}/memberships/add  [recordId, …]
//        → 200 {recordsIdsAdded, recordIdsMissing, …}
// Authorization: `Bearer <private-app access token>`. A batch that HubSpot refuses as a whole
// (400, one bad address among a hundred) is split in halves and sent again until the bad
// addresses stand alone, so one typo costs one contact, not a hundred.
import { z } from 'zod';
import { CRM_LIMITS } from '../../../lib/integrations/rules';
import { CrmError } from './errors';
import { CrmHttp, type CrmHttpOptions } from './http';
import type { CrmAdapter, CrmContact, MembersOutcome, Rejection, UpsertOutcome } from './types';

/** HubSpot's object type id of contacts (Lists API `objectTypeId`). */
export const CONTACTS_OBJECT_TYPE = '0-1';

const BatchResponse = z.object({
  results: z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String), properties: z.record(z.string(), z.unknown()).nullish() })),
  errors: z
    .array(z.object({ category: z.string().optional(), message: z.string().optional(), context: z.record(z.string(), z.unknown()).nullish() }))
    .nullish(),
});
const ErrorBody = z.looseObject({ category: z.string().optional(), message: z.string().optional() });
const ListResponse = z.object({ list: z.object({ listId: z.union([z.string(), z.number()]).transform(String) }) });
const MembershipResponse = z.object({
  // HubSpot's reference spells the added ids `recordsIdsAdded`; accept the regular spelling too.
  recordsIdsAdded: z.array(z.union([z.string(), z.number()])).nullish(),
  recordIdsAdded: z.array(z.union([z.string(), z.number()])).nullish(),
  recordIdsMissing: z.array(z.union([z.string(), z.number()])).nullish(),
});

export interface HubSpotOptions extends Omit<CrmHttpOptions, 'service' | 'authorization'> {}

function properties(c: CrmContact): Record<string, string> {
  const p: Record<string, string> = { email: c.email };
  if (c.firstName) p.firstname = c.firstName;
  if (c.lastName) p.lastname = c.lastName;
  return p;
}

export class HubSpotCrm implements CrmAdapter {
  readonly service = 'hubspot' as const;
  readonly kind = 'live' as const;
  readonly batchSize = CRM_LIMITS.hubspotBatch;
  private readonly http: CrmHttp;

  constructor(token: string, opts: HubSpotOptions) {
    this.http = new CrmHttp({ ...opts, service: 'hubspot', authorization: `Bearer ${token}` });
  }

  async upsertContacts(contacts: CrmContact[]): Promise<UpsertOutcome> {
    if (contacts.length > this.batchSize) throw new RangeError(`at most ${this.batchSize} contacts per HubSpot batch`);
    if (!contacts.length) return { accepted: [], rejected: [] };
    const res = await this.http.send('POST', '/crm/v3/objects/contacts/batch/upsert', { inputs: contacts.map((c) => ({ idProperty: 'email', id: c.email, properties: properties(c) })) }, { idempotent: true });
    if (res.status === 200 || res.status === 201 || res.status === 207) return this.readBatch(contacts, res.body);
    if (res.status === 400 || res.status === 409) {
      const reason = ErrorBody.safeParse(res.body).data?.category ?? 'VALIDATION_ERROR';
      if (contacts.length === 1) return { accepted: [], rejected: [{ email: contacts[0]!.email, reason }] };
      const half = Math.ceil(contacts.length / 2);
      const [a, b] = [await this.upsertContacts(contacts.slice(0, half)), await this.upsertContacts(contacts.slice(half))];
      return { accepted: [...a.accepted, ...b.accepted], rejected: [...a.rejected, ...b.rejected] };
    }
    throw new CrmError('rejected', 'hubspot', res.status);
  }

  /** Results name their contact by the email property; inputs without a result were refused. */
  private readBatch(contacts: CrmContact[], body: unknown): UpsertOutcome {
    const parsed = BatchResponse.safeParse(body);
    if (!parsed.success) throw new CrmError('bad_response', 'hubspot');
    const byEmail = new Map<string, string>();
    const unnamed: string[] = [];
    for (const r of parsed.data.results) {
      const email = typeof r.properties?.email === 'string' ? r.properties.email.trim().toLowerCase() : null;
      if (email) byEmail.set(email, r.id);
      else unnamed.push(r.id);
    }
    const reason = parsed.data.errors?.[0]?.category ?? 'VALIDATION_ERROR';
    const accepted: UpsertOutcome['accepted'] = [];
    const rejected: Rejection[] = [];
    for (const c of contacts) {
      const id = byEmail.get(c.email) ?? unnamed.shift();
      if (id) accepted.push({ email: c.email, ref: id });
      else rejected.push({ email: c.email, reason });
    }
    return { accepted, rejected };
  }

  async createStaticList(name: string, firstMembers: string[]): Promise<{ id: string } & MembersOutcome> {
    const res = await this.http.send('POST', '/crm/v3/lists', { name, objectTypeId: CONTACTS_OBJECT_TYPE, processingType: 'MANUAL' }, { idempotent: false });
    if (res.status !== 200 && res.status !== 201) throw new CrmError('rejected', 'hubspot', res.status);
    const parsed = ListResponse.safeParse(res.body);
    if (!parsed.success) throw new CrmError('bad_response', 'hubspot');
    const id = parsed.data.list.listId;
    const members = firstMembers.length ? await this.addMembers(id, firstMembers) : { added: 0, rejected: 0 };
    return { id, ...members };
  }

  async addMembers(listId: string, refs: string[]): Promise<MembersOutcome> {
    if (refs.length > this.batchSize) throw new RangeError(`at most ${this.batchSize} members per HubSpot call`);
    if (!refs.length) return { added: 0, rejected: 0 };
    const res = await this.http.send('PUT', `/crm/v3/lists/${encodeURIComponent(listId)}/memberships/add`, refs, { idempotent: true });
    if (res.status !== 200) throw new CrmError('rejected', 'hubspot', res.status);
    const parsed = MembershipResponse.safeParse(res.body);
    if (!parsed.success) throw new CrmError('bad_response', 'hubspot');
    // Records that are missing were not added; the rest are members (added now or already).
    const missing = new Set((parsed.data.recordIdsMissing ?? []).map(String));
    const rejected = refs.filter((r) => missing.has(r)).length;
    return { added: refs.length - rejected, rejected };
  }
}
