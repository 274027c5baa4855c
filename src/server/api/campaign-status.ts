// spec 2 §4 "Campaign status", §7 "Event-level" (issue 22): the status and optimisation switches
// of the campaigns-side event header (contract: src/lib/contracts/campaign-status.ts). The wave
// permission comes from API_RULES; every query is scoped to the viewer's partner.
import { Hono } from 'hono';
import { z } from 'zod';
import { text } from '../../lib/contracts/common';
import { CampaignStatusQuery, OptimisationStatusQuery } from '../../lib/contracts/campaign-status';
import { requestStatusChange, statusTask } from '../modules/campaign-delivery/status';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

const idParam = validate('param', z.object({ id: text().min(1).max(200) }));

/** Mounted on /events. */
export const campaignStatusRouter = new Hono<Env>()
  .get('/:id/client_campaign_status/task', idParam, async (c) => c.json(await statusTask(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id)))
  .put('/:id/client_campaign_status', idParam, validate('query', CampaignStatusQuery), async (c) => {
    const viewer = partnerViewerOf(c);
    await requestStatusChange(c.var.db, { partnerId: viewer.partner.id, userId: viewer.userId ?? null }, c.req.valid('param').id, 'status', c.req.valid('query').client_campaign_status);
    return c.body(null, 204);
  })
  .put('/:id/campaign_optimisation_status', idParam, validate('query', OptimisationStatusQuery), async (c) => {
    const viewer = partnerViewerOf(c);
    await requestStatusChange(c.var.db, { partnerId: viewer.partner.id, userId: viewer.userId ?? null }, c.req.valid('param').id, 'optimisation', c.req.valid('query').campaign_optimisation_status);
    return c.body(null, 204);
  });
