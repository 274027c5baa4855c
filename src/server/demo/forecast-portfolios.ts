// Portfolios for judging the demand forecast's segments (issue 25): a partner's events are not
// one population, so the forecast is measured on partners that hold more than one. Everything
// here is pure and deterministic, built from data the project may choose models on:
//  - the demo partners' catalogues (the seed's plan, without a database), at any date;
//  - the resort hotel's real bookings (tests/fixtures/history/resort-hotel/, CC BY 4.0, see
//    resort-hotel.ts), whole or split by distribution channel into two "hotels";
//  - the generated regimes (forecast-regimes.ts).
// The city hotel of the resort hotel's study is the project's hidden check and is not used here.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { EventRecord } from '../engines/forecast/types';
import { planCatalog, type PartnerInfo } from './catalog-plan';
import { readHistoryRecords } from './history-files';
import { regimeHistory, type Regime } from './forecast-regimes';

const DAY_MS = 86_400_000;

export const RESORT_DIR = 'tests/fixtures/history/resort-hotel';
/** After the resort hotel's last arrival (31 August 2017): every date has finished. */
export const RESORT_NOW = Date.UTC(2017, 8, 1);

export const DEMO_PARTNER_INFO: Record<1001 | 1002, PartnerInfo> = {
  1001: { id: 1001, currency: 'EUR', language: 'de', product: 'full-service' },
  1002: { id: 1002, currency: 'GBP', language: 'en', product: 'prisma' },
};

/**
 * A demo partner's events as the forecast module would load them after seeding at `nowMs` (the
 * seed's plan: the same events and sales, without the demo campaigns' few extra tickets).
 * Venue and hall ids are offset by `idBase` so portfolios can be combined.
 */
export function demoRecords(partnerId: 1001 | 1002, nowMs: number, idBase = 0, scale: 'demo' | 'bench' = 'demo'): EventRecord[] {
  const plan = planCatalog(DEMO_PARTNER_INFO[partnerId], { scale, now: new Date(nowMs), seedKey: 'encore-2026' });
  const perEvent = plan.events.map(() => new Map<number, number>());
  const { sales } = plan;
  for (let s = 0; s < sales.event.length; s++) {
    if (sales.ticketType[s] === 'cancelled' || sales.soldAtMs[s] >= nowMs) continue;
    const day = Math.floor(sales.soldAtMs[s] / DAY_MS);
    const m = perEvent[sales.event[s]];
    m.set(day, (m.get(day) ?? 0) + sales.quantity[s]);
  }
  return plan.events.map((e, i) => {
    const hall = e.hallIdx === null ? null : plan.halls[e.hallIdx];
    return {
      id: `${partnerId}:${e.id}`,
      title: e.title,
      category: e.category,
      venueId: hall ? idBase + hall.venueIdx + 1 : null,
      hallId: e.hallIdx === null ? null : idBase + e.hallIdx + 1,
      capacity: e.capacity,
      startMs: e.startMs,
      learnable: e.source === 'api' && e.frontendStatus !== 'CANCELLED',
      saleDays: [...perEvent[i].keys()],
      saleQty: [...perEvent[i].values()],
    };
  });
}

/** The resort hotel's arrival dates (793 events), venue and hall ids offset by `idBase`. */
export function resortRecords(idBase = 9000, dir = RESORT_DIR): EventRecord[] {
  return readHistoryRecords(dir).map((r) => ({ ...r, venueId: idBase + 1, hallId: idBase + 2 }));
}

/**
 * The resort hotel's bookings split by distribution channel into two portfolios of one partner,
 * as two hotels of the same category in the same years: travel agents and tour operators
 * ("TA/TO"), and every other channel (direct, corporate, GDS). Converted like the whole file
 * (resort-hotel.ts): one event per arrival date and group, capacity the group's busiest date.
 */
export function resortChannelRecords(dir = RESORT_DIR): EventRecord[] {
  const csv = zlib.gunzipSync(fs.readFileSync(path.join(dir, 'resort-hotel-bookings.csv.gz'))).toString('utf8');
  const lines = csv.split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines[0].split(',');
  const col = (name: string) => header.indexOf(name);
  const [cCancel, cLead, cYear, cMonth, cDay, cChannel] = ['is_canceled', 'lead_time', 'arrival_date_year', 'arrival_date_month', 'arrival_date_day_of_month', 'distribution_channel'].map(col);
  const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const groups = new Map<string, Map<number, Map<number, number>>>([['tato', new Map()], ['direct', new Map()]]);
  for (const line of lines.slice(1)) {
    const f = line.split(',');
    if (f[cCancel] !== '0') continue;
    const arrival = Date.UTC(Number(f[cYear]), MONTHS.indexOf(f[cMonth]), Number(f[cDay])) / DAY_MS;
    const booked = arrival - Number(f[cLead]);
    const g = groups.get(f[cChannel] === 'TA/TO' ? 'tato' : 'direct')!;
    const days = g.get(arrival) ?? new Map<number, number>();
    days.set(booked, (days.get(booked) ?? 0) + 1);
    g.set(arrival, days);
  }
  const out: EventRecord[] = [];
  let base = 9100;
  for (const [name, dates] of groups) {
    const capacity = Math.max(...[...dates.values()].map((d) => [...d.values()].reduce((a, b) => a + b, 0)));
    for (const [arrival, days] of [...dates].sort((a, b) => a[0] - b[0])) {
      const iso = new Date(arrival * DAY_MS).toISOString().slice(0, 10);
      out.push({
        id: `resort-${name}-${iso}`,
        title: `Resort hotel ${name} arrivals ${iso}`,
        category: 'other',
        venueId: base + 1,
        hallId: base + 2,
        capacity,
        startMs: arrival * DAY_MS + 14 * 3_600_000,
        learnable: true,
        saleDays: [...days.keys()],
        saleQty: [...days.values()],
      });
    }
    base += 100;
  }
  return out;
}

/**
 * A generated regime's history as one more venue of a partner: `n` events one every `spacing`
 * days from `firstDay`, in `category`, venue and hall ids offset by `idBase`.
 */
export function regimeRecords(regime: Regime, opts: { n: number; firstDay: number; spacing?: number; category?: string; idBase: number; seed?: number }): EventRecord[] {
  return regimeHistory(regime, opts.n, { firstDay: opts.firstDay, spacing: opts.spacing ?? 1, category: opts.category ?? 'other', prefix: `${regime}-`, seed: opts.seed ?? 7 }).map((r) => ({
    ...r,
    venueId: opts.idBase + 1,
    hallId: opts.idBase + 2,
  }));
}
