// CRM failures → our error codes (spec 3 §8 "Integrations / CRM": the server's message is shown,
// else common.genericError). The message is ours and safe to show: never the request, the secret
// or the CRM's raw answer.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../lib/errors';
import { SERVICE_INFO, type CrmService } from '../../../lib/integrations/rules';

export type CrmErrorReason = 'unauthorized' | 'rate_limited' | 'unavailable' | 'tenant_not_found' | 'rejected' | 'bad_response';

const STATUS: Record<CrmErrorReason, ContentfulStatusCode> = {
  unauthorized: 403,
  rate_limited: 429,
  unavailable: 503,
  tenant_not_found: 404,
  rejected: 422,
  bad_response: 502,
};

function message(reason: CrmErrorReason, service: CrmService): string {
  const name = SERVICE_INFO[service].displayName;
  switch (reason) {
    case 'unauthorized':
      return `${name} refused the stored key. Check the integration in the settings or add a new key.`;
    case 'rate_limited':
      return `${name} is limiting requests right now. Please try again in a few minutes.`;
    case 'unavailable':
      return `${name} could not be reached. Please try again.`;
    case 'tenant_not_found':
      return `The ${name} audience was not found. Check the audience ID of the integration.`;
    case 'rejected':
      return `${name} refused the export.`;
    case 'bad_response':
      return `${name} answered in an unexpected way.`;
  }
}

export class CrmError extends AppError {
  constructor(
    readonly reason: CrmErrorReason,
    readonly service: CrmService,
    /** The CRM's HTTP status, for the log (never shown). */
    readonly httpStatus?: number,
  ) {
    super(STATUS[reason], `error.crm.${reason}`, message(reason, service), service);
    this.name = 'CrmError';
  }
}
