// One CRM as the export needs it (issue 23): upsert contacts by email, create a static list
// (HubSpot) or static segment (Mailchimp), add members to it, and say which contacts the CRM
// refused — a partial failure is counted and the export keeps going. Implemented by the real HTTP
// clients (hubspot.ts, mailchimp.ts) and the deterministic sandbox (sandbox.ts); index.ts picks.
import type { CrmService } from '../../../lib/integrations/rules';

export interface CrmContact {
  /** Lower-case, trimmed; one contact per address. */
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface Rejection {
  email: string;
  /** A short reason in the CRM's words or ours ('invalid_email', 'VALIDATION_ERROR', 'Member In Compliance State'). */
  reason: string;
}

/** What a CRM accepted of a batch: each accepted contact with the reference its list needs. */
export interface UpsertOutcome {
  /** `ref` is what addMembers takes: HubSpot's record id, Mailchimp's email address. */
  accepted: { email: string; ref: string }[];
  rejected: Rejection[];
}

export interface MembersOutcome {
  added: number;
  /** How many of the refs given the CRM did not add. */
  rejected: number;
}

export interface CrmAdapter {
  readonly service: CrmService;
  /** 'sandbox' for the simulation every screen marks with a badge; 'live' for the real API. */
  readonly kind: 'sandbox' | 'live';
  /** Largest batch of one upsert call and of one member call. */
  readonly batchSize: number;
  upsertContacts(contacts: CrmContact[]): Promise<UpsertOutcome>;
  /** Creates an empty static list/segment named `name` and adds the first members (≤ batchSize). */
  createStaticList(name: string, firstMembers: string[]): Promise<{ id: string } & MembersOutcome>;
  /** Adds members (≤ batchSize) to a list made by createStaticList. */
  addMembers(listId: string, refs: string[]): Promise<MembersOutcome>;
}

/** What opens a CRM: the service, the partner's secret and the tenant reference (Mailchimp: the audience id). */
export interface CrmCredentials {
  service: CrmService;
  secret: string;
  tenantRef: string | null;
  /** The stored secret's id: the sandbox's seed, so its outcome is stable per integration. */
  secretId: string;
}
