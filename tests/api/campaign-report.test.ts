// Issue 22, spec 2 §2 "Campaign report": GET /api/campaign/events/{id}/report.pdf on the seeded
// demo. The report prints what the statistics tab's calls answer (fb_insights, campaign_results),
// in the user's language; another partner's event and an event without a campaign are 404 (the
// tab's calls answer the same), no wave permission 403, a bad id or language 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import type { CampaignResults, FbInsights } from '../../src/lib/contracts/campaign-results';
import { formatCount, formatEventDate, formatMoney } from '../../src/islands/events/detail/format';
import { pdfLayout } from '../helpers/pdf-text';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // 1001, every permission
let analyst: string; // 1001, no wave
let running: string; // an event of 1001 whose campaign delivers
let noCampaign: string;
let other: string; // a campaign event of 1002

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  running = (await rows<{ event_id: string }>(t.db, sql`
    SELECT event_id FROM campaigns WHERE partner_id = 1001 GROUP BY event_id
    HAVING bool_and(status = 'ACTIVE') AND bool_and(stop_time > now()) AND sum(spend_minor) > 0 ORDER BY event_id LIMIT 1`))[0]!.event_id;
  other = (await rows<{ event_id: string }>(t.db, sql`SELECT event_id FROM campaigns WHERE partner_id = 1002 LIMIT 1`))[0]!.event_id;
  noCampaign = (await rows<{ id: string }>(t.db, sql`
    SELECT id FROM events e WHERE partner_id = 1001 AND category <> 'product'
      AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.event_id = e.id) ORDER BY start_date_time LIMIT 1`))[0]!.id;
}, 300_000);
afterAll(() => t.close());

const report = (id: string, init: { token?: string; query?: string; cookie?: string } = {}) =>
  api.request(`/api/campaign/events/${encodeURIComponent(id)}/report.pdf${init.query ?? ''}`, { token: init.token ?? admin, cookie: init.cookie });
async function json<T>(path: string): Promise<T> {
  return (await (await api.request(`/api/v3${path}`, { token: admin })).json()) as T;
}
const text = (pdf: Buffer) =>
  pdfLayout(pdf)
    .lines.map((l) => l.text)
    .join(' ');

describe('GET /api/campaign/events/{id}/report.pdf', () => {
  it('answers the own event’s report as a PDF download, with the figures the statistics tab shows', async () => {
    const res = await report(running, { query: '?lang=en' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(res.headers.get('content-length'))).toBe(pdf.length);

    const event = await json<{ title: string }>(`/events/${running}`);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toContain(event.title.slice(0, 20));
    const insights = await json<FbInsights>(`/integrations/facebook/events/${running}/fb_insights`);
    const results = await json<CampaignResults>(`/integrations/facebook/events/${running}/campaign_results`);
    const words = text(pdf);
    expect(words).toContain(event.title.slice(0, 20));
    expect(words).toContain('Campaign report');
    // To the cent as the tab rounds it: the same call, the same formatter.
    expect(words).toContain(formatMoney(insights.ad_spend, 'EUR', 'en'));
    expect(words).toContain(formatCount(insights.impressions, 'en'));
    expect(words).toContain(formatCount(results.event_results!.total_transactions, 'en'));
    expect(words).toContain(`Attribution: ${results.eval_name === 'FD' ? 'Encore (sales vs. forecast)' : 'Meta'}`);
    // The included events are the dates the series figures count, the event among them; the first is listed with its date.
    expect(results.included_event_ids).toContain(running);
    const series = await json<{ items: { id: string; start_date_time: string }[] }>(`/events/${running}/series`);
    const first = series.items.find((e) => results.included_event_ids.includes(e.id))!;
    expect(words).toContain(formatEventDate(first.start_date_time, 'concert'));
    if (results.included_event_ids.length > 2) expect(words).toContain(`${results.included_event_ids.length - 2} more event`);
  });

  it('speaks the user’s language: the lang query, else the interface’s language cookie', async () => {
    const de = text(Buffer.from(await (await report(running, { query: '?lang=de' })).arrayBuffer()));
    expect(de).toContain('Kampagnenbericht');
    const insights = await json<FbInsights>(`/integrations/facebook/events/${running}/fb_insights`);
    expect(de.replace(/\u00a0/g, ' ')).toContain(formatMoney(insights.ad_spend, 'EUR', 'de').replace(/\u00a0/g, ' '));
    const byCookie = await report(running, { cookie: 'i18nextLng=de' });
    expect(decodeURIComponent(byCookie.headers.get('content-disposition')!.split("''")[1]!)).toContain('Kampagnenbericht');
    expect(text(Buffer.from(await byCookie.arrayBuffer()))).toContain('Erstellt am');
  });

  it('refuses another partner’s event and an event without a campaign (404), no wave (403), a bad id or language (400)', async () => {
    const foreign = await report(other);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).error_code).toBe('error.common.notFound');
    expect(foreign.headers.get('content-type')).toMatch(/json/);
    const none = await report(noCampaign);
    expect(none.status).toBe(404);
    expect((await errorOf(none)).error_code).toBe('error.common.notFound');
    const denied = await report(running, { token: analyst });
    expect(denied.status).toBe(403);
    expect((await errorOf(denied)).error_subcode).toBe('wave');
    expect((await report('x'.repeat(201))).status).toBe(400);
    const badLang = await report(running, { query: '?lang=xx' });
    expect(badLang.status).toBe(400);
    await errorOf(badLang);
    expect((await report('no-such-event')).status).toBe(404);
  });
});
