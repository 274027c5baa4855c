// spec 2 §7 "Generation and geo": AI copy for the creative form (contract:
// src/lib/contracts/creative-copy.ts). It sits under /integrations like the spec's path, but serves
// the campaigns wizard, so API_RULES gives it the wave permission (src/lib/routes.ts).
import { Hono } from 'hono';
import { GenerateCreativesQuery } from '../../lib/contracts/creative-copy';
import { generateCreatives } from '../modules/creative-copy/service';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

/** Mounted on /api/v3/integrations/openai. */
export const creativeCopyRouter = new Hono<Env>().get('/gpt-4.1/generate_creatives', validate('query', GenerateCreativesQuery), async (c) => {
  const q = c.req.valid('query');
  const viewer = partnerViewerOf(c);
  const input = { eventId: q.event_id, tc: q.tc, tcRunId: q.tc_run_id, field: q.creatives_type, count: q.required_number_of_creatives, language: q.language };
  // The browser cancels a superseded or closed request; the LLM call stops with it.
  return c.json(await generateCreatives(c.var.db, { partnerId: viewer.partner.id, userId: viewer.userId }, input, c.req.raw.signal));
});
