// spec 3 §8 "Integrations / CRM": a failure reads, in this order, the service's own message key
// (crm.errors.{service}.{reason}), the code's translation (common.serverErrors.{code}), the server's
// message, common.genericError, and finally 'An error occurred'.
import type { TinyT as TFunction } from '../../lib/i18n/tiny';
import { ApiError } from '../../lib/api/client';

export function crmErrorText(t: TFunction, err: unknown, service?: string | null): string {
  const known = (key: string) => (t(key) === key ? null : t(key));
  if (err instanceof ApiError && err.code.startsWith('error.crm.') && service) {
    const own = known(`crm.errors.${service}.${err.code.slice('error.crm.'.length)}`);
    if (own) return own;
  }
  if (err instanceof ApiError && err.code.startsWith('error.')) {
    const byCode = known(`common.serverErrors.${err.code}`);
    if (byCode) return byCode;
  }
  if (err instanceof ApiError && err.message && !err.cancelled && err.code !== 'common.errors.inServerResponse') return err.message;
  return known('common.genericError') ?? 'An error occurred';
}

/** A failed task's result ({error_code, message}) as the same kind of error. */
export function taskFailureError(result: unknown): ApiError {
  const r = result as { error_code?: unknown; message?: unknown } | null;
  return new ApiError(null, typeof r?.error_code === 'string' ? r.error_code : 'error.task.failed', typeof r?.message === 'string' ? r.message : '');
}
