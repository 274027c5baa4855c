// One event as every event call answers it (spec 1 §3 Event): the row, its hall and venue, its
// stored forecast and a summary of its marketing campaigns. The SQL pieces are shared by the
// list, the flagged list, the detail and the series so the shape is built in one place.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import type { Benchmark, EventItem, ForecastState, FrontendStatus } from '../../../lib/contracts/events';
import { notFound } from '../../lib/errors';
import { now as clockNow } from '../../lib/clock';
import { marketingState } from '../../../lib/campaigns/campaign-status-rules';

export interface EventRow {
  id: string;
  eid: string;
  title: string;
  category: string;
  start_date_time: Date | string;
  capacity: number;
  frontend_status: FrontendStatus;
  source: 'api' | 'manual';
  hall_name: string | null;
  venue_name: string | null;
  city: string | null;
  f_state: ForecastState | null;
  f_days_out: number | null;
  f_sold: number | null;
  f_now_value: number | null;
  f_now_benchmark: number | null;
  f_pred_value: number | null;
  f_pred_benchmark: number | null;
  f_pred_tickets: number | null;
  f_interval_low: number | null;
  f_interval_high: number | null;
  f_expected_error: number | null;
  f_comparables: number | null;
  f_computed_at: Date | string | null;
  c_has_any: boolean;
  c_has_active: boolean;
  c_last_status: 'ACTIVE' | 'PAUSED' | 'DRAFT' | null;
  c_last_opt: 'ACTIVE' | 'PAUSED' | null;
  c_stop_time: Date | string | null;
}

export const EVENT_COLUMNS = sql.raw(`e.id, e.eid, e.title, e.category, e.start_date_time, e.capacity, e.frontend_status, e.source,
  h.name as hall_name, v.name as venue_name, v.city as city,
  f.state as f_state, f.days_out as f_days_out, f.tickets_sold as f_sold, f.now_value as f_now_value,
  f.now_benchmark as f_now_benchmark, f.prediction_value as f_pred_value, f.prediction_benchmark as f_pred_benchmark,
  f.predicted_tickets as f_pred_tickets, f.interval_low as f_interval_low, f.interval_high as f_interval_high,
  f.expected_error as f_expected_error, f.comparables as f_comparables, f.computed_at as f_computed_at,
  c.has_any as c_has_any, c.has_active as c_has_active, c.last_status as c_last_status, c.last_opt as c_last_opt,
  c.stop_time as c_stop_time`);

/** spec 1 §4.3: a campaign is active when its status is ACTIVE and its stop time is not past (alias cp). */
export const ACTIVE_CAMPAIGN = (now: Date): SQL => sql`cp.status = 'ACTIVE' and cp.stop_time >= ${now}`;

/**
 * Hall, venue, forecast and the campaign summary. Every joined row must belong to the event's
 * partner as well (defence in depth: a row pointing at an event by id alone is not enough).
 */
export const EVENT_JOINS = (now: Date): SQL => sql`
  left join halls h on h.id = e.hall_id and h.partner_id = e.partner_id
  left join venues v on v.id = h.venue_id and v.partner_id = e.partner_id
  left join event_forecasts f on f.event_id = e.id and f.partner_id = e.partner_id
  left join lateral (
    select count(*) > 0 as has_any,
           coalesce(bool_or(${ACTIVE_CAMPAIGN(now)}), false) as has_active,
           (array_agg(cp.status order by cp.created_at desc))[1] as last_status,
           (array_agg(cp.optimisation_status order by cp.created_at desc))[1] as last_opt,
           max(cp.stop_time) as stop_time
    from campaigns cp where cp.event_id = e.id and cp.partner_id = e.partner_id
  ) c on true`;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** spec 1 §4.3 / spec 2 §4 campaign classification of the latest campaign: active, paused or ended. */
function campaignStatus(r: EventRow, now: Date): string | null {
  if (!r.c_has_any) return null;
  return marketingState(r.c_last_status, r.c_stop_time, now);
}

export function benchmarkOf(r: EventRow): Benchmark {
  return {
    now: { value: r.f_now_value, benchmark: r.f_now_benchmark },
    prediction: { value: r.f_pred_value, benchmark: r.f_pred_benchmark },
    state: r.f_state ?? 'no_data',
    days_out: r.f_days_out,
    tickets_sold: r.f_sold ?? 0,
    predicted_tickets: r.f_pred_tickets,
    prediction_interval: r.f_interval_low != null && r.f_interval_high != null ? { low: r.f_interval_low, high: r.f_interval_high } : null,
    expected_error: r.f_expected_error,
    comparables: r.f_comparables ?? 0,
    computed_at: r.f_computed_at ? iso(r.f_computed_at) : null,
  };
}

export function toEventItem(r: EventRow, now = clockNow()): EventItem {
  const start = iso(r.start_date_time);
  return {
    id: r.id,
    eid: r.eid,
    title: r.title,
    start_date_time: start,
    date: start.slice(0, 10),
    category: r.category,
    benchmark: benchmarkOf(r),
    frontend_status: r.frontend_status,
    hall_name: r.hall_name,
    venue_name: r.venue_name,
    city: r.city,
    capacity: r.capacity,
    source: r.source,
    has_campaign: r.c_has_any,
    has_active_campaigns: r.c_has_active,
    client_campaign_status: r.c_last_status === 'ACTIVE' || r.c_last_status === 'PAUSED' ? r.c_last_status : null,
    campaign_optimisation_status: r.c_has_any ? r.c_last_opt : null,
    campaign_event_series: r.c_has_any ? [r.id] : [],
    campaign_status: campaignStatus(r, now),
    campaign_stop_time: r.c_stop_time ? iso(r.c_stop_time) : null,
  };
}

/** Event ids are ours (`e1001-00012`, `e1001-sim-3`); anything else cannot exist. */
export const EVENT_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** The partner's event, or 404: another partner's id is indistinguishable from a missing one. */
export async function getEventItem(db: Db, partnerId: number, id: string, now = clockNow()): Promise<EventItem> {
  if (!EVENT_ID_RE.test(id)) throw notFound('Event');
  const [row] = await rows<EventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from events e ${EVENT_JOINS(now)} where e.partner_id = ${partnerId} and e.id = ${id}`,
  );
  if (!row) throw notFound('Event');
  return toEventItem(row, now);
}

/** spec 1 §7 /series: every date of the same production (same title), archived ones left out. */
export async function eventSeries(db: Db, partnerId: number, id: string, now = clockNow()): Promise<EventItem[]> {
  const event = await getEventItem(db, partnerId, id, now);
  const found = await rows<EventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from events e ${EVENT_JOINS(now)}
        where e.partner_id = ${partnerId} and e.title = ${event.title} and e.frontend_status <> 'HIDDEN'
        order by e.start_date_time asc, e.id asc limit 500`,
  );
  return found.map((r) => toEventItem(r, now));
}
