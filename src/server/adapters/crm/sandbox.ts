// The CRM sandbox (issue 23): the default wherever CRM_MODE is not 'live', so the demo and the
// tests never reach HubSpot or Mailchimp. It behaves like the real CRM it stands for — the same
// batch sizes, contacts upserted by email, a static list (HubSpot) or segment (Mailchimp) with
// numeric ids, a few addresses refused — and deterministically: the outcome depends only on the
// seed (the integration's secret id) and the input. What it "received" is kept per seed in this
// process and can be read with sandboxInbox(seed) (tests, docs/INTEGRATIONS.md). The screens it
// feeds show a "Sandbox" badge.
import { createHash } from 'node:crypto';
import { CRM_LIMITS, plausibleEmail, type CrmService } from '../../../lib/integrations/rules';
import type { CrmAdapter, CrmContact, MembersOutcome, UpsertOutcome } from './types';

export interface SandboxList {
  id: string;
  name: string;
  /** Member refs in the order they were added. */
  members: string[];
}

export interface SandboxInbox {
  service: CrmService;
  /** email → the contact as last upserted, with its id at the CRM. */
  contacts: Map<string, CrmContact & { id: string }>;
  lists: SandboxList[];
  /** Every call, in order: what it was and how many items it carried. */
  calls: { op: 'upsert' | 'createList' | 'addMembers'; size: number }[];
}

// Bounded: at most this many integrations' inboxes (oldest dropped) and lists per inbox.
const MAX_INBOXES = 200;
const MAX_LISTS = 50;
const inboxes = new Map<string, SandboxInbox>();
const memberSets = new WeakMap<SandboxList, Set<string>>();

/** What the sandbox received for a seed (undefined before the first call). */
export function sandboxInbox(seed: string): SandboxInbox | undefined {
  return inboxes.get(seed);
}

/** Tests: forget everything the sandbox received. */
export function resetSandboxInboxes(): void {
  inboxes.clear();
}

function inboxFor(seed: string, service: CrmService): SandboxInbox {
  let box = inboxes.get(seed);
  if (!box) {
    if (inboxes.size >= MAX_INBOXES) inboxes.delete(inboxes.keys().next().value!);
    box = { service, contacts: new Map(), lists: [], calls: [] };
    inboxes.set(seed, box);
  }
  return box;
}

function hash(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

/** A stable numeric id (as text, like HubSpot's and Mailchimp's ids) of 9 to 10 digits. */
function numericId(...parts: string[]): string {
  return String(100_000_000 + (hash(...parts).readUInt32BE(0) % 4_000_000_000));
}

/** About one address in 37 is refused, the same ones for the same seed: bounced, or in compliance state. */
export function sandboxRefuses(seed: string, email: string): boolean {
  return hash(seed, 'refuse', email).readUInt16BE(0) % 37 === 0;
}

const REASON: Record<CrmService, { invalid: string; refused: string }> = {
  hubspot: { invalid: 'INVALID_EMAIL', refused: 'VALIDATION_ERROR' },
  mailchimp: { invalid: 'Invalid Resource', refused: 'Member In Compliance State' },
};

export class SandboxCrm implements CrmAdapter {
  readonly kind = 'sandbox' as const;
  readonly batchSize: number;

  constructor(
    readonly service: CrmService,
    private readonly seed: string,
  ) {
    this.batchSize = service === 'hubspot' ? CRM_LIMITS.hubspotBatch : CRM_LIMITS.mailchimpBatch;
  }

  private get box(): SandboxInbox {
    return inboxFor(this.seed, this.service);
  }

  async upsertContacts(contacts: CrmContact[]): Promise<UpsertOutcome> {
    if (contacts.length > this.batchSize) throw new RangeError(`at most ${this.batchSize} contacts per batch`);
    const box = this.box;
    box.calls.push({ op: 'upsert', size: contacts.length });
    const out: UpsertOutcome = { accepted: [], rejected: [] };
    for (const c of contacts) {
      if (!plausibleEmail(c.email)) {
        out.rejected.push({ email: c.email, reason: REASON[this.service].invalid });
        continue;
      }
      if (sandboxRefuses(this.seed, c.email)) {
        out.rejected.push({ email: c.email, reason: REASON[this.service].refused });
        continue;
      }
      const id = numericId(this.seed, 'contact', c.email);
      box.contacts.set(c.email, { ...c, id });
      out.accepted.push({ email: c.email, ref: this.service === 'hubspot' ? id : c.email });
    }
    return out;
  }

  async createStaticList(name: string, firstMembers: string[]): Promise<{ id: string } & MembersOutcome> {
    const box = this.box;
    box.calls.push({ op: 'createList', size: firstMembers.length });
    const list: SandboxList = { id: numericId(this.seed, 'list', name), name, members: [] };
    box.lists.push(list);
    if (box.lists.length > MAX_LISTS) box.lists.shift();
    return { id: list.id, ...this.add(list, firstMembers) };
  }

  async addMembers(listId: string, refs: string[]): Promise<MembersOutcome> {
    if (refs.length > this.batchSize) throw new RangeError(`at most ${this.batchSize} members per call`);
    const box = this.box;
    box.calls.push({ op: 'addMembers', size: refs.length });
    const list = box.lists.find((l) => l.id === listId);
    if (!list) return { added: 0, rejected: refs.length };
    return this.add(list, refs);
  }

  /** Like the real CRMs: a ref that names no contact is not added. */
  private add(list: SandboxList, refs: string[]): MembersOutcome {
    const contacts = this.box.contacts;
    const known = this.service === 'hubspot' ? new Set([...contacts.values()].map((c) => c.id)) : null;
    let members = memberSets.get(list);
    if (!members) memberSets.set(list, (members = new Set(list.members)));
    let added = 0;
    for (const r of refs) {
      if (known ? !known.has(r) : !contacts.has(r)) continue;
      if (!members.has(r)) {
        members.add(r);
        list.members.push(r);
      }
      added++;
    }
    return { added, rejected: refs.length - added };
  }
}
