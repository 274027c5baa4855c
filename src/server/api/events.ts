// spec 1 §7 "Events": the event list, one event and its widgets, the frontend status, the daily
// sales summary and the dashboard's campaign statistics; spec 3 §7 event create and update.
// Permissions and flags come from src/lib/routes.ts API_RULES (requireAccess in app.ts): lookout
// or wave by prefix; creating needs simulation and the event.simulation flag (the /simulation
// page's rule), the bulk upload simulation and events.bulk-upload, editing simulation. Every query
// is scoped to the viewer's partner.
import { Hono } from 'hono';
import { z } from 'zod';
import { DailyRevenueQuery, EventListQuery, SetFrontendStatusRequest, CampaignSideStatusRequest } from '../../lib/contracts/events';
import { eventSeries, getEventItem } from '../modules/events/item';
import { listEvents, listFlaggedEvents } from '../modules/events/list';
import { eventVenues } from '../modules/events/venues';
import { dailyRevenueSummary, eventTickets, salesGraph } from '../modules/events/charts';
import { campaignSideEvent, setCampaignSideStatus, setFrontendStatus } from '../modules/events/status';
import { campaignStats } from '../modules/events/campaign-stats';
import { EventForm, EventTypeQuery, EventUpdateQuery, SimulationForm } from '../../lib/contracts/event-form';
import { createSimulatedEvent, getEventDetails, updateEvent } from '../modules/events/editor';
import { enqueueForecastRecompute } from '../modules/forecast';
import { bulkUploadEvents } from '../modules/events/bulk/upload';
import { uploadedFile } from './sales';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';
import { text } from '../../lib/contracts/common';

// Repeated keys (city[]=a&city[]=b) arrive as arrays only through queries(); single values as strings.
const listQuery = validate('query', EventListQuery);
const idParam = validate('param', z.object({ id: text().min(1).max(200) }));
const eventForm = validate('json', EventForm);
// spec 3 §5: simulating a new event needs its price; editing one (and the ITC form) does not.
const simulationForm = validate('json', SimulationForm);

export const eventsRouter = new Hono<Env>()
  .get('/', listQuery, async (c) => c.json(await listEvents(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('query'))))
  .get('/flagged', listQuery, async (c) => c.json(await listFlaggedEvents(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('query'))))
  .get('/venues', async (c) => c.json(await eventVenues(c.var.db, partnerViewerOf(c).partner.id)))
  // spec 3 "Simulation": one call per date entry, one manual event each. A simulated event gets a
  // forecast from comparable events as soon as the recompute task has run.
  .post('/', validate('query', EventTypeQuery), simulationForm, async (c) => {
    const partnerId = partnerViewerOf(c).partner.id;
    const id = await createSimulatedEvent(c.var.db, partnerId, c.req.valid('json'));
    await enqueueForecastRecompute(c.var.db, partnerId, [id]);
    return c.json({ message: 'Event created', ids: [id] });
  })
  // spec 3 §7 POST events/bulk_upload: simulation permission and the bulk-upload feature flag
  // (spec 3 "Routes": the page does not exist without it, so neither does its call; API_RULES).
  .post('/bulk_upload', validate('query', EventTypeQuery), async (c) => {
    const partnerId = partnerViewerOf(c).partner.id;
    const file = await uploadedFile(c, 'error.bulk_upload.empty_file');
    const result = await bulkUploadEvents(c.var.db, partnerId, file, c.req.valid('query').event_type ?? 'fdlive');
    await enqueueForecastRecompute(c.var.db, partnerId, result.ids);
    return c.json(result);
  })
  .put('/:id', idParam, validate('query', EventUpdateQuery), eventForm, async (c) => {
    const partnerId = partnerViewerOf(c).partner.id;
    const { id } = c.req.valid('param');
    await updateEvent(c.var.db, partnerId, id, c.req.valid('json'));
    // skip_pipeline: the caller triggers the regeneration itself (spec 3 §4 regeneration flow).
    if (!c.req.valid('query').skip_pipeline) await enqueueForecastRecompute(c.var.db, partnerId, [id]);
    return c.json(await getEventItem(c.var.db, partnerId, id));
  })
  .get('/:id/details', idParam, async (c) => c.json(await getEventDetails(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id)))
  .get('/:id', idParam, async (c) => c.json(await getEventItem(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id)))
  .get('/:id/series', idParam, async (c) => {
    const items = await eventSeries(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id);
    return c.json({ total: items.length, items });
  })
  .get('/:id/benchmark', idParam, async (c) => c.json((await getEventItem(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id)).benchmark))
  .get('/:id/sales-graph', idParam, async (c) => c.json(await salesGraph(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id)))
  .get('/:id/tickets', idParam, async (c) => c.json(await eventTickets(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id)))
  .put('/:id/setup_frontend_status', idParam, validate('json', SetFrontendStatusRequest), async (c) => {
    await setFrontendStatus(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id, c.req.valid('json').frontend_status);
    return c.body(null, 204);
  });

export const dailyRevenueRouter = new Hono<Env>().get('/', validate('query', DailyRevenueQuery), async (c) =>
  c.json(await dailyRevenueSummary(c.var.db, partnerViewerOf(c).partner, c.req.valid('query'))),
);

export const campaignStatsRouter = new Hono<Env>().get('/fb/stats', async (c) => c.json(await campaignStats(c.var.db, partnerViewerOf(c).partner)));

/** The campaign-side service's event calls (spec 1 §7): read and the console's status mirror. */
export const campaignSideEventsRouter = new Hono<Env>()
  .get('/:id', idParam, async (c) => c.json(await campaignSideEvent(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id)))
  .put('/last_updated_on_fe/:id', idParam, validate('json', CampaignSideStatusRequest), async (c) =>
    c.json(await setCampaignSideStatus(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('param').id, c.req.valid('json').status)),
  );
