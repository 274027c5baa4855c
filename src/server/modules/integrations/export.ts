// Issue 23, CRM export (spec 3 §2, §5, §6, §7 /crm/export/*, §8): customers of a Sentinel answer
// or of a package variation, sent to the partner's CRM as contacts and gathered in a static list
// (HubSpot) or static segment (Mailchimp) named after what the user typed with the time appended.
// Customers who opted out of ads and customers without an email are never sent (checked when the
// export is asked for and again when it runs). An export is a `crm.export` task writing its
// crm_exports row; the answer to the request is what the page needs for its toast and to poll.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Db } from '../../db/client';
import { crmExports } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { nowMs } from '../../lib/clock';
import { crmAdapter, crmIsSandbox, CrmError, type CrmAdapter, type CrmContact } from '../../adapters/crm';
import { enqueueTask } from '../tasks/repo';
import { PermanentTaskError, registerTask, type TaskContext } from '../tasks/registry';
import { answeredQuestion, type NlqCtx } from '../nlq/service';
import { textArray } from '../nlq/rows';
import { SERVICE_INFO, containerNameWithTimestamp, plausibleEmail, type CrmService } from '../../../lib/integrations/rules';
import { CRM_EXPORT_TASK, type CrmExportPreview, type CrmExportQuery, type CrmExportResponse, type CrmExportResult } from '../../../lib/contracts/integrations';
import { findSecret, openSecret, secretNotFound, type Who } from './secrets';

export interface CustomerContactRow {
  id: number;
  email: string | null;
  email_2: string | null;
  first_name: string | null;
  last_name: string | null;
  ads_opt_out: boolean;
}

const clean = (s: string | null | undefined) => (s ?? '').trim();

/**
 * The contacts of a set of customers: opted-out customers and customers without an email are left
 * out; the address is the first email, else the second; one contact per address (the first
 * customer's name wins). Order is kept.
 */
export function eligibleContacts(customers: CustomerContactRow[]): CrmContact[] {
  const seen = new Set<string>();
  const out: CrmContact[] = [];
  for (const c of customers) {
    if (c.ads_opt_out) continue;
    const email = (clean(c.email) || clean(c.email_2)).toLowerCase();
    if (!email || seen.has(email)) continue;
    seen.add(email);
    out.push({ email, firstName: clean(c.first_name) || null, lastName: clean(c.last_name) || null });
  }
  return out;
}

const CHUNK = 5000;

/** The customers (of the partner only) with what a contact needs, in the order of `ids`. */
async function customerContacts(db: Db, partnerId: number, ids: number[]): Promise<CustomerContactRow[]> {
  const found = new Map<number, CustomerContactRow>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK).map(String);
    const list = await rows<CustomerContactRow>(
      db,
      sql`SELECT id, email, email_2, first_name, last_name, ads_opt_out FROM customers
          WHERE partner_id = ${partnerId} AND id = ANY(${textArray(part)}::bigint[])`,
    );
    for (const r of list) found.set(Number(r.id), { ...r, id: Number(r.id) });
  }
  return ids.map((id) => found.get(id)).filter((r): r is CustomerContactRow => r !== undefined);
}

export interface ExportOutcome {
  externalId: string;
  sent: number;
  rejected: number;
}

/**
 * Runs one export against a CRM: contacts upserted in batches of the CRM's size (a refused
 * contact, or an address that is no address, is counted and the rest go on), then a static list created with the first accepted
 * contacts and the rest added in batches. sent + rejected = contacts.
 */
export async function runCrmExport(
  adapter: CrmAdapter,
  contacts: CrmContact[],
  containerName: string,
  progress?: (done: number) => Promise<void>,
): Promise<ExportOutcome> {
  const accepted: string[] = [];
  const seen = new Set<string>();
  // An address no CRM would take is counted as refused here rather than sent (one bad address
  // would make HubSpot refuse its whole batch).
  const sendable = contacts.filter((c) => plausibleEmail(c.email));
  for (let i = 0; i < sendable.length; i += adapter.batchSize) {
    const out = await adapter.upsertContacts(sendable.slice(i, i + adapter.batchSize));
    for (const a of out.accepted) {
      if (seen.has(a.ref)) continue;
      seen.add(a.ref);
      accepted.push(a.ref);
    }
    await progress?.(Math.min(sendable.length, i + adapter.batchSize));
  }
  if (!accepted.length) throw new CrmError('rejected', adapter.service);
  const first = accepted.slice(0, adapter.batchSize);
  const list = await adapter.createStaticList(containerName, first);
  let sent = list.added;
  for (let i = first.length; i < accepted.length; i += adapter.batchSize) {
    sent += (await adapter.addMembers(list.id, accepted.slice(i, i + adapter.batchSize))).added;
  }
  return { externalId: list.id, sent, rejected: contacts.length - sent };
}

// ---------------------------------------------------------------------------------------------
// Starting an export
// ---------------------------------------------------------------------------------------------

const Payload = z.object({ exportId: z.uuid(), partnerId: z.number().int().positive(), customerIds: z.array(z.number().int().positive()) });
type Payload = z.infer<typeof Payload>;

async function start(
  db: Db,
  who: Who,
  q: CrmExportQuery,
  source: { kind: 'nlq' | 'package'; ref: string; customerIds: number[] },
): Promise<CrmExportResponse> {
  const secret = await findSecret(db, who.partnerId, q.secret_id, q.crm_name);
  const contacts = eligibleContacts(await customerContacts(db, who.partnerId, source.customerIds));
  if (!contacts.length) {
    throw new AppError(422, 'error.crm.no_contacts', 'None of these customers can be exported: they have no email address or opted out of ads.');
  }
  const containerName = containerNameWithTimestamp(q.container_name, new Date(nowMs()));
  const exportId = randomUUID();
  await db.insert(crmExports).values({
    id: exportId,
    partnerId: who.partnerId,
    userId: who.userId,
    secretId: secret.id,
    crmName: q.crm_name,
    containerName,
    source: source.kind,
    sourceRef: source.ref,
    status: 'queued',
    contacts: contacts.length,
  });
  const payload: Payload = { exportId, partnerId: who.partnerId, customerIds: source.customerIds };
  // One attempt: a repeated run would create a second list at the CRM.
  const task = await enqueueTask(db, { kind: CRM_EXPORT_TASK, partnerId: who.partnerId, userId: who.userId, payload, maxAttempts: 1 });
  await db.update(crmExports).set({ taskId: task.id }).where(eq(crmExports.id, exportId));
  return {
    task_id: task.id,
    export_id: exportId,
    crm_name: q.crm_name,
    display_name: SERVICE_INFO[q.crm_name].displayName,
    container_name: containerName,
    contacts: contacts.length,
    sandbox: crmIsSandbox(),
  };
}

/**
 * POST /crm/export/nlq: the chosen customers of the user's own Sentinel answer (none chosen: the
 * whole answer). Only customer answers; every id must be one of the answer's.
 */
export async function startNlqExport(db: Db, ctx: NlqCtx, q: CrmExportQuery, body: { nlq_id: number; ids: string[] }): Promise<CrmExportResponse> {
  await findSecret(db, ctx.partnerId, q.secret_id, q.crm_name);
  const customerIds = await nlqCustomerIds(db, ctx, body);
  return start(db, ctx, q, { kind: 'nlq', ref: String(body.nlq_id), customerIds });
}

/**
 * POST /crm/export/nlq/preview and /crm/export/package/preview: how many contacts an export of the
 * same body would send now (opted-out customers and those without an email left out, one per
 * address), for the export dialog's count.
 */
export async function previewNlqExport(db: Db, ctx: NlqCtx, body: { nlq_id: number; ids: string[] }): Promise<CrmExportPreview> {
  const customerIds = await nlqCustomerIds(db, ctx, body);
  return { customers: customerIds.length, contacts: eligibleContacts(await customerContacts(db, ctx.partnerId, customerIds)).length };
}

export async function previewPackageExport(db: Db, who: Who, body: { package_id: number; tc: number }): Promise<CrmExportPreview> {
  const customerIds = await packageCustomerIds(db, who, body);
  return { customers: customerIds.length, contacts: eligibleContacts(await customerContacts(db, who.partnerId, customerIds)).length };
}

async function nlqCustomerIds(db: Db, ctx: NlqCtx, body: { nlq_id: number; ids: string[] }): Promise<number[]> {
  const question = await answeredQuestion(db, ctx, body.nlq_id);
  if (question.result_type !== 'customers') {
    throw new AppError(422, 'error.crm.not_customer_result', 'Only customer answers can be exported to a CRM.');
  }
  const answer = question.result_ids ?? [];
  const inAnswer = new Set(answer);
  const chosen = body.ids.length ? [...new Set(body.ids)] : answer;
  const outside = chosen.filter((id) => !inAnswer.has(id));
  if (outside.length) {
    throw new AppError(422, 'error.crm.ids_not_in_answer', 'Some of the chosen customers are not in this answer.', undefined, undefined, undefined, { count: outside.length });
  }
  return chosen.filter((id) => /^\d{1,15}$/.test(id)).map(Number);
}

interface PackageRow {
  id: number;
  status: string;
  num_packages: number;
  content: unknown;
  expires_at: Date | string | null;
}

/**
 * POST /crm/export/package: the customers of one variation (`tc`) of a finished package of the
 * partner, best score first, as the package builder wrote them to package_members.
 */
export async function startPackageExport(db: Db, who: Who, q: CrmExportQuery, body: { package_id: number; tc: number }): Promise<CrmExportResponse> {
  await findSecret(db, who.partnerId, q.secret_id, q.crm_name);
  const customerIds = await packageCustomerIds(db, who, body);
  return start(db, who, q, { kind: 'package', ref: `${body.package_id}:${body.tc}`, customerIds });
}

async function packageCustomerIds(db: Db, who: Who, body: { package_id: number; tc: number }): Promise<number[]> {
  const [pkg] = await rows<PackageRow>(
    db,
    sql`SELECT id, status, num_packages, content, expires_at FROM packages WHERE id = ${body.package_id} AND partner_id = ${who.partnerId}`,
  );
  if (!pkg) throw notFound('Package');
  const expiresAt = pkg.expires_at ? new Date(pkg.expires_at) : null;
  if (pkg.status === 'expired' || (expiresAt && expiresAt.getTime() <= nowMs())) {
    throw new AppError(409, 'error.crm.package_expired', 'This package has expired. Regenerate it before exporting.');
  }
  if (pkg.status !== 'done') throw new AppError(409, 'error.crm.package_not_ready', 'This package is not finished yet.');
  const variations = Array.isArray(pkg.content) ? pkg.content.length : Number(pkg.num_packages);
  if (body.tc >= variations) throw new AppError(422, 'error.crm.unknown_variation', 'This package has no such variation.');
  const members = await rows<{ customer_id: string | number }>(
    db,
    sql`SELECT customer_id FROM package_members WHERE package_id = ${pkg.id} AND variation = ${body.tc} AND partner_id = ${who.partnerId}
        ORDER BY score DESC, customer_id`,
  );
  return members.map((m) => Number(m.customer_id));
}

// ---------------------------------------------------------------------------------------------
// The task
// ---------------------------------------------------------------------------------------------

type ExportRow = typeof crmExports.$inferSelect;

async function finish(db: Db, id: string, set: Partial<ExportRow>): Promise<void> {
  await db.update(crmExports).set({ ...set, finishedAt: new Date(nowMs()) }).where(eq(crmExports.id, id));
}

/** What a failure tells the user (the row's `error`): our CRM messages as they are, anything else generic. */
const failureText = (err: unknown) => (err instanceof AppError ? err.message : 'The export failed. Please try again.');

export async function runExportTask(payload: unknown, ctx: Pick<TaskContext, 'db' | 'progress'>): Promise<CrmExportResult> {
  const parsed = Payload.safeParse(payload);
  if (!parsed.success) throw new PermanentTaskError('crm.export: bad payload');
  const p = parsed.data;
  const { db } = ctx;
  const [row] = await db.select().from(crmExports).where(and(eq(crmExports.id, p.exportId), eq(crmExports.partnerId, p.partnerId))).limit(1);
  if (!row) throw new PermanentTaskError('crm.export: export row is gone');
  const service = row.crmName as CrmService;
  await db.update(crmExports).set({ status: 'running' }).where(eq(crmExports.id, row.id));
  try {
    if (!row.secretId) throw secretNotFound();
    const secret = await openSecret(db, p.partnerId, row.secretId, service);
    // Opt-outs and addresses are read again: a customer may have opted out since the request.
    const contacts = eligibleContacts(await customerContacts(db, p.partnerId, p.customerIds));
    if (!contacts.length) throw new AppError(422, 'error.crm.no_contacts', 'None of these customers can be exported: they have no email address or opted out of ads.');
    const adapter = crmAdapter({ service, secret: secret.raw, tenantRef: secret.row.tenantRef, secretId: secret.row.id });
    const outcome = await runCrmExport(adapter, contacts, row.containerName, (done) => ctx.progress({ export_id: row.id, contacts: contacts.length, processed: done }));
    const status = outcome.rejected > 0 ? 'partial' : 'done';
    await finish(db, row.id, { status, contacts: contacts.length, sent: outcome.sent, rejected: outcome.rejected, externalId: outcome.externalId, error: null });
    return {
      export_id: row.id,
      status,
      crm_name: service,
      display_name: SERVICE_INFO[service].displayName,
      container_name: row.containerName,
      contacts: contacts.length,
      sent: outcome.sent,
      rejected: outcome.rejected,
      external_id: outcome.externalId,
      sandbox: adapter.kind === 'sandbox',
    };
  } catch (err) {
    await finish(db, row.id, { status: 'failed', error: failureText(err) });
    throw err;
  }
}

registerTask(CRM_EXPORT_TASK, runExportTask, {
  onAbandoned: async (task, db) => {
    const p = Payload.safeParse(task.payload);
    if (p.success) await finish(db, p.data.exportId, { status: 'failed', error: 'The export was interrupted. Please check the list at the CRM and export again if needed.' });
  },
});
