// Issue 22: a running campaign's figures (spec 2 §7 "Insights and results") and the event's
// attribution model (spec 2 §4, §7 "Event-level"). The wave permission comes from API_RULES;
// every query is scoped to the viewer's partner.
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { text } from '../../lib/contracts/common';
import { CampaignReportQuery, EventAttributionBody } from '../../lib/contracts/campaign-results';
import { LANGUAGE_COOKIE } from '../../lib/constants';
import { pickLanguage } from '../../lib/i18n/language';
import { config } from '../config';
import { campaignReport } from '../modules/campaign-report/service';
import { attachmentDisposition } from '../lib/content-disposition';
import { campaignResults, fbInsights } from '../modules/campaign-delivery/results';
import { eventAttribution, setEventAttribution } from '../modules/campaign-delivery/attribution';
import { currentRuntimeBudget, previewRuntimeBudget, requestRuntimeBudget } from '../modules/campaign-delivery/runtime-budget';
import { RuntimeBudgetChange, RuntimeBudgetParam } from '../../lib/contracts/runtime-budget';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

const idParam = validate('param', z.object({ id: text().min(1).max(200) }));

/** The viewer's attribution context (the model in force and the options depend on it). */
export function modelCtx(c: Context<Env>) {
  const viewer = partnerViewerOf(c);
  return { partnerId: viewer.partner.id, prisma: viewer.partner.product === 'prisma', simpleUser: viewer.features['simple-user'], partnerDefault: viewer.partner.attribution_model_default };
}

/** Mounted on /integrations/facebook. */
export const campaignInsightsRouter = new Hono<Env>()
  .get('/events/:id/fb_insights', idParam, async (c) => c.json(await fbInsights(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id)))
  .get('/events/:id/campaign_results', idParam, async (c) => {
    const ctx = modelCtx(c);
    return c.json(await campaignResults(c.var.db, ctx.partnerId, c.req.valid('param').id, ctx));
  });

/** Mounted on /events. */
export const eventAttributionRouter = new Hono<Env>()
  .get('/:id/attribution_model', idParam, async (c) => {
    const ctx = modelCtx(c);
    return c.json(await eventAttribution(c.var.db, ctx.partnerId, c.req.valid('param').id, ctx));
  })
  .put('/:id/attribution_model', idParam, validate('json', EventAttributionBody), async (c) => {
    const ctx = modelCtx(c);
    return c.json(await setEventAttribution(c.var.db, ctx.partnerId, c.req.valid('param').id, c.req.valid('json').model, ctx));
  });

/** Mounted on /campaigns: a running campaign's budget and runtime (spec 2 §7 "Budget and runtime"). */
export const runtimeBudgetRouter = new Hono<Env>()
  .get('/current_runtime_budget/:eid', validate('param', RuntimeBudgetParam), async (c) =>
    c.json(await currentRuntimeBudget(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').eid)),
  )
  .get('/new_runtime_budget', validate('query', RuntimeBudgetChange), async (c) => {
    const { new_daily_budget } = await previewRuntimeBudget(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('query'));
    return c.json({ new_daily_budget });
  })
  .post('/new_runtime_budget', validate('query', RuntimeBudgetChange), async (c) => {
    const viewer = partnerViewerOf(c);
    return c.json(await requestRuntimeBudget(c.var.db, { partnerId: viewer.partner.id, userId: viewer.userId ?? null }, c.req.valid('query')), 202);
  });

/**
 * Mounted on /api/campaign/events: the campaign report as a PDF (spec 2 §2 "Campaign report").
 * In the language asked for, else the interface's (cookie, then profile, as the pages pick it).
 */
export const campaignReportRouter = new Hono<Env>().get('/:id/report.pdf', idParam, validate('query', CampaignReportQuery), async (c) => {
  const viewer = partnerViewerOf(c);
  const language = c.req.valid('query').lang ?? pickLanguage(getCookie(c, LANGUAGE_COOKIE), viewer.language, c.req.header('accept-language'));
  const origin = config.publicUrl ? new URL(config.publicUrl).origin : new URL(c.req.url).origin;
  const { pdf, fileName } = await campaignReport(c.var.db, modelCtx(c), c.req.valid('param').id, { language, product: viewer.partner.product === 'prisma' ? 'prisma' : null, origin });
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': attachmentDisposition(fileName),
    'Content-Length': String(pdf.length),
  });
});
