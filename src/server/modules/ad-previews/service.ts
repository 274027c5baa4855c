// Ad previews of a setup's creative and the page info they show (spec 2 §2 Ad preview modal, §7
// page_infos, §8 page-info failure). Assets are named by our row ids and must be the partner's
// (another partner's row is 404, as a row of another class); the Meta calls go out with the
// token of a live connection that reaches the ad account (or the page) with permission.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { now as clockNow } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { adPlatform, MAX_PREVIEW_VARIATIONS, MetaError } from '../../adapters/meta';
import type { AdPreview, MediaRef, PageInfo } from '../../adapters/meta/types';
import { EVENT_ID_RE } from '../events/item';
import { withToken } from '../meta-connect/service';
import { permissionMissing, reachAsset } from '../meta-connect/asset-lookups';
import * as repo from '../meta-connect/repo';
import type { PageInfoResponse, PreviewItem, PreviewsBody, PreviewsResponse } from '../../../lib/contracts/ad-previews';
import { variationCode } from '../../../lib/campaigns/setup-rules';
import { mediaRef, picksOf, previewCreativeSpec, absoluteMediaUrl } from './creative-spec';
import { metaIframeSrc } from './iframe-src';
import { platformMediaLinks } from '../storage/media';

async function requireEvent(db: Db, partnerId: number, eventId: string): Promise<void> {
  if (!EVENT_ID_RE.test(eventId)) throw notFound('Event');
  const [e] = await db.select({ id: events.id }).from(events).where(and(eq(events.partnerId, partnerId), eq(events.id, eventId)));
  if (!e) throw notFound('Event');
}

const pageView = (p: PageInfo): PageInfoResponse => ({ page_name: p.pageName, profile_picture_url: p.profilePictureUrl });

/** GET /integrations/facebook/page_infos?fb_page_id=<our page row id>. */
export async function pageInfo(db: Db, partnerId: number, pageRowId: string): Promise<PageInfoResponse> {
  const now = clockNow();
  const { asset, connection } = await reachAsset(db, partnerId, pageRowId, 'facebook.profile', now);
  return pageView(await withToken(db, connection, now, (t) => adPlatform().pageInfo(t, asset.assetId)));
}

/**
 * POST /setup_processes/{eid}/previews. `origin` makes stored same-origin media paths absolute
 * (Meta fetches them; the srcdoc renderings load them).
 */
export async function renderPreviews(db: Db, partnerId: number, eventId: string, body: PreviewsBody, origin: string, language: 'en' | 'de' = 'en'): Promise<PreviewsResponse> {
  await requireEvent(db, partnerId, eventId);
  const now = clockNow();
  const account = await reachAsset(db, partnerId, body.ad_account_asset_id, 'facebook.ad_account', now);
  const [page] = await repo.listAssets(db, partnerId, [body.page_asset_id]);
  if (!page || page.key !== 'facebook.profile') throw new MetaError('page_not_found');
  if (!page.isEnabled) throw permissionMissing(page.label, page.assetId);
  let instagram: repo.AssetRow | undefined;
  if (body.instagram_asset_id) {
    [instagram] = await repo.listAssets(db, partnerId, [body.instagram_asset_id]);
    if (!instagram || instagram.key !== 'instagram.profile') throw new MetaError('not_found', 'The Instagram account was not found.');
  }
  const picks = picksOf(body.creative, body.variations, MAX_PREVIEW_VARIATIONS);
  const platform = adPlatform();

  return withToken(db, account.connection, now, async (token) => {
    // spec 2 §8: the page info may fail without failing the previews; they show our stored name.
    let info: PageInfo | null = null;
    try {
      info = await platform.pageInfo(token, page.assetId);
    } catch (err) {
      if (err instanceof MetaError && err.reason === 'invalid_token') throw err;
      info = null;
    }
    const base = { page_info: info ? pageView(info) : null, page_info_error: info === null, sandbox: platform.kind === 'sandbox' };
    if (!picks.length) return { previews: [], ...base };

    // Only the media the asked variations show; a video needs Meta's own copy (by its URL).
    const used = new Set(picks.map((p) => p.media));
    // Meta fetches videos (and, for its previews, images and thumbnails) without our session:
    // the partner's stored media go as signed links. Our own renderings keep the paths the
    // browser loads with its session (a signed link would expire in a cached preview).
    const link = await platformMediaLinks(db, partnerId, body.creative.media.flatMap((m) => [m.url, m.preview]), origin);
    const fromMeta = platform.kind === 'graph';
    const media: MediaRef[] = [];
    for (const [i, m] of body.creative.media.entries()) {
      let videoId = '';
      if (m.type.startsWith('video/') && used.has(i + 1)) {
        const url = absoluteMediaUrl(link(m.url), origin);
        videoId = url ? (await platform.uploadVideo(token, account.asset.assetId, url, m.name)).videoId : '';
      }
      media.push(mediaRef(fromMeta ? { ...m, url: link(m.url), preview: m.preview ? link(m.preview) : m.preview } : m, origin, videoId));
    }
    const spec = previewCreativeSpec(body.creative, { pageId: page.assetId, instagramAccountId: instagram?.assetId ?? null }, media);
    const rendered = await platform.previews(token, {
      adAccountId: account.asset.assetId,
      creative: spec,
      variations: picks,
      placements: body.placements,
      page: info ?? { pageName: page.label, profilePictureUrl: null },
      language,
    });
    return { previews: rendered.map((p) => previewItem(p, platform.kind === 'graph')), ...base };
  });
}

function previewItem(p: AdPreview, fromMeta: boolean): PreviewItem {
  return { placement: p.placement, variation: variationCode(p.variation), html: p.html, iframe_src: fromMeta ? metaIframeSrc(p.html) : null };
}
