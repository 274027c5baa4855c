// The setup wizard's asset lookups (issue 13; spec 2 §7 "Assets and lookups"). They sit under the
// connect path but serve the campaigns wizard, so API_RULES gives them the wave permission instead
// of settings (src/lib/routes.ts); the scoped shared-link and partner tokens never reach them
// (connect-identity.ts). Contracts: src/lib/contracts/meta-lookups.ts.
import { Hono } from 'hono';
import {
  AdAccountAssetParam,
  AudiencesQuery,
  CallToActionQuery,
  ConversionParam,
  ConversionsQuery,
  EventTypesQuery,
  LeadFormsQuery,
} from '../../lib/contracts/meta-lookups';
import * as lookups from '../modules/meta-connect/asset-lookups';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

const partnerOf = (c: { var: Env['Variables'] }) => partnerViewerOf(c).partner.id;

/** Mounted on /api/v3/integrations/connect/facebook/assets. */
export const assetLookupsRouter = new Hono<Env>()
  .get('/ad_accounts/:id/audiences', validate('param', AdAccountAssetParam), validate('query', AudiencesQuery), async (c) =>
    c.json(await lookups.audiences(c.var.db, partnerOf(c), c.req.valid('param').id, c.req.valid('query').type)),
  )
  .get('/ad_accounts/:id/conversions', validate('param', AdAccountAssetParam), validate('query', ConversionsQuery), async (c) =>
    c.json(await lookups.conversions(c.var.db, partnerOf(c), c.req.valid('param').id, c.req.valid('query').lead_form_id)),
  )
  .get('/ad_accounts/:id/conversions/:conversion_id', validate('param', ConversionParam), async (c) => {
    const p = c.req.valid('param');
    return c.json(await lookups.conversionName(c.var.db, partnerOf(c), p.id, p.conversion_id));
  })
  .get('/lead_forms', validate('query', LeadFormsQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(await lookups.leadForms(c.var.db, partnerOf(c), q.page_id, q.ad_account_id));
  });

/** Mounted on /api/v3/setup_processes (wave by API_RULES). No Meta call: rules of spec 2 §4. */
export const setupLookupsRouter = new Hono<Env>()
  .get('/event_types', validate('query', EventTypesQuery), (c) => c.json(lookups.eventTypes(c.req.valid('query').lead_form_id)))
  .get('/call_to_action', validate('query', CallToActionQuery), (c) => {
    const q = c.req.valid('query');
    return c.json(lookups.callToActions(q.goal, q.has_pixel, q.lead_form_id));
  });
