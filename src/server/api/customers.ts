// spec 3 §7 customer calls. Sentinel's GET /customers/{id} and GET /customers/sales_summary/{id},
// both answering {data, error}, need the sentinel permission; the package wizard's customer ID
// matching POST /customers/ (spec 3 §4) needs backhaul and the package-builder flag. Both rules are
// API_RULES (src/lib/routes.ts); failures use the ARCHITECTURE §3 error body.
import { Hono } from 'hono';
import { CustomerIdParam } from '../../lib/contracts/nlq';
import { CustomerMatchRequest } from '../../lib/contracts/packages';
import { matchCustomers } from '../modules/packages';
import { getCustomerDetail } from '../modules/customers/detail';
import { getCustomerSalesSummary } from '../modules/customers/sales-summary';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

export const customersRouter = new Hono<Env>()
  // spec 3 §4 Customer ID matching: { ids } → { matched, unmatched_ids } among the partner's customers.
  .post('/', validate('json', CustomerMatchRequest), async (c) => c.json(await matchCustomers(c.var.db, { partnerId: partnerViewerOf(c).partner.id }, c.req.valid('json').ids)))
  // Before /:id, so the literal segment is never read as an id.
  .get('/sales_summary/:id', validate('param', CustomerIdParam), async (c) =>
    c.json({ data: await getCustomerSalesSummary(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id), error: null }),
  )
  .get('/:id', validate('param', CustomerIdParam), async (c) =>
    c.json({ data: await getCustomerDetail(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id), error: null }),
  );
