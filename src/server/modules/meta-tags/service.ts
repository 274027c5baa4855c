// spec 2 §7 GET /campaigns/meta_tags?url=: a page's OpenGraph and meta tags for link previews;
// §8: any failure is 'Website blocks crawlers or is down' (error.campaign.meta_tags.unreachable).
import type { MetaTagsResponse } from '../../../lib/contracts/meta-tags';
import { META_TAGS_UNREACHABLE_MESSAGE } from '../../../lib/contracts/meta-tags';
import { AppError } from '../../lib/errors';
import { DEFAULT_LIMITS, fetchPage, PageFetchError, type FetchLimits } from './fetch-page';
import { declaredCharset, parseMetaTags } from './parse';

let limits: FetchLimits = DEFAULT_LIMITS;

/**
 * Tests only: a local test server lives on loopback, which the guard refuses. There is no
 * environment variable for this on purpose: no deployment can switch the guard off.
 */
export function setMetaTagsLimits(override?: Partial<FetchLimits>): void {
  limits = { ...DEFAULT_LIMITS, ...override };
}

function decode(body: Buffer, contentType: string): string {
  const fromHeader = contentType.match(/charset\s*=\s*"?([a-z0-9_:.-]+)/i)?.[1]?.toLowerCase();
  const charset = fromHeader ?? declaredCharset(body.subarray(0, 2048).toString('latin1')) ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function absolute(value: string | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const u = new URL(value, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

export async function metaTags(url: string): Promise<MetaTagsResponse> {
  let page;
  try {
    page = await fetchPage(url, limits);
  } catch (err) {
    const reason = err instanceof PageFetchError ? err.reason : 'network';
    throw new AppError(422, 'error.campaign.meta_tags.unreachable', META_TAGS_UNREACHABLE_MESSAGE, reason);
  }
  const html = /html|xml/i.test(page.contentType) || page.contentType === '' ? decode(page.body, page.contentType) : '';
  const { title, tags } = parseMetaTags(html);
  const pick = (...keys: string[]) => keys.map((k) => tags[k]).find((v) => v !== undefined && v !== '') ?? null;
  return {
    url,
    final_url: page.finalUrl,
    title: pick('og:title', 'twitter:title') ?? title,
    description: pick('og:description', 'twitter:description', 'description'),
    image: absolute(pick('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image') ?? undefined, page.finalUrl),
    site_name: pick('og:site_name'),
    tags,
  };
}
