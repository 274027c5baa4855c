// spec 2 §7 POST /api/v3/campaigns_setup (contract: src/lib/contracts/campaign-edit.ts): a
// running campaign's creative, targeting and audience. The wave permission comes from API_RULES;
// the campaign is looked up within the viewer's partner.
import { Hono } from 'hono';
import { CampaignEditBody } from '../../lib/contracts/campaign-edit';
import { editRunningCampaign } from '../modules/setup-process/campaign-edit';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

/** Mounted on /campaigns_setup. */
export const campaignEditRouter = new Hono<Env>().post('/', validate('json', CampaignEditBody), async (c) =>
  c.json(await editRunningCampaign(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('json'))),
);
