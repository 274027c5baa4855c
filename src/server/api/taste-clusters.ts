// spec 2 §7 taste-cluster calls (contracts: src/lib/contracts/taste-clusters.ts). The wave
// permission comes from API_RULES (/api/v3/airflow_dag/*, /api/campaign/*); every query is
// scoped to the viewer's partner.
import { Hono } from 'hono';
import { EventCampaignsQuery, ItcEventParam, SuggestedTcsQuery } from '../../lib/contracts/taste-clusters';
import { eventCampaigns, itcStatus, startItc, suggestedTcs, type TcCtx } from '../modules/taste-clusters';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

const idParam = validate('param', ItcEventParam);

function ctxOf(c: { var: Env['Variables'] }): TcCtx {
  const viewer = partnerViewerOf(c);
  return { partnerId: viewer.partner.id, userId: viewer.userId, language: viewer.language };
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
