// Issue 23: the console's calls of the integrations manager (settings #system) and the CRM export
// (spec 3 §7 /secrets*, /crm/*). Types only from the contracts, so no zod reaches the browser.
import type {
  CreateSecretBody,
  CrmExportPreview,
  CrmExportQuery,
  CrmExportResponse,
  IntegrationType,
  NlqCrmExportBody,
  PackageCrmExportBody,
  SecretItem,
  SupportedCrm,
} from '../contracts/integrations';
import type { TaskResponse } from '../contracts/tasks';
import { call, mainApi } from './client';

export const listIntegrationTypes = (signal?: AbortSignal) => call<IntegrationType[]>(mainApi, '/secrets/services', { signal });
export const listSecrets = (signal?: AbortSignal) => call<SecretItem[]>(mainApi, '/secrets', { signal });
export const addSecret = (body: CreateSecretBody) => call<SecretItem>(mainApi, '/secrets', { method: 'post', json: body });
export const deleteSecret = (id: string) => call<void>(mainApi, `/secrets/${encodeURIComponent(id)}`, { method: 'delete' });

export const listSupportedCrms = (signal?: AbortSignal) => call<SupportedCrm[]>(mainApi, '/crm/supported', { signal });

const query = (q: CrmExportQuery) => ({ crm_name: q.crm_name, secret_id: q.secret_id, container_name: q.container_name });

export const exportNlqToCrm = (q: CrmExportQuery, body: NlqCrmExportBody) =>
  call<CrmExportResponse>(mainApi, '/crm/export/nlq', { method: 'post', searchParams: query(q), json: body });

export const exportPackageToCrm = (q: CrmExportQuery, body: PackageCrmExportBody) =>
  call<CrmExportResponse>(mainApi, '/crm/export/package', { method: 'post', searchParams: query(q), json: body });

export const previewNlqCrmExport = (body: NlqCrmExportBody) => call<CrmExportPreview>(mainApi, '/crm/export/nlq/preview', { method: 'post', json: body });

export const previewPackageCrmExport = (body: PackageCrmExportBody) => call<CrmExportPreview>(mainApi, '/crm/export/package/preview', { method: 'post', json: body });

export const getExportTask = (taskId: string, signal?: AbortSignal) => call<TaskResponse>(mainApi, `/tasks/${encodeURIComponent(taskId)}`, { signal });
