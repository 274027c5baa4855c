// Budget of issue 22: the campaign report (GET /api/campaign/events/{id}/report.pdf) renders in
// under 500 ms p95 on the server for an event series of 10 events. Measured in process on the
// seeded demo (PGlite in memory), through the Hono app as the Astro endpoint hands requests to it
// (session, permission, tenancy, the statistics tab's fb_insights and campaign_results queries,
// the included events, the ECharts SVG and pdfkit), without the socket. The demo campaign whose
// production has the most dates counts exactly 10 of them in its series (its frozen
// counterfactual's event list is cut to 10, so the series queries read 10 events); the renderer
// alone is timed as well, on the same figures.
// Usage: npx tsx bench/campaign-report.ts [--write]   (ROUNDS=… to change the 60 measured rounds)
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { markdownTable, percentile, writePerformanceBlock } from './lib';
import { createTestDb } from '../tests/helpers/db';
import { apiClient } from '../tests/helpers/api';
import { rows } from '../src/server/db/client';
import { seedIfEmpty } from '../src/server/demo/index';
import { renderCampaignReport } from '../src/server/modules/campaign-report/render';
import type { CampaignResults, FbInsights } from '../src/lib/contracts/campaign-results';
import type { EventItem } from '../src/lib/contracts/events';

const ROUNDS = Number(process.env.ROUNDS ?? 60);
const WARM = 5;
const SERIES = 10;

const t = await createTestDb();
await seedIfEmpty(t.db);
const api = apiClient(t.db);
const token = (await api.signIn('admin@encore.demo')).token;

// The campaign event of the longest production, its series cut to SERIES dates (itself included).
const [pick] = await rows<{ event_id: string; campaign_id: string; dates: number }>(t.db, sql`
  SELECT c.event_id, c.id AS campaign_id, (SELECT count(*)::int FROM events s WHERE s.partner_id = e.partner_id AND s.title = e.title AND s.frontend_status <> 'HIDDEN') AS dates
  FROM campaigns c JOIN events e ON e.id = c.event_id AND e.partner_id = c.partner_id
  WHERE c.partner_id = 1001 AND c.counterfactual IS NOT NULL AND c.spend_minor > 0
  ORDER BY dates DESC, c.event_id LIMIT 1`);
if (!pick || pick.dates < SERIES) throw new Error(`no demo campaign with a production of ${SERIES} dates (largest: ${pick?.dates})`);
const series = await rows<{ id: string }>(t.db, sql`
  SELECT s.id FROM events e JOIN events s ON s.partner_id = e.partner_id AND s.title = e.title AND s.frontend_status <> 'HIDDEN'
  WHERE e.partner_id = 1001 AND e.id = ${pick.event_id}
  ORDER BY (s.id = e.id) DESC, s.start_date_time LIMIT ${SERIES}`);
await t.db.execute(sql`UPDATE campaigns SET counterfactual = jsonb_set(counterfactual, '{seriesEventIds}', ${JSON.stringify(series.map((s) => s.id))}::jsonb)
                       WHERE partner_id = 1001 AND event_id = ${pick.event_id}`);

const path = `/api/campaign/events/${pick.event_id}/report.pdf?lang=de`;
const call = async () => {
  const res = await api.request(path, { token });
  if (res.status !== 200) throw new Error(`report answered ${res.status}: ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
};
const get = async <T>(p: string) => (await (await api.request(`/api/v3${p}`, { token })).json()) as T;
const results = await get<CampaignResults>(`/integrations/facebook/events/${pick.event_id}/campaign_results`);
if (results.included_event_ids.length !== SERIES) throw new Error(`series has ${results.included_event_ids.length} events, not ${SERIES}`);

const timeIt = async (fn: () => Promise<unknown>) => {
  for (let i = 0; i < WARM; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times;
};

const pdf = await call();
const full = await timeIt(call);

// The renderer alone, on the same figures (what the call adds is the queries).
const insights = await get<FbInsights>(`/integrations/facebook/events/${pick.event_id}/fb_insights`);
const items = (await get<{ items: EventItem[] }>(`/events/${pick.event_id}/series`)).items.filter((e) => results.included_event_ids.includes(e.id));
const event = (await get<EventItem>(`/events/${pick.event_id}`)) as EventItem;
const renderOnly = await timeIt(() => renderCampaignReport({ event, insights, results, included: items, moreUrl: 'https://encore.example/x', language: 'de', now: new Date() }));
await t.close();

const ms = (v: number) => `${v.toFixed(0)} ms`;
const row = (label: string, v: number[], budget: string): [string, string, string] => [label, budget, `p50 ${ms(percentile(v, 50))}, p95 ${ms(percentile(v, 95))}, max ${ms(Math.max(...v))}`];
const table = markdownTable([
  row(`GET …/report.pdf, series of ${SERIES} events (${results.daily.length} days, ${results.eval_name})`, full, 'p95 < 500 ms'),
  row('of which rendering (ECharts SVG + pdfkit)', renderOnly, '—'),
]);
console.log(table);
console.log(`event ${pick.event_id}, PDF ${(pdf.length / 1024).toFixed(0)} KB, ${ROUNDS} rounds after ${WARM} warm-up`);
const p95 = percentile(full, 95);
if (process.argv.includes('--write')) writePerformanceBlock('campaign-report', table, '`npx tsx bench/campaign-report.ts --write` (in process, PGlite in memory, 2-core machine shared with other work)');
if (p95 >= 500) {
  console.error(`over budget: p95 ${ms(p95)}`);
  process.exitCode = 1;
}
