// Ad previews of the setup wizard (spec 2 §2 Ad preview modal) and the page info they show (§7).
// Contracts: src/lib/contracts/ad-previews.ts. Both need the wave permission (src/lib/routes.ts).
import { Hono } from 'hono';
import { PageInfoQuery, PreviewsBody, PreviewsParam } from '../../lib/contracts/ad-previews';
import { config } from '../config';
import { pageInfo, renderPreviews } from '../modules/ad-previews';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

/** Stored media paths are made absolute against the address the browser used, or PUBLIC_URL. */
const originOf = (url: string) => (config.publicUrl ? new URL(config.publicUrl).origin : new URL(url).origin);

/** Mounted on /api/v3/setup_processes, before the setup-process router (its `/:eid` must not take `/:eid/previews`). */
export const adPreviewsRouter = new Hono<Env>().post('/:eid/previews', validate('param', PreviewsParam), validate('json', PreviewsBody), async (c) =>
  c.json(await renderPreviews(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').eid, c.req.valid('json'), originOf(c.req.url))),
);

/** Mounted on /api/v3/integrations/facebook. */
export const pageInfosRouter = new Hono<Env>().get('/page_infos', validate('query', PageInfoQuery), async (c) =>
  c.json(await pageInfo(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('query').fb_page_id)),
);
