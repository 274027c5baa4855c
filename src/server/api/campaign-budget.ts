// spec 2 §7 "Budget and runtime": GET /api/v3/events/{id}/budget_min_max (contract:
// src/lib/contracts/budget.ts). API_RULES: reading events needs lookout or wave, and this call
// wave (it serves the campaign setup); the event must be the viewer's partner's.
import { Hono } from 'hono';
import { BudgetEventParam, BudgetMinMaxQuery } from '../../lib/contracts/budget';
import { budgetMinMax } from '../modules/campaign-budget';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

export const budgetEventsRouter = new Hono<Env>().get('/:id/budget_min_max', validate('param', BudgetEventParam), validate('query', BudgetMinMaxQuery), async (c) =>
  c.json(await budgetMinMax(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id, c.req.valid('query').runtime_in_days)),
);
