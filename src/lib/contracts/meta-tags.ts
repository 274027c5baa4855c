// A web page's meta tags on the wire — spec 2 §7 "Reports" (GET /campaigns/meta_tags?url=: tags as
// JSON text) and §8 ('Website blocks crawlers or is down'). Serves the link previews of the share
// dialog and the destination URLs. Needs the wave permission (API_RULES /api/v3/campaigns/*).
//
// Call:
//   GET /api/v3/campaigns/meta_tags?url=https://… → 200 MetaTagsResponse
// Errors (ARCHITECTURE §3 body): 400 error.validation.invalid (not an http(s) URL), 403
// error.auth.forbidden (subcode wave), 422 error.campaign.meta_tags.unreachable with the message
// 'Website blocks crawlers or is down' and a subcode: blocked_address (the host is not a public
// address), timeout, too_many_redirects, http_status, network.
import { z } from 'zod';
import { text } from './common';

export const META_TAGS_UNREACHABLE_MESSAGE = 'Website blocks crawlers or is down';
export const META_TAGS_URL_MAX = 2048;

const httpUrl = text()
  .trim()
  .min(1)
  .max(META_TAGS_URL_MAX)
  .refine((u) => {
    try {
      const parsed = new URL(u);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0 && !parsed.username && !parsed.password;
    } catch {
      return false;
    }
  }, 'An http(s) URL without credentials');

export const MetaTagsQuery = z.object({ url: httpUrl });
export type MetaTagsQuery = z.infer<typeof MetaTagsQuery>;

export const MetaTagsResponse = z.object({
  /** The URL asked for, and the one the page came from after redirects. */
  url: z.string(),
  final_url: z.string(),
  /** og:title, else twitter:title, else the <title>. */
  title: z.string().nullable(),
  /** og:description, else twitter:description, else the description meta tag. */
  description: z.string().nullable(),
  /** og:image (else twitter:image) made absolute against the final URL. */
  image: z.string().nullable(),
  site_name: z.string().nullable(),
  /** Every meta tag with a property, name or itemprop and a content (first value of each, at most 200). */
  tags: z.record(z.string(), z.string()),
});
export type MetaTagsResponse = z.infer<typeof MetaTagsResponse>;
