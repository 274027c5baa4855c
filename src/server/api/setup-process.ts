// spec 2 §7 "Setup process" (contract: src/lib/contracts/setup-process.ts). Mounted on
// /api/v3/setup_processes after the wizard's lookups (event_types, call_to_action); the wave
// permission comes from API_RULES; every query is scoped to the viewer's partner.
import { Hono, type Context } from 'hono';
import { SetupDeleteQuery, SetupEventParam } from '../../lib/contracts/setup-process';
import { boost, getSetup, removeSetup, startSetup, StartPayload, updateSetup, UpdatePayload, type SetupCtx } from '../modules/setup-process';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

const eid = validate('param', SetupEventParam);

function ctxOf(c: Context<Env>): SetupCtx {
  const viewer = partnerViewerOf(c);
  return { partnerId: viewer.partner.id, userId: viewer.userId ?? null };
}

export const setupProcessRouter = new Hono<Env>()
  .get('/:eid', eid, async (c) => c.json(await getSetup(c.var.db, ctxOf(c), c.req.valid('param').eid)))
  .post('/:eid', eid, validate('json', StartPayload), async (c) => c.json(await startSetup(c.var.db, ctxOf(c), c.req.valid('param').eid, c.req.valid('json')), 201))
  .put('/:eid', eid, validate('json', UpdatePayload), async (c) => c.json(await updateSetup(c.var.db, ctxOf(c), c.req.valid('param').eid, c.req.valid('json'))))
  .delete('/:eid', eid, validate('query', SetupDeleteQuery), async (c) => {
    await removeSetup(c.var.db, ctxOf(c), c.req.valid('param').eid, c.req.valid('query').cancel);
    return c.body(null, 204);
  })
  .post('/:eid/boost', eid, async (c) => c.json(await boost(c.var.db, ctxOf(c), c.req.valid('param').eid), 202));
