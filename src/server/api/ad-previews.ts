// Ad previews of the setup wizard (spec 2 §2 Ad preview modal) and the page info they show (§7).
// Contracts: src/lib/contracts/ad-previews.ts. Both need the wave permission (src/lib/routes.ts).
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE } from '../../lib/constants';
import { pickLanguage } from '../../lib/i18n/language';
import { PageInfoQuery, PreviewsBody, PreviewsParam } from '../../lib/contracts/ad-previews';
import { config } from '../config';
import { pageInfo, renderPreviews } from '../modules/ad-previews';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

/** Stored media paths are made absolute against the address the browser used, or PUBLIC_URL. */
const originOf = (url: string) => (config.publicUrl ? new URL(config.publicUrl).origin : new URL(url).origin);

/** Mounted on /api/v3/setup_processes, before the setup-process router (its `/:eid` must not take `/:eid/previews`). */
export const adPreviewsRouter = new Hono<Env>().post('/:eid/previews', validate('param', PreviewsParam), validate('json', PreviewsBody), async (c) => {
  const viewer = partnerViewerOf(c);
  // The sandbox's previews speak the interface language, as Meta's speak the viewer's.
  const language = pickLanguage(getCookie(c, LANGUAGE_COOKIE), viewer.language, c.req.header('accept-language')) === 'de' ? 'de' : 'en';
  return c.json(await renderPreviews(c.var.db, viewer.partner.id, c.req.valid('param').eid, c.req.valid('json'), originOf(c.req.url), language));
});

/** Mounted on /api/v3/integrations/facebook. */
export const pageInfosRouter = new Hono<Env>().get('/page_infos', validate('query', PageInfoQuery), async (c) =>
  c.json(await pageInfo(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('query').fb_page_id)),
);
