// Issue 23, integrations and CRM export (spec 3 §3 Secret / integration, §5 validation, §9): the
// rules that the settings form, the export dialog and the server contracts share. Plain functions
// and constants, no zod, so the browser bundles stay small (ARCHITECTURE §3 "The browser client").

/** The CRMs Encore can export to (spec 3 §3 "Integration type: type, display_name, requires_tenant_ref"). */
export const CRM_SERVICES = ['hubspot', 'mailchimp'] as const;
export type CrmService = (typeof CRM_SERVICES)[number];

export const isCrmService = (s: unknown): s is CrmService => typeof s === 'string' && (CRM_SERVICES as readonly string[]).includes(s);

export interface ServiceInfo {
  displayName: string;
  /**
   * HubSpot: a private-app access token is enough (the token names the account). Mailchimp: an API
   * key names the account and its data centre, but a contact lives in one audience (list), so the
   * audience id is the tenant reference and is required.
   */
  requiresTenantRef: boolean;
}

export const SERVICE_INFO: Record<CrmService, ServiceInfo> = {
  hubspot: { displayName: 'HubSpot', requiresTenantRef: false },
  mailchimp: { displayName: 'Mailchimp', requiresTenantRef: true },
};

export const CRM_LIMITS = {
  /** spec 3 §5 / §9: "export name max 80". */
  containerNameMax: 80,
  secretNameMax: 80,
  rawSecretMax: 1000,
  tenantRefMax: 64,
  /** HubSpot's batch upsert takes at most 100 inputs per call. */
  hubspotBatch: 100,
  /** Mailchimp's batch subscribe and static-segment calls take at most 500 members each. */
  mailchimpBatch: 500,
} as const;

export type FieldProblem = 'required' | 'tooLong' | 'badFormat' | 'notUsed';

/**
 * Keys and tokens are printable ASCII: whitespace, control characters or letters beyond ASCII in
 * one are a paste accident (and could not be sent in an HTTP header).
 */
const NOT_PRINTABLE_ASCII = /[^\x21-\x7e]/;

/**
 * Mailchimp API keys end with their data centre: `0123456789abcdef0123456789abcdef-us21`; the
 * API's host is `https://us21.api.mailchimp.com`. Without the suffix the key cannot be used.
 */
const MAILCHIMP_KEY = /^[0-9a-f]{32}-([a-z]{2,4}\d{1,3})$/i;

/** A Mailchimp audience (list) id: short alphanumeric, e.g. `a1b2c3d4e5`. */
const MAILCHIMP_LIST_ID = /^[A-Za-z0-9]{4,32}$/;

export function mailchimpDataCenter(key: string): string | null {
  const m = MAILCHIMP_KEY.exec(key.trim());
  return m ? m[1]!.toLowerCase() : null;
}

/** What is wrong with a secret for a service, or null. */
export function secretProblem(service: CrmService, raw: string | null | undefined): FieldProblem | null {
  const s = (raw ?? '').trim();
  if (!s) return 'required';
  if (s.length > CRM_LIMITS.rawSecretMax) return 'tooLong';
  if (NOT_PRINTABLE_ASCII.test(s)) return 'badFormat';
  if (service === 'mailchimp') return mailchimpDataCenter(s) ? null : 'badFormat';
  // HubSpot private-app tokens (`pat-na1-…`) and service keys differ in shape; a token is long.
  return s.length >= 16 ? null : 'badFormat';
}

/** What is wrong with a tenant reference for a service, or null (spec 3 §5 "a tenant reference when the type requires it"). */
export function tenantRefProblem(service: CrmService, ref: string | null | undefined): FieldProblem | null {
  const s = (ref ?? '').trim();
  if (!SERVICE_INFO[service].requiresTenantRef) return s ? 'notUsed' : null;
  if (!s) return 'required';
  if (s.length > CRM_LIMITS.tenantRefMax) return 'tooLong';
  return MAILCHIMP_LIST_ID.test(s) ? null : 'badFormat';
}

export function secretNameProblem(name: string | null | undefined): FieldProblem | null {
  return (name ?? '').trim().length > CRM_LIMITS.secretNameMax ? 'tooLong' : null;
}

/** spec 3 §5: the export name is required (send is disabled when empty) and at most 80 characters. */
export function containerNameProblem(name: string | null | undefined): FieldProblem | null {
  const s = (name ?? '').trim();
  if (!s) return 'required';
  return s.length > CRM_LIMITS.containerNameMax ? 'tooLong' : null;
}

/**
 * What the settings list shows of a secret: its last four characters behind a mask (`••••f3a9`),
 * or only the mask for a short secret, so a secret can be recognised but never read back.
 */
export function secretPreview(raw: string): string {
  const s = raw.trim();
  return s.length >= 12 ? `••••${s.slice(-4)}` : '••••';
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * spec 3 §5 "a timestamp is appended": the list or segment name at the CRM is the user's name, a
 * space and the UTC time `YYYY-MM-DD HH:mm:ss` (at most 80 + 20 = 100 characters, within what
 * HubSpot lists and Mailchimp segments take), so two exports with the same name never collide.
 */
export function containerNameWithTimestamp(name: string, at: Date): string {
  const d = at;
  const stamp = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  // A name that already ends with a date and time (Sentinel's default 'Sentinel_DD.MM.YYYY HH:mm',
  // spec 3 §9) keeps one timestamp only: the appended one replaces it.
  const bare = name.trim().replace(TRAILING_STAMP, '');
  if (bare !== name.trim()) return /[_\-.]$/.test(bare) || bare === '' ? `${bare}${stamp}` : `${bare} ${stamp}`;
  return `${name.trim()} ${stamp}`;
}

/** A date and time at the end of a name: DD.MM.YYYY HH:mm or YYYY-MM-DD HH:mm, seconds optional. */
const TRAILING_STAMP = /\s*(?:\d{2}\.\d{2}\.\d{4}|\d{4}-\d{2}-\d{2})[ T]\d{2}:\d{2}(?::\d{2})?$/;

/** A plausible address (one @, a dot in the domain, no spaces): what a CRM would accept at all. */
export function plausibleEmail(s: string): boolean {
  return s.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);
}
