// The integration rules shared by the settings form, the export dialog and the contracts (issue 23).
import { describe, expect, it } from 'vitest';
import {
  containerNameProblem,
  containerNameWithTimestamp,
  mailchimpDataCenter,
  plausibleEmail,
  secretPreview,
  secretProblem,
  tenantRefProblem,
} from '../../../src/lib/integrations/rules';
import { CreateSecretBody, CrmExportQuery } from '../../../src/lib/contracts/integrations';

const MC = '0123456789abcdef0123456789abcdef-us21';

describe('integration rules', () => {
  it('reads the data centre from a Mailchimp key and refuses keys without one', () => {
    expect(mailchimpDataCenter(MC)).toBe('us21');
    expect(mailchimpDataCenter(' 0123456789ABCDEF0123456789abcdef-US6 ')).toBe('us6');
    expect(mailchimpDataCenter('0123456789abcdef0123456789abcdef')).toBeNull();
    expect(mailchimpDataCenter('0123456789abcdef-us21')).toBeNull();
  });

  it('checks secrets per service', () => {
    expect(secretProblem('mailchimp', MC)).toBeNull();
    expect(secretProblem('mailchimp', 'nope')).toBe('badFormat');
    expect(secretProblem('hubspot', 'pat-na1-11111111-2222-3333-4444-555555555555')).toBeNull();
    expect(secretProblem('hubspot', 'short')).toBe('badFormat');
    expect(secretProblem('hubspot', 'pat-na1 with space in it')).toBe('badFormat');
    expect(secretProblem('hubspot', 'pat-na1-ümlaut-11111111-2222')).toBe('badFormat');
    expect(secretProblem('hubspot', '   ')).toBe('required');
    expect(secretProblem('hubspot', 'x'.repeat(1001))).toBe('tooLong');
  });

  it('requires the audience id for Mailchimp and refuses a tenant reference HubSpot does not use', () => {
    expect(tenantRefProblem('mailchimp', '')).toBe('required');
    expect(tenantRefProblem('mailchimp', null)).toBe('required');
    expect(tenantRefProblem('mailchimp', 'a1b2c3d4e5')).toBeNull();
    expect(tenantRefProblem('mailchimp', 'a1b2 c3')).toBe('badFormat');
    expect(tenantRefProblem('hubspot', '')).toBeNull();
    expect(tenantRefProblem('hubspot', 'a1b2c3d4e5')).toBe('notUsed');
  });

  it('shows only a masked preview of a secret', () => {
    expect(secretPreview(MC)).toBe('••••us21');
    expect(secretPreview('pat-na1-11111111-2222-3333-4444-555555555555')).toBe('••••5555');
    expect(secretPreview('short')).toBe('••••');
  });

  it('limits the export name to 80 characters and appends the UTC time', () => {
    expect(containerNameProblem('')).toBe('required');
    expect(containerNameProblem('  ')).toBe('required');
    expect(containerNameProblem('x'.repeat(80))).toBeNull();
    expect(containerNameProblem('x'.repeat(81))).toBe('tooLong');
    expect(containerNameWithTimestamp(' Opera fans ', new Date('2026-03-05T07:08:09.999Z'))).toBe('Opera fans 2026-03-05 07:08:09');
    expect(containerNameWithTimestamp('x'.repeat(80), new Date()).length).toBe(100);
    // fresh-eyes: Sentinel's default name carries its own date and time; one timestamp only.
    expect(containerNameWithTimestamp('Sentinel_29.11.2026 16:54', new Date('2026-11-29T16:54:07Z'))).toBe('Sentinel_2026-11-29 16:54:07');
    expect(containerNameWithTimestamp('Opera 29.11.2026 16:54', new Date('2026-11-29T16:54:07Z'))).toBe('Opera 2026-11-29 16:54:07');
    expect(containerNameWithTimestamp('Opera 2026', new Date('2026-11-29T16:54:07Z'))).toBe('Opera 2026 2026-11-29 16:54:07');
  });

  it('knows a plausible address', () => {
    expect(plausibleEmail('anna@example.com')).toBe(true);
    expect(plausibleEmail('anna@localhost')).toBe(false);
    expect(plausibleEmail('an na@example.com')).toBe(false);
  });

  it('the contracts apply the same rules', () => {
    expect(CreateSecretBody.safeParse({ service_name: 'mailchimp', raw_secret: MC, tenant_ref: 'a1b2c3d4e5' }).success).toBe(true);
    const noRef = CreateSecretBody.safeParse({ service_name: 'mailchimp', raw_secret: MC });
    expect(noRef.success).toBe(false);
    expect(noRef.error!.issues.map((i) => i.path.join('.'))).toEqual(['tenant_ref']);
    expect(CreateSecretBody.safeParse({ service_name: 'salesforce', raw_secret: MC }).success).toBe(false);
    expect(CreateSecretBody.safeParse({ service_name: 'hubspot', raw_secret: 'pat-na1-11111111-2222', extra: 1 }).success).toBe(false);
    const q = { crm_name: 'hubspot', secret_id: '7d6c3b9e-1111-4222-8333-944444444444' };
    expect(CrmExportQuery.safeParse({ ...q, container_name: 'x'.repeat(80) }).success).toBe(true);
    expect(CrmExportQuery.safeParse({ ...q, container_name: 'x'.repeat(81) }).success).toBe(false);
    expect(CrmExportQuery.safeParse({ ...q, container_name: '   ' }).success).toBe(false);
  });
});
