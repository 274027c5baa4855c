// spec 2 §7 "Reports": GET /api/v3/campaigns/meta_tags?url= (contract: src/lib/contracts/meta-tags.ts).
// The wave permission comes from API_RULES (/api/v3/campaigns/*).
import { Hono } from 'hono';
import { MetaTagsQuery } from '../../lib/contracts/meta-tags';
import { metaTags } from '../modules/meta-tags';
import { hit, type Limit } from '../modules/auth/rate-limit';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

/**
 * Each call makes the server fetch a page of the user's choosing: a user may not turn it into a
 * crawler (or a way to hammer a third party's site) — 60 pages per 10 minutes, then 429.
 */
export const META_TAGS_LIMIT: Limit = { max: 60, windowSec: 600 };

export const metaTagsRouter = new Hono<Env>().get('/meta_tags', validate('query', MetaTagsQuery), async (c) => {
  const viewer = partnerViewerOf(c);
  await hit(c.var.db, `meta_tags:user:${viewer.userId}`, META_TAGS_LIMIT);
  return c.json(await metaTags(c.req.valid('query').url));
});
