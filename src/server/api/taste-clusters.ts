// spec 2 §7 taste-cluster calls (contracts: src/lib/contracts/taste-clusters.ts). The wave
// permission comes from API_RULES (/api/v3/airflow_dag/*, /api/campaign/*); every query is
// scoped to the viewer's partner.
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE } from '../../lib/constants';
import { pickLanguage } from '../../lib/i18n/language';
import { EventCampaignsQuery, ItcEventParam, SuggestedTcsQuery } from '../../lib/contracts/taste-clusters';
import { eventCampaigns, itcStatus, startItc, suggestedTcs, type TcCtx } from '../modules/taste-clusters';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

const idParam = validate('param', ItcEventParam);

/**
 * The cluster labels follow the interface's language as the pages pick it (the language cookie
 * first, then the profile), so an English interface does not list German audiences.
 */
function ctxOf(c: Context<Env>): TcCtx {
  const viewer = partnerViewerOf(c);
  const language = pickLanguage(getCookie(c, LANGUAGE_COOKIE), viewer.language, c.req.header('accept-language'));
  return { partnerId: viewer.partner.id, userId: viewer.userId, language };
}

/** /api/v3/airflow_dag: start an ITC run (POST) and read its status (GET). */
export const itcRouter = new Hono<Env>()
  .post('/:id/itc_generator', idParam, async (c) => c.json(await startItc(c.var.db, ctxOf(c), c.req.valid('param').id)))
  .get('/:id/itc_generator', idParam, async (c) => c.json(await itcStatus(c.var.db, ctxOf(c), c.req.valid('param').id)));

/** /api/campaign/events: the event's clusters as campaign recommendations, and the suggestion for a budget. */
export const tasteClusterEventsRouter = new Hono<Env>()
  .get('/:id/campaigns', idParam, validate('query', EventCampaignsQuery), async (c) =>
    c.json(await eventCampaigns(c.var.db, ctxOf(c), c.req.valid('param').id, c.req.valid('query'))),
  )
  .get('/:id/suggested_tcs', idParam, validate('query', SuggestedTcsQuery), async (c) =>
    c.json(await suggestedTcs(c.var.db, ctxOf(c), c.req.valid('param').id, c.req.valid('query'))),
  );
