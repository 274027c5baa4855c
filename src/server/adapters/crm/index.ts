// Picks the CRM client (issue 23): the real HubSpot and Mailchimp clients only when CRM_MODE=live,
// the deterministic sandbox otherwise — so the demo and the tests never reach a CRM — and the
// screens show a "Sandbox" badge while it is on (crmIsSandbox()). Like the Meta adapter
// (adapters/meta/index.ts), with a switch instead of app credentials: the credentials of a CRM
// are the partner's own secrets.
import { config } from '../../config';
import { HubSpotCrm } from './hubspot';
import { MailchimpCrm } from './mailchimp';
import { SandboxCrm } from './sandbox';
import type { CrmAdapter, CrmCredentials } from './types';

export type * from './types';
export { CrmError, type CrmErrorReason } from './errors';
export { sandboxInbox, resetSandboxInboxes, type SandboxInbox } from './sandbox';

export type CrmFactory = (cred: CrmCredentials) => CrmAdapter;

/** The sandbox's seed for an integration: its service and stored secret id. */
export const sandboxSeed = (cred: Pick<CrmCredentials, 'service' | 'secretId'>) => `${cred.service}:${cred.secretId}`;

export function createCrmAdapter(cred: CrmCredentials, crm: typeof config.crm = config.crm): CrmAdapter {
  if (!crm.live) return new SandboxCrm(cred.service, sandboxSeed(cred));
  if (cred.service === 'hubspot') return new HubSpotCrm(cred.secret, { baseUrl: crm.hubspotUrl, timeoutMs: crm.timeoutMs });
  return new MailchimpCrm(cred.secret, cred.tenantRef, { baseUrlTemplate: crm.mailchimpUrl, timeoutMs: crm.timeoutMs });
}

let override: CrmFactory | undefined;

/** The CRM client for a stored integration. */
export function crmAdapter(cred: CrmCredentials): CrmAdapter {
  return override ? override(cred) : createCrmAdapter(cred);
}

/** True while exports go to the sandbox (the screens show the "Sandbox" badge). */
export function crmIsSandbox(): boolean {
  return !config.crm.live;
}

/** Tests only: another factory (undefined restores the configured one). */
export function setCrmAdapterFactory(f?: CrmFactory): void {
  override = f;
}
