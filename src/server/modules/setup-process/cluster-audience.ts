// A taste cluster as a Meta custom audience of its members (issue 22, "Cluster targeting uses the
// cluster's members"): the members of the cluster in its ITC run (taste_cluster_members) who did
// not opt out of ads (customers.ads_opt_out, the column Sentinel and the customer detail show),
// their addresses normalised and SHA-256 hashed (adapters/meta/audience-hash.ts), uploaded to a
// customer-list audience of the ad account. Fewer than Meta's minimum and no audience is made:
// the ad set falls back to the area around the venue (publish-request.ts) with a note.
//
// Safe to retry: the audience is keyed by (partner, ad account, run, tc) in cluster_audiences and
// claimed before Meta is asked; a retry reuses the audience (and sends the hashes again, which
// Meta deduplicates, if the upload had not finished). If a process died between Meta creating
// the audience and our write of its id, the retry finds it at Meta by the key in its name.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { AdPlatform } from '../../adapters/meta/types';
import { emailHashes, normaliseEmail } from '../../adapters/meta/audience-hash';
import { MIN_CUSTOM_AUDIENCE_MEMBERS } from '../../../lib/campaigns/cluster-audience';

/** What the boost learned of a cluster's members; publish-request.ts turns it into targeting. */
export type ClusterMembersAudience = { kind: 'custom_audience'; audienceId: string; members: number } | { kind: 'too_few_members'; members: number };

export interface ClusterRef {
  partnerId: number;
  adAccountId: string;
  runId: number;
  tc: number;
  /** The cluster's label, for the audience's name in Ads Manager. */
  label: string;
}

/** The part of the audience's name a retry looks for at Meta: unique per run and cluster. */
export const audienceKey = (runId: number, tc: number) => `[Encore ${runId}:${tc}]`;
export const audienceName = (label: string, runId: number, tc: number) => `${label.slice(0, 150)} ${audienceKey(runId, tc)}`;

/**
 * The cluster's members who may be sent: not opted out of ads, with at least one usable address
 * (email or second email). `members` counts people (Meta's minimum is in people), `hashes` the
 * distinct hashed addresses.
 */
export async function eligibleMembers(db: Db, partnerId: number, runId: number, tc: number): Promise<{ members: number; hashes: string[] }> {
  const list = await rows<{ email: string | null; email_2: string | null }>(db, sql`
    SELECT c.email, c.email_2 FROM taste_cluster_members m
    JOIN customers c ON c.id = m.customer_id AND c.partner_id = m.partner_id
    WHERE m.partner_id = ${partnerId} AND m.run_id = ${runId} AND m.tc = ${tc} AND NOT c.ads_opt_out`);
  const usable = list.filter((r) => normaliseEmail(r.email) !== null || normaliseEmail(r.email_2) !== null);
  return { members: usable.length, hashes: emailHashes(usable.flatMap((r) => [r.email, r.email_2])) };
}

interface AudienceRow {
  id: string;
  meta_audience_id: string | null;
  members: number;
  uploaded_at: Date | string | null;
}

/** The cluster's audience at Meta, made and filled once; or why there is none. */
export async function ensureClusterAudience(db: Db, platform: AdPlatform, token: string, ref: ClusterRef): Promise<ClusterMembersAudience> {
  const { members, hashes } = await eligibleMembers(db, ref.partnerId, ref.runId, ref.tc);
  if (members < MIN_CUSTOM_AUDIENCE_MEMBERS) return { kind: 'too_few_members', members };

  const claimed = await rows<AudienceRow>(db, sql`
    INSERT INTO cluster_audiences (partner_id, ad_account_id, run_id, tc) VALUES (${ref.partnerId}, ${ref.adAccountId}, ${ref.runId}, ${ref.tc})
    ON CONFLICT (partner_id, ad_account_id, run_id, tc) DO NOTHING
    RETURNING id, meta_audience_id, members, uploaded_at`);
  const [row] = claimed.length
    ? claimed
    : await rows<AudienceRow>(db, sql`
        SELECT id, meta_audience_id, members, uploaded_at FROM cluster_audiences
        WHERE partner_id = ${ref.partnerId} AND ad_account_id = ${ref.adAccountId} AND run_id = ${ref.runId} AND tc = ${ref.tc}`);
  if (row!.meta_audience_id && row!.uploaded_at) return { kind: 'custom_audience', audienceId: row!.meta_audience_id, members: row!.members };

  let audienceId = row!.meta_audience_id;
  if (!audienceId && !claimed.length) {
    // Claimed by an earlier attempt that never wrote Meta's answer: Meta may have the audience.
    const key = audienceKey(ref.runId, ref.tc);
    audienceId = (await platform.audiences(token, ref.adAccountId)).find((a) => a.name.endsWith(key))?.id ?? null;
  }
  if (!audienceId) {
    audienceId = (
      await platform.createCustomAudience(token, {
        adAccountId: ref.adAccountId,
        name: audienceName(ref.label, ref.runId, ref.tc),
        description: `Encore taste cluster ${ref.tc} (ITC run ${ref.runId}): its members, without those who opted out of ads.`,
      })
    ).id;
  }
  // Written at once (its own statement, not the boost's final transaction), so a retry reuses it.
  await db.execute(sql`UPDATE cluster_audiences SET meta_audience_id = ${audienceId} WHERE id = ${row!.id}`);
  await platform.addAudienceMembers(token, audienceId, hashes);
  await db.execute(sql`UPDATE cluster_audiences SET members = ${members}, hashes = ${hashes.length}, uploaded_at = now() WHERE id = ${row!.id}`);
  return { kind: 'custom_audience', audienceId, members };
}
