// spec 2 §7 "Reports": GET /api/v3/campaigns/meta_tags?url= (contract: src/lib/contracts/meta-tags.ts).
// The wave permission comes from API_RULES (/api/v3/campaigns/*).
import { Hono } from 'hono';
import { MetaTagsQuery } from '../../lib/contracts/meta-tags';
import { metaTags } from '../modules/meta-tags';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

export const metaTagsRouter = new Hono<Env>().get('/meta_tags', validate('query', MetaTagsQuery), async (c) => {
  partnerViewerOf(c);
  return c.json(await metaTags(c.req.valid('query').url));
});
