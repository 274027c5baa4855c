// The sandbox's customer-list audiences (issue 22, docs/SANDBOX-META.md): deterministic ids, the
// Graph client's own refusals (hashes only, a known ad account), the upload counted per batch.
import { describe, expect, it } from 'vitest';
import { SandboxAdPlatform, sandboxToken } from '../../../src/server/adapters/meta/sandbox';
import { sandboxWorld } from '../../../src/server/adapters/meta/sandbox-seed';
import { sha256Hex } from '../../../src/server/adapters/meta/audience-hash';

const now = new Date('2026-11-28T12:00:00Z');
const sandbox = new SandboxAdPlatform(() => now);
const token = sandboxToken('1001', now);
const account = sandboxWorld('1001').adAccounts.find((a) => a.permitted)!.id;

describe('sandbox custom audiences', () => {
  it('gives the same ad account and name the same audience, another name another one', async () => {
    const a = await sandbox.createCustomAudience(token, { adAccountId: account, name: 'Opera lovers [Encore 7:3]', description: 'd' });
    const b = await sandbox.createCustomAudience(token, { adAccountId: account, name: 'Opera lovers [Encore 7:3]', description: 'other text' });
    const c = await sandbox.createCustomAudience(token, { adAccountId: account, name: 'Opera lovers [Encore 7:4]', description: 'd' });
    expect(a.id).toMatch(/^8\d{10}$/);
    expect(b.id).toBe(a.id);
    expect(c.id).not.toBe(a.id);
  });

  it('refuses an ad account the login cannot use', async () => {
    const locked = sandboxWorld('1001').adAccounts.find((x) => !x.permitted);
    if (locked) await expect(sandbox.createCustomAudience(token, { adAccountId: locked.id, name: 'x', description: '' })).rejects.toMatchObject({ code: 'error.connect.facebook.missing_permissions' });
    await expect(sandbox.createCustomAudience(token, { adAccountId: '999', name: 'x', description: '' })).rejects.toMatchObject({ code: 'error.connect.facebook.ad_account_not_found' });
  });

  it('counts an upload in Meta’s batches and takes hashes only', async () => {
    const { id } = await sandbox.createCustomAudience(token, { adAccountId: account, name: 'Upload [Encore 1:1]', description: '' });
    const hashes = Array.from({ length: 12_345 }, (_, i) => sha256Hex(`m${i}@example.org`));
    expect(await sandbox.addAudienceMembers(token, id, hashes)).toEqual({ received: 12_345, invalid: 0, batches: 2 });
    await expect(sandbox.addAudienceMembers(token, id, ['m1@example.org'])).rejects.toMatchObject({ code: 'error.connect.facebook.invalid_request' });
    await expect(sandbox.addAudienceMembers(token, '4000000001', hashes)).rejects.toMatchObject({ code: 'error.connect.facebook.not_found' });
  });
});
