// A partner ready for a campaign setup (issue 14): a finished taste-cluster run with clusters for
// an upcoming event, the partner's sandbox Meta login with its EUR ad account, first page and
// pixel switched on, and completed media uploads. Shared by the setup-process API tests and the
// autosave bench.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../src/server/db/client';
import { tasteClusterRuns, tasteClusters, uploads } from '../../src/server/db/schema';
import { FAMILIES } from '../../src/server/engines/taste-clusters';
import { sandboxToken } from '../../src/server/adapters/meta/sandbox';
import { sandboxWorld } from '../../src/server/adapters/meta/sandbox-seed';
import { storeToken } from '../../src/server/modules/meta-connect';
import * as connectRepo from '../../src/server/modules/meta-connect/repo';
import type { Creative, IntegrationDetail, Targeting } from '../../src/lib/contracts/setup-process';
import { objectStorage, type LocalStorage } from '../../src/server/adapters/storage';
import { jpegHeader } from './media-fixtures';

export interface SetupFixture {
  eventId: string;
  runId: number;
  tcs: number[];
  assets: { adAccount: string; page: string; pixel: string; chfAccount: string };
  mediaIds: string[];
}

export async function upcomingEvent(db: Db, partnerId: number, skip = 0): Promise<string> {
  const [e] = await rows<{ id: string }>(db, sql`SELECT id FROM events WHERE partner_id = ${partnerId} AND start_date_time > now() + interval '10 days'
    AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.event_id = events.id) ORDER BY start_date_time, id OFFSET ${skip} LIMIT 1`);
  if (!e) throw new Error(`no upcoming event of partner ${partnerId}`);
  return e.id;
}

/** A finished run with `count` clusters (tc 1..count) for the event. */
export async function seedClusters(db: Db, partnerId: number, eventId: string, count = 3): Promise<{ runId: number; tcs: number[] }> {
  const [run] = await db
    .insert(tasteClusterRuns)
    .values({ partnerId, eventId, seed: 1, engineVersion: 'test', k: count, customers: 300, silhouette: 0.4, separation: 'reasonable', finishedAt: new Date() })
    .returning({ id: tasteClusterRuns.id });
  const tcs = Array.from({ length: count }, (_, i) => i + 1);
  await db.insert(tasteClusters).values(
    tcs.map((tc) => ({
      runId: run!.id, tc, partnerId, size: 100 * tc, labelEn: `Audience ${tc}`, labelDe: `Publikum ${tc}`, families: ['opera'], traits: [], keywordsEn: ['opera'], keywordsDe: ['Oper'],
      profile: { customers: 100 * tc, familyShares: FAMILIES.map((_, i) => (i === 0 ? 1 : 0)), meanPrice: 60, relativePrice: 1, ordersPerYear: 2, ticketsPerOrder: 2, leadDays: 20, recencyDays: 90, distanceKm: 12, annualSpend: 240 },
      centroid: [0], attractiveness: 0.5, buyingPower: 0.5, potential: 100 - tc, rank: tc, alreadyBought: 0,
    })),
  );
  return { runId: run!.id, tcs };
}

/** Connects the partner's sandbox user and switches on its EUR ad account, first page and first pixel. */
export async function connectAssets(db: Db, partnerId: number): Promise<SetupFixture['assets']> {
  await storeToken(db, { partnerId, actor: `user:setup-${partnerId}` }, { accessToken: sandboxToken(String(partnerId), new Date()), expiresAt: new Date(Date.now() + 86_400_000), tokenType: 'USER' });
  const world = sandboxWorld(String(partnerId));
  const all = await connectRepo.listAssets(db, partnerId);
  const row = (key: string, id: string) => all.find((a) => a.key === key && a.assetId === id)!.id;
  const assets = {
    adAccount: row('facebook.ad_account', world.adAccounts[0]!.id),
    chfAccount: row('facebook.ad_account', world.adAccounts[1]!.id),
    page: row('facebook.profile', world.pages[0]!.id),
    pixel: row('facebook.pixel', world.pixels[0]!.id),
  };
  for (const id of Object.values(assets)) await connectRepo.setAssetEnabled(db, partnerId, id, true, new Date());
  return assets;
}

/** A completed media upload of the partner with its bytes in the object store (the server reads them). */
export async function storeMediaUpload(db: Db, partnerId: number, bytes: Buffer, contentType: string, name: string): Promise<string> {
  const key = `media/${partnerId}/${crypto.randomUUID()}`;
  const [u] = await db
    .insert(uploads)
    .values({
      partnerId, objectKey: key, objectName: name, contentType, category: 'media', uploadType: 'media' as const, status: 'completed' as const,
      sizeBytes: bytes.length, expiresAt: new Date(Date.now() + 86_400_000), completedAt: new Date(),
    })
    .returning({ id: uploads.id });
  const store = objectStorage() as LocalStorage;
  const part = await store.writePart(u!.id, 1, Readable.from([bytes]));
  await store.complete({ uploadId: u!.id, key, backendUploadId: null }, [part]);
  return u!.id;
}

/** A 1080×1080 JPEG of exactly 200,000 bytes (what fullCreative says of it). */
export const POSTER_BYTES = () => {
  const out = Buffer.alloc(200_000);
  jpegHeader(1080, 1080).copy(out);
  return out;
};

export async function mediaUploads(db: Db, partnerId: number, count = 2): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await storeMediaUpload(db, partnerId, POSTER_BYTES(), 'image/jpeg', `poster-${i + 1}.jpg`));
  return ids;
}

export async function setupFixture(db: Db, partnerId: number, skip = 0): Promise<SetupFixture> {
  const eventId = await upcomingEvent(db, partnerId, skip);
  const { runId, tcs } = await seedClusters(db, partnerId, eventId);
  const assets = await connectAssets(db, partnerId);
  const mediaIds = await mediaUploads(db, partnerId);
  return { eventId, runId, tcs, assets, mediaIds };
}

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function integrationDetails(f: SetupFixture): IntegrationDetail[] {
  return [
    { asset_class: 'facebook.ad_account', asset_id: f.assets.adAccount, platform: 'facebook' },
    { asset_class: 'facebook.profile', asset_id: f.assets.page, platform: 'facebook' },
    { asset_class: 'facebook.pixel', asset_id: f.assets.pixel, platform: 'facebook' },
  ];
}

/** A complete creative for one cluster (3 headlines × 2 bodies × 2 media × 1 URL). */
export function fullCreative(f: SetupFixture, tc: number): Creative {
  return {
    tc,
    tc_run_id: f.runId,
    headline: ['Don Giovanni tonight', 'Mozart live', 'Last seats', ''],
    body: ['The opera of operas, live on stage.', 'Book now and enjoy Mozart.', ''],
    media: f.mediaIds.map((id, index) => ({ id, index, name: `poster-${index + 1}.jpg`, url: `/api/v3/storage/media/${id}`, size: 200_000, type: 'image/jpeg' as const, width: 1080, height: 1080, status: 'SUCCESS' as const })),
    destination_url: ['https://tickets.example.org/don-giovanni', '', ''],
    call_to_action: 'BUY_TICKETS',
    description: 'Opera house, 19:30',
    language: 'en',
    excluded_variations: [],
    audience_id: null,
    destination_url_inherited: tc !== f.tcs[0],
  };
}

export function postalTargeting(f: SetupFixture, tc: number): Targeting {
  const loc = (code: string) => ({ key: `DE:${code}`, name: code, type: 'zip' as const, region: 'Berlin', region_id: null, country_code: 'DE', country_name: 'Germany', primary_city: 'Berlin', primary_city_id: null, latitude: 52.5, longitude: 13.4 });
  return { tc, tc_run_id: f.runId, targeting_mode: 'postal_codes', age_range: { min: 25, max: 65 }, postal_codes: { DE: [loc('10115'), loc('10117')] }, range_locations: null };
}

export async function campaignRowsOf(db: Db, partnerId: number, eventId: string) {
  return rows<{ tc: number; meta_campaign_id: string; meta_adset_id: string; budget_minor: number; status: string; setup_process_id: string }>(
    db,
    sql`SELECT tc, meta_campaign_id, meta_adset_id, budget_minor::float8 AS budget_minor, status, setup_process_id FROM campaigns WHERE partner_id = ${partnerId} AND event_id = ${eventId} AND tc IS NOT NULL ORDER BY tc`,
  );
}

