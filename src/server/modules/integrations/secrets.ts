// Issue 23, the integrations manager (spec 3 §2 Settings, §3 Secret / integration, §7 /secrets*):
// a partner's secrets for third-party services. A secret is sealed at rest with AES-256-GCM under
// a key derived from ENCORE_SECRET_KEY (lib/crypto.ts), bound to its partner and row id as
// associated data, so a sealed value moved to another row or partner does not open. Only
// `secret_preview` is ever shown again; nothing here logs a secret or hands it to a response.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secrets } from '../../db/schema';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import { crmIsSandbox } from '../../adapters/crm';
import { CRM_SERVICES, SERVICE_INFO, isCrmService, secretPreview, type CrmService } from '../../../lib/integrations/rules';
import type { IntegrationType, SecretItem, SupportedCrm } from '../../../lib/contracts/integrations';

export interface Who {
  partnerId: number;
  userId: string;
}

type SecretRow = typeof secrets.$inferSelect;

/** The associated data a secret is sealed with: its partner and row. */
const sealContext = (partnerId: number, id: string) => `crm-secret:${partnerId}:${id}`;

export const sealSecret = (raw: string, partnerId: number, id: string) => encryptSecret(raw, sealContext(partnerId, id));
export const openSealedSecret = (sealed: string, partnerId: number, id: string) => decryptSecret(sealed, sealContext(partnerId, id));

/** spec 3 §7 'Secret not found' (§8), also for another partner's or another service's secret. */
export const secretNotFound = () => new AppError(404, 'error.crm.secret_not_found', 'Secret not found');

function item(r: SecretRow): SecretItem {
  const service = r.serviceName as CrmService;
  return {
    id: r.id,
    service_name: service,
    display_name: SERVICE_INFO[service]?.displayName ?? r.serviceName,
    name: r.name,
    secret_preview: r.secretPreview,
    tenant_ref: r.tenantRef,
    created_at: r.createdAt.toISOString(),
  };
}

/** GET /secrets/services. */
export function integrationTypes(): IntegrationType[] {
  const sandbox = crmIsSandbox();
  return CRM_SERVICES.map((type) => ({ type, display_name: SERVICE_INFO[type].displayName, requires_tenant_ref: SERVICE_INFO[type].requiresTenantRef, sandbox }));
}

/** GET /secrets: the partner's secrets, newest first, previews only. */
export async function listSecrets(db: Db, who: Who): Promise<SecretItem[]> {
  const list = await db.select().from(secrets).where(eq(secrets.partnerId, who.partnerId)).orderBy(desc(secrets.createdAt), asc(secrets.id));
  return list.filter((r) => isCrmService(r.serviceName)).map(item);
}

/** POST /secrets (the body is validated by CreateSecretBody). */
export async function addSecret(
  db: Db,
  who: Who,
  body: { service_name: CrmService; name?: string | null; raw_secret: string; tenant_ref?: string | null },
): Promise<SecretItem> {
  const id = randomUUID();
  const raw = body.raw_secret.trim();
  const [row] = await db
    .insert(secrets)
    .values({
      id,
      partnerId: who.partnerId,
      userId: who.userId,
      serviceName: body.service_name,
      name: body.name?.trim() || SERVICE_INFO[body.service_name].displayName,
      sealedSecret: sealSecret(raw, who.partnerId, id),
      secretPreview: secretPreview(raw),
      tenantRef: SERVICE_INFO[body.service_name].requiresTenantRef ? (body.tenant_ref?.trim() ?? null) : null,
    })
    .returning();
  return item(row);
}

/** DELETE /secrets/{id}: another partner's secret is not found. Exports keep their rows (secret_id set null). */
export async function removeSecret(db: Db, who: Who, id: string): Promise<void> {
  const gone = await db.delete(secrets).where(and(eq(secrets.id, id), eq(secrets.partnerId, who.partnerId))).returning({ id: secrets.id });
  if (!gone.length) throw notFound('Secret');
}

/** A secret of the partner for a service, opened for one call to its CRM; 'Secret not found' otherwise. */
export async function openSecret(db: Db, partnerId: number, id: string, service?: CrmService): Promise<{ row: SecretRow; raw: string }> {
  const [row] = await db.select().from(secrets).where(and(eq(secrets.id, id), eq(secrets.partnerId, partnerId))).limit(1);
  if (!row || !isCrmService(row.serviceName) || (service && row.serviceName !== service)) throw secretNotFound();
  return { row, raw: openSealedSecret(row.sealedSecret, partnerId, row.id) };
}

/** The partner's secret row for a service without opening it (request time checks). */
export async function findSecret(db: Db, partnerId: number, id: string, service: CrmService): Promise<SecretRow> {
  const [row] = await db.select().from(secrets).where(and(eq(secrets.id, id), eq(secrets.partnerId, partnerId))).limit(1);
  if (!row || row.serviceName !== service) throw secretNotFound();
  return row;
}

/** GET /crm/supported: the CRM types the partner holds a secret for, each with its secrets' names. */
export async function supportedCrms(db: Db, who: Who): Promise<SupportedCrm[]> {
  const list = await db
    .select({ id: secrets.id, name: secrets.name, service: secrets.serviceName })
    .from(secrets)
    .where(eq(secrets.partnerId, who.partnerId))
    .orderBy(asc(secrets.name), asc(secrets.id));
  const sandbox = crmIsSandbox();
  return CRM_SERVICES.map((type) => ({
    type,
    display_name: SERVICE_INFO[type].displayName,
    sandbox,
    integrations: list.filter((s) => s.service === type).map((s) => ({ id: s.id, name: s.name })),
  })).filter((s) => s.integrations.length > 0);
}
