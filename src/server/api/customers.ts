// spec 3 §7 customer calls of Sentinel: GET /customers/{id} and GET /customers/sales_summary/{id},
// both answering {data, error}. The sentinel permission is checked by API_RULES
// (src/lib/routes.ts, /api/v3/customers/*); failures use the ARCHITECTURE §3 error body.
import { Hono } from 'hono';
import { CustomerIdParam } from '../../lib/contracts/nlq';
import { getCustomerDetail } from '../modules/customers/detail';
import { getCustomerSalesSummary } from '../modules/customers/sales-summary';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

export const customersRouter = new Hono<Env>()
  // Before /:id, so the literal segment is never read as an id.
  .get('/sales_summary/:id', validate('param', CustomerIdParam), async (c) =>
    c.json({ data: await getCustomerSalesSummary(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id), error: null }),
  )
  .get('/:id', validate('param', CustomerIdParam), async (c) =>
    c.json({ data: await getCustomerDetail(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id), error: null }),
  );
