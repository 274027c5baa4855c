// Ad previews and page info on the wire — spec 2 §2 "Ad preview modal", §3 Ad page info and
// Variation id, §7 "GET /integrations/facebook/page_infos", §8 page-info failure, §9.
//
// Calls (under /api/v3, wave permission by src/lib/routes.ts API_RULES):
//   POST /setup_processes/{eid}/previews   PreviewsBody → 200 PreviewsResponse
//        Renders each asked variation (at most MAX_PREVIEW_VARIATIONS per call; the modal pages
//        through the rest) in the four placements. Sandbox: our own renderings, an HTML document
//        for an iframe's `srcdoc` (no script, a CSP of its own, every user text escaped). Graph:
//        Meta's `generatepreviews` answer, whose iframe address is handed on as `iframe_src`.
//        A page-info failure does not fail the call: `page_info` is null, `page_info_error` true,
//        and the renderings show the page's name as we stored it.
//   GET  /integrations/facebook/page_infos?fb_page_id= → 200 PageInfoResponse
//        `fb_page_id` is OUR asset row id of the page (meta_assets.id, as every wizard call names
//        an asset), never Meta's id: the row proves the page is the partner's.
// Asset ids are our row ids (meta_assets.id). Errors (ARCHITECTURE §3): 400 error.validation.invalid
// (also a variation code the creative does not have); 401; 403 error.auth.forbidden (subcode wave);
// 404 error.common.notFound (no such event of the partner), error.connect.facebook.page_not_found /
// ad_account_not_found (not the partner's asset, or an asset of another class); 403
// error.connect.facebook.missing_permissions (switched off, or no live login reaches it);
// 422 error.connect.facebook.invalid_request (Meta refused the creative); 429/502/503 as the adapter.
import { z } from 'zod';
import { text } from './common';
import { Creative } from './setup-process';

/** At most this many variations per call (the adapter's MAX_PREVIEW_VARIATIONS; the browser pages). */
export const PREVIEW_PAGE_SIZE = 12;
export const PREVIEW_PLACEMENTS = ['facebook_feed_desktop', 'facebook_feed_mobile', 'instagram_feed', 'instagram_reels'] as const;
export type PreviewPlacementName = (typeof PREVIEW_PLACEMENTS)[number];

const AssetRowId = z.uuid();
/** spec 2 §3 Variation id: 4 or 5 digits (the media index takes two from 10). */
const VariationCode = z.string().regex(/^\d{4,5}$/, 'A variation code (4 or 5 digits)');

export const PreviewsParam = z.object({ eid: text().min(1).max(200) });

export const PreviewsBody = z
  .object({
    creative: Creative,
    page_asset_id: AssetRowId,
    instagram_asset_id: AssetRowId.nullable().optional(),
    ad_account_asset_id: AssetRowId,
    /** Which variations to render; without it the first PREVIEW_PAGE_SIZE. */
    variations: z.array(VariationCode).min(1).max(PREVIEW_PAGE_SIZE).optional(),
    placements: z.array(z.enum(PREVIEW_PLACEMENTS)).min(1).max(PREVIEW_PLACEMENTS.length).optional(),
  })
  .strict();
export type PreviewsBody = z.infer<typeof PreviewsBody>;

export interface PreviewItem {
  placement: PreviewPlacementName;
  /** spec 2 §3 Variation id of what it shows. */
  variation: string;
  /** A whole HTML document for a sandboxed iframe's `srcdoc`. */
  html: string;
  /** Meta's preview iframe address (graph only; https://*.facebook.com), to load instead of `html`. */
  iframe_src: string | null;
}

export interface PageInfoResponse {
  page_name: string;
  profile_picture_url: string | null;
}

export interface PreviewsResponse {
  previews: PreviewItem[];
  page_info: PageInfoResponse | null;
  page_info_error: boolean;
  sandbox: boolean;
}

export const PageInfoQuery = z.object({ fb_page_id: AssetRowId });
