// spec 2 §7 "Budget and runtime": GET /api/v3/events/{id}/budget_min_max (contract:
// src/lib/contracts/budget.ts), and "Event-level": GET /api/v3/events/{id}/
// default_campaigns_parameters (src/lib/contracts/campaign-defaults.ts). API_RULES: reading events
// needs lookout or wave, and these calls wave (they serve the campaign setup); the event must be
// the viewer's partner's.
import { Hono } from 'hono';
import { BudgetEventParam, BudgetMinMaxQuery } from '../../lib/contracts/budget';
import { budgetMinMax } from '../modules/campaign-budget';
import { DefaultCampaignParamsParam } from '../../lib/contracts/campaign-defaults';
import { defaultCampaignParameters } from '../modules/setup-process/defaults';
import { modelCtx } from './campaign-results';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

export const budgetEventsRouter = new Hono<Env>()
  .get('/:id/budget_min_max', validate('param', BudgetEventParam), validate('query', BudgetMinMaxQuery), async (c) =>
    c.json(await budgetMinMax(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id, c.req.valid('query').runtime_in_days)),
  )
  .get('/:id/default_campaigns_parameters', validate('param', DefaultCampaignParamsParam), async (c) =>
    c.json(await defaultCampaignParameters(c.var.db, modelCtx(c), c.req.valid('param').id)),
  );
