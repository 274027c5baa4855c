// The wizard's creative (spec 2 §3 Creative) → the adapter's CreativeSpec for previews, and the
// variation codes the modal asks for → the adapter's 1-based picks. Pure, unit tested.
import type { CreativeSpec, MediaRef, VariationPick } from '../../adapters/meta/types';
import type { Creative, MediaItem } from '../../../lib/contracts/setup-process';
import { filled, parseVariationCode, variationCode, variationsOf } from '../../../lib/campaigns/setup-rules';
import { AppError } from '../../lib/errors';

/**
 * Media URLs are same-origin paths while stored (spec 2 §3 Media item); Meta fetches them and our
 * renderings load them in a srcdoc iframe, so both get absolute http(s) addresses. Anything else
 * (javascript:, data: of another type, protocol-relative hosts) becomes '' and renders blank.
 */
export function absoluteMediaUrl(url: string | null | undefined, origin: string): string {
  if (!url) return '';
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return `${origin}${url}`;
  return '';
}

/** A stored media item as the adapter takes it; a video's id comes from `videoIdOf` (Meta's upload). */
export function mediaRef(m: MediaItem, origin: string, videoId: string): MediaRef {
  if (m.type.startsWith('video/')) return { type: 'video', videoId, thumbnailUrl: absoluteMediaUrl(m.preview, origin) };
  return { type: 'image', url: absoluteMediaUrl(m.url, origin) };
}

/**
 * The creative with blanks stripped (codes count filled entries only, as variationsOf does). A
 * creative still being edited may lack a call to action: the preview shows Learn more then.
 */
export function previewCreativeSpec(c: Creative, ids: { pageId: string; instagramAccountId: string | null }, media: MediaRef[]): CreativeSpec {
  return {
    pageId: ids.pageId,
    instagramAccountId: ids.instagramAccountId,
    headlines: filled(c.headline),
    bodies: filled(c.body),
    media,
    destinationUrls: filled(c.destination_url),
    callToAction: c.call_to_action ?? 'LEARN_MORE',
    description: c.description.trim() || null,
  };
}

const invalid = (message: string) => new AppError(400, 'error.validation.invalid', message, undefined, undefined, [{ path: 'variations', message }]);

/**
 * The variations a call renders: the asked codes (each must name a variation the creative has),
 * else the first `max` of variationsOf. Codes are kept in the asked order, without repeats.
 */
export function picksOf(c: Creative, codes: readonly string[] | undefined, max: number): VariationPick[] {
  const all = variationsOf(c);
  if (!codes?.length) return all.slice(0, max);
  const known = new Set(all.map(variationCode));
  const out: VariationPick[] = [];
  for (const code of new Set(codes)) {
    const v = parseVariationCode(code);
    if (!v || !known.has(code)) throw invalid(`The creative has no variation ${code}`);
    out.push(v);
  }
  if (out.length > max) throw invalid(`At most ${max} variations per call`);
  return out;
}
