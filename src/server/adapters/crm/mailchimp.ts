// The real Mailchimp client (issue 23), written to the Mailchimp Marketing API 3.0:
//   base URL https://{dc}.api.mailchimp.com/3.0, {dc} from the key's suffix (`…-us21`);
//   HTTP Basic authentication with any user name and the API key as password.
//   POST /lists/{list_id}                    {members: [{email_address, status, merge_fields}], update_existing: true} ≤ 500
//        → 200 {new_members, updated_members, errors: [{email_address, error, error_code}], total_created, total_updated, error_count}
//   POST /lists/{list_id}/segments           {name, static_segment: [email, …]} (≤ 500) → 200 {id, name, member_count, type: 'static'}
//   POST /lists/{list_id}/segments/{id}      {members_to_add: [email, …] (≤ 500), members_to_remove: []}
//        → 200 {members_added, errors, total_added, error_count}
// The audience (list) is the integration's tenant reference. New contacts are added as
// 'subscribed' (only customers who did not opt out of ads are ever sent); Mailchimp itself refuses
// to resubscribe someone who unsubscribed there, and that refusal is counted as rejected.
import { z } from 'zod';
import { CRM_LIMITS, mailchimpDataCenter } from '../../../lib/integrations/rules';
import { CrmError } from './errors';
import { CrmHttp, type CrmHttpOptions } from './http';
import type { CrmAdapter, CrmContact, MembersOutcome, Rejection, UpsertOutcome } from './types';

const Member = z.looseObject({ email_address: z.string() });
const BatchResponse = z.object({
  new_members: z.array(Member).nullish(),
  updated_members: z.array(Member).nullish(),
  errors: z.array(z.object({ email_address: z.string().nullish(), error: z.string().nullish(), error_code: z.string().nullish() })).nullish(),
});
const SegmentResponse = z.object({ id: z.union([z.number(), z.string()]).transform(String), member_count: z.number().int().nullish() });
const SegmentMembersResponse = z.object({
  members_added: z.array(Member).nullish(),
  total_added: z.number().int().nullish(),
  error_count: z.number().int().nullish(),
});

export interface MailchimpOptions extends Omit<CrmHttpOptions, 'service' | 'authorization' | 'baseUrl'> {
  /** `https://{dc}.api.mailchimp.com`; {dc} is replaced with the key's data centre. */
  baseUrlTemplate: string;
}

function member(c: CrmContact) {
  const merge: Record<string, string> = {};
  if (c.firstName) merge.FNAME = c.firstName;
  if (c.lastName) merge.LNAME = c.lastName;
  return { email_address: c.email, status: 'subscribed', ...(Object.keys(merge).length ? { merge_fields: merge } : {}) };
}

export class MailchimpCrm implements CrmAdapter {
  readonly service = 'mailchimp' as const;
  readonly kind = 'live' as const;
  readonly batchSize = CRM_LIMITS.mailchimpBatch;
  private readonly http: CrmHttp;
  private readonly list: string;

  constructor(apiKey: string, listId: string | null, opts: MailchimpOptions) {
    const dc = mailchimpDataCenter(apiKey);
    if (!dc) throw new CrmError('unauthorized', 'mailchimp');
    if (!listId) throw new CrmError('tenant_not_found', 'mailchimp');
    this.list = encodeURIComponent(listId);
    const baseUrl = `${opts.baseUrlTemplate.replace('{dc}', dc).replace(/\/+$/, '')}/3.0`;
    this.http = new CrmHttp({ ...opts, baseUrl, service: 'mailchimp', authorization: `Basic ${Buffer.from(`encore:${apiKey}`).toString('base64')}` });
  }

  private check(status: number): void {
    if (status === 404) throw new CrmError('tenant_not_found', 'mailchimp', 404);
    if (status !== 200) throw new CrmError('rejected', 'mailchimp', status);
  }

  async upsertContacts(contacts: CrmContact[]): Promise<UpsertOutcome> {
    if (contacts.length > this.batchSize) throw new RangeError(`at most ${this.batchSize} members per Mailchimp batch`);
    if (!contacts.length) return { accepted: [], rejected: [] };
    const res = await this.http.send('POST', `/lists/${this.list}`, { members: contacts.map(member), update_existing: true }, { idempotent: true });
    this.check(res.status);
    const parsed = BatchResponse.safeParse(res.body);
    if (!parsed.success) throw new CrmError('bad_response', 'mailchimp');
    const ok = new Set([...(parsed.data.new_members ?? []), ...(parsed.data.updated_members ?? [])].map((m) => m.email_address.trim().toLowerCase()));
    const why = new Map((parsed.data.errors ?? []).map((e) => [(e.email_address ?? '').trim().toLowerCase(), e.error_code || e.error || 'ERROR']));
    const accepted: UpsertOutcome['accepted'] = [];
    const rejected: Rejection[] = [];
    for (const c of contacts) {
      if (ok.has(c.email)) accepted.push({ email: c.email, ref: c.email });
      else rejected.push({ email: c.email, reason: why.get(c.email) ?? 'not processed' });
    }
    return { accepted, rejected };
  }

  async createStaticList(name: string, firstMembers: string[]): Promise<{ id: string } & MembersOutcome> {
    if (firstMembers.length > this.batchSize) throw new RangeError(`at most ${this.batchSize} members per Mailchimp call`);
    const res = await this.http.send('POST', `/lists/${this.list}/segments`, { name, static_segment: firstMembers }, { idempotent: false });
    this.check(res.status);
    const parsed = SegmentResponse.safeParse(res.body);
    if (!parsed.success) throw new CrmError('bad_response', 'mailchimp');
    const added = Math.min(firstMembers.length, parsed.data.member_count ?? firstMembers.length);
    return { id: parsed.data.id, added, rejected: firstMembers.length - added };
  }

  async addMembers(segmentId: string, refs: string[]): Promise<MembersOutcome> {
    if (refs.length > this.batchSize) throw new RangeError(`at most ${this.batchSize} members per Mailchimp call`);
    if (!refs.length) return { added: 0, rejected: 0 };
    const res = await this.http.send('POST', `/lists/${this.list}/segments/${encodeURIComponent(segmentId)}`, { members_to_add: refs, members_to_remove: [] }, { idempotent: true });
    this.check(res.status);
    const parsed = SegmentMembersResponse.safeParse(res.body);
    if (!parsed.success) throw new CrmError('bad_response', 'mailchimp');
    const added = Math.min(refs.length, parsed.data.total_added ?? parsed.data.members_added?.length ?? 0);
    return { added, rejected: refs.length - added };
  }
}
