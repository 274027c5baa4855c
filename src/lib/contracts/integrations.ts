// Integrations and CRM export on the wire — spec 3 §2 (settings integrations manager, Sentinel's
// External CRM export), §3 (Secret / integration, Integration type, Supported CRM), §5 (export
// name max 80 with a timestamp appended; integration add validation), §6, §7 (/secrets*, /crm/*),
// §8 (Integrations / CRM errors); issue 23. Rules shared with the forms: src/lib/integrations/rules.ts.
//
// Calls (all under /api/v3):
//   GET    /secrets/services  → 200 IntegrationType[]           settings
//   GET    /secrets           → 200 SecretItem[] (preview only)  settings
//   POST   /secrets  CreateSecretBody → 201 SecretItem          settings
//   DELETE /secrets/{id}      → 204                              settings
//   GET    /crm/supported     → 200 SupportedCrm[]               settings, sentinel or backhaul + package-builder
//   POST   /crm/export/nlq?crm_name&secret_id&container_name  NlqCrmExportBody → 202 CrmExportResponse   sentinel
//   POST   /crm/export/package?crm_name&secret_id&container_name  PackageCrmExportBody → 202 CrmExportResponse
//   POST   /crm/export/nlq/preview, /crm/export/package/preview  the same bodies → 200 CrmExportPreview
//            backhaul + feature package-builder
// An export runs as the task `crm.export` (GET /tasks/{task_id}); SUCCESS carries CrmExportResult.
// Errors (ARCHITECTURE §3): 400 error.validation.invalid; 404 error.crm.secret_not_found ('Secret
// not found'), error.common.notFound (another partner's secret, question or package); 409
// error.crm.package_not_ready | error.crm.package_expired | error.nlq.expired | error.nlq.not_ready;
// 422 error.crm.not_customer_result | error.crm.ids_not_in_answer | error.crm.unknown_variation |
// error.crm.no_contacts; task failures error.crm.unauthorized | rate_limited | unavailable |
// tenant_not_found | rejected.
import { z } from 'zod';
import { text } from './common';
import { SENTINEL } from '../sentinel-constants';
import {
  CRM_LIMITS,
  CRM_SERVICES,
  containerNameProblem,
  secretNameProblem,
  secretProblem,
  tenantRefProblem,
  type FieldProblem,
} from '../integrations/rules';

export { CRM_SERVICES, CRM_LIMITS, type CrmService } from '../integrations/rules';

/** The English issue message of a field problem (the forms show their own translated text). */
const PROBLEM_MESSAGE: Record<FieldProblem, string> = {
  required: 'Required',
  tooLong: 'Too long',
  badFormat: 'Not in the format this service uses',
  notUsed: 'This service does not use a tenant reference',
};

const Service = z.enum(CRM_SERVICES, { error: 'Unknown service' });

export const IntegrationType = z.object({
  type: Service,
  display_name: z.string(),
  requires_tenant_ref: z.boolean(),
  /** True while exports of this type go to the CRM sandbox (the screens show a "Sandbox" badge). */
  sandbox: z.boolean(),
});
export type IntegrationType = z.infer<typeof IntegrationType>;
export const IntegrationTypesResponse = z.array(IntegrationType);

/** A stored secret as lists show it: never the secret, only its preview. */
export const SecretItem = z.object({
  id: z.uuid(),
  service_name: Service,
  display_name: z.string(),
  name: z.string(),
  secret_preview: z.string(),
  tenant_ref: z.string().nullable(),
  created_at: z.string(),
});
export type SecretItem = z.infer<typeof SecretItem>;
export const SecretsResponse = z.array(SecretItem);

export const CreateSecretBody = z
  .object({
    service_name: Service,
    /** Optional: empty names the secret after its service. */
    name: text().trim().max(CRM_LIMITS.secretNameMax).nullish(),
    raw_secret: text().trim().min(1).max(CRM_LIMITS.rawSecretMax),
    tenant_ref: text().trim().max(CRM_LIMITS.tenantRefMax).nullish(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const issue = (path: string, p: FieldProblem | null) => {
      if (p) ctx.addIssue({ code: 'custom', path: [path], message: PROBLEM_MESSAGE[p] });
    };
    issue('name', secretNameProblem(b.name));
    issue('raw_secret', secretProblem(b.service_name, b.raw_secret));
    issue('tenant_ref', tenantRefProblem(b.service_name, b.tenant_ref));
  });
export type CreateSecretBody = z.input<typeof CreateSecretBody>;

export const SecretIdParam = z.object({ id: z.uuid() });

export const SupportedCrm = z.object({
  type: Service,
  display_name: z.string(),
  sandbox: z.boolean(),
  /** The partner's secrets of this type, for the export dialog's choice (names only). */
  integrations: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type SupportedCrm = z.infer<typeof SupportedCrm>;
export const SupportedCrmsResponse = z.array(SupportedCrm);

export const CrmExportQuery = z.object({
  crm_name: Service,
  secret_id: z.uuid(),
  container_name: text()
    .trim()
    .refine((s) => containerNameProblem(s) === null, { message: `Required, ${CRM_LIMITS.containerNameMax} characters or fewer` }),
});
export type CrmExportQuery = z.infer<typeof CrmExportQuery>;

export const NlqCrmExportBody = z
  .object({
    nlq_id: z.number().int().min(1).max(2_147_483_647),
    /** Selected customer ids of the answer; empty = the whole answer. */
    ids: z.array(text().min(1).max(200)).max(SENTINEL.maxResults),
  })
  .strict();
export type NlqCrmExportBody = z.infer<typeof NlqCrmExportBody>;

export const PackageCrmExportBody = z
  .object({
    package_id: z.number().int().min(1).max(2_147_483_647),
    /** The variation's index in the package (spec 3 §7 `tc`). */
    tc: z.number().int().min(0).max(99),
  })
  .strict();
export type PackageCrmExportBody = z.infer<typeof PackageCrmExportBody>;

/** 200 of an export preview: the customers chosen and the contacts an export would send of them now. */
export const CrmExportPreview = z.object({ customers: z.number().int(), contacts: z.number().int() });
export type CrmExportPreview = z.infer<typeof CrmExportPreview>;

/** 202 of an export: what the page polls (task_id) and what its toast names (spec 3 §8 'progress' with the service name). */
export const CrmExportResponse = z.object({
  task_id: z.uuid(),
  export_id: z.uuid(),
  crm_name: Service,
  display_name: z.string(),
  /** The name at the CRM: the user's name with the timestamp appended. */
  container_name: z.string(),
  /** Contacts that will be sent: customers with an email who did not opt out of ads, one per address. */
  contacts: z.number().int(),
  sandbox: z.boolean(),
});
export type CrmExportResponse = z.infer<typeof CrmExportResponse>;

/** The SUCCESS result of the `crm.export` task (also the crm_exports row). */
export const CrmExportResult = z.object({
  export_id: z.uuid(),
  status: z.enum(['done', 'partial']),
  crm_name: Service,
  display_name: z.string(),
  container_name: z.string(),
  contacts: z.number().int(),
  sent: z.number().int(),
  rejected: z.number().int(),
  /** The list (HubSpot) or static segment (Mailchimp) at the CRM. */
  external_id: z.string(),
  sandbox: z.boolean(),
});
export type CrmExportResult = z.infer<typeof CrmExportResult>;

export const CRM_EXPORT_TASK = 'crm.export';
