// Issue 25: the demand forecast with segments against the model without them (one population per
// partner, issue 12), on single and mixed portfolios built from data the model may be chosen on
// (src/server/demo/forecast-portfolios.ts): the demo partners' catalogues, the resort hotel's real
// bookings (Antonio, de Almeida & Nunes, Data in Brief 22 (2019) 41–49,
// doi:10.1016/j.dib.2018.11.126, CC BY 4.0) and the generated regimes. Both versions are replayed
// by the same rolling-origin backtest; with segments, each cutoff uses the populations decided
// from the shows finished by the last quarterly checkpoint before it (never later ones).
//
// Usage: npx tsx bench/forecast-segments.ts [--only <name>[,<name>…]] [--write]
//   --write records the tables in docs/PERFORMANCE.md (block bench:forecast-segments).
//   --dir <folder> --country XX --name <label>: one more portfolio from files in the history
//   import format (e.g. a data set kept outside the repository), reported after the others.
import { performance } from 'node:perf_hooks';
import { writePerformanceBlock } from './lib';
import { runBacktest, improvement, BACKTEST_HORIZONS, type BacktestItem, type BacktestResult } from '../src/server/engines/forecast/backtest';
import { bootstrapDifference, bootstrapPaired, bootstrapWape } from '../src/server/engines/forecast/bootstrap';
import { holidayCalendar } from '../src/server/engines/forecast/holidays';
import type { EventRecord } from '../src/server/engines/forecast/types';
import { demoRecords, regimeRecords, resortChannelRecords, resortRecords, RESORT_NOW } from '../src/server/demo/forecast-portfolios';
import { readHistoryRecords } from '../src/server/demo/history-files';

const args = process.argv.slice(2);
const arg = (name: string): string | null => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? null) : null);
const only = arg('--only')?.split(',') ?? null;

/** The demo catalogues as of this day (the date of the demo figures in docs/PERFORMANCE.md). */
const DEMO_NOW = Date.UTC(2026, 10, 24);
const DAY = 86_400_000;
/** Whole weeks that move the resort hotel's dates into the demo catalogue's years (weekdays kept). */
const RESORT_TO_DEMO_WEEKS = 52 * 9;
const shiftWeeks = (recs: EventRecord[], weeks: number): EventRecord[] =>
  recs.map((r) => ({ ...r, startMs: r.startMs + weeks * 7 * DAY, saleDays: Array.from(r.saleDays, (d) => d + weeks * 7) }));

interface Portfolio {
  name: string;
  label: string;
  /** Which part of the portfolio an event belongs to (mixed portfolios are reported per part too). */
  part: (r: EventRecord) => string;
  records: () => EventRecord[];
  nowMs: number;
  country: string;
  region?: string;
}

const resortPart = (r: EventRecord) => ((r.venueId ?? 0) > 9000 ? 'resort hotel' : 'concert partner');
const FIRST_2015 = Math.floor(Date.UTC(2015, 6, 1) / DAY);

const PORTFOLIOS: Portfolio[] = [
  { name: 'resort', label: 'Resort hotel alone (PT)', part: () => 'all', records: () => resortRecords(), nowMs: RESORT_NOW, country: 'PT' },
  { name: 'demo1001', label: 'Demo partner 1001 alone (DE, NW)', part: () => 'all', records: () => demoRecords(1001, DEMO_NOW), nowMs: DEMO_NOW, country: 'DE', region: 'NW' },
  { name: 'demo1002', label: 'Demo partner 1002 alone (GB)', part: () => 'all', records: () => demoRecords(1002, DEMO_NOW), nowMs: DEMO_NOW, country: 'GB' },
  {
    name: 'mix-import',
    label: 'Demo partner 1001 with the resort hotel imported (the issue: hotel 2015–2017, concerts 2023–2028; DE, NW)',
    part: resortPart,
    records: () => [...demoRecords(1001, DEMO_NOW), ...resortRecords()],
    nowMs: DEMO_NOW,
    country: 'DE',
    region: 'NW',
  },
  {
    name: 'mix-overlap',
    label: 'Demo partner 1001 with the resort hotel in the same years (hotel dates moved 468 weeks on; DE, NW)',
    part: resortPart,
    records: () => [...demoRecords(1001, DEMO_NOW), ...shiftWeeks(resortRecords(), RESORT_TO_DEMO_WEEKS)],
    nowMs: DEMO_NOW,
    country: 'DE',
    region: 'NW',
  },
  {
    name: 'mix-channels',
    label: "The resort hotel's bookings as two hotels: travel agents and tour operators, and every other channel (PT)",
    part: (r) => ((r.venueId ?? 0) < 9200 ? 'TA/TO' : 'direct and other'),
    records: () => resortChannelRecords(),
    nowMs: RESORT_NOW,
    country: 'PT',
  },
  {
    name: 'mix-weekly',
    label: 'The resort hotel with a generated venue of strong weekly seasonality in the same years (PT)',
    part: (r) => ((r.venueId ?? 0) > 9400 ? 'generated (weekly)' : 'resort hotel'),
    records: () => [...resortRecords(), ...regimeRecords('weekly', { n: 790, firstDay: FIRST_2015, idBase: 9500 })],
    nowMs: RESORT_NOW,
    country: 'PT',
  },
];

const dir = arg('--dir');
if (dir) {
  const country = (arg('--country') ?? 'DE').toUpperCase();
  PORTFOLIOS.push({ name: 'external', label: arg('--name') ?? dir, part: () => 'all', records: () => readHistoryRecords(dir), nowMs: Date.now(), country });
}

const pct = (x: number) => `${x.toFixed(1)} %`;
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(1)}`;
const ci = (w: { wape: number; low: number; high: number } | null) => (w ? `${pct(w.wape)} (${w.low.toFixed(1)}–${w.high.toFixed(1)})` : '—');

function table(title: string, without: BacktestResult, withSeg: BacktestResult, filter?: (i: BacktestItem) => boolean): string {
  const a = filter ? withSeg.items.filter(filter) : withSeg.items;
  const b = filter ? without.items.filter(filter) : without.items;
  const lines = [
    title,
    '',
    '| days out | events (with / without) | with segments, WAPE (95 % CI) | without segments | with − without, points (95 % CI) | best baseline | with − best, points (95 % CI) | inside 80 % interval (with / without) |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const h of BACKTEST_HORIZONS) {
    const ia = a.filter((i) => i.horizon === h);
    const ib = b.filter((i) => i.horizon === h);
    const wa = bootstrapWape(ia, h);
    const wb = bootstrapWape(ib, h);
    const paired = bootstrapPaired(ia, ib, h);
    const row = { horizon: h, events: ia.length, actualTickets: 0, wape: {} as Record<string, number>, coverage: null, withInterval: 0 };
    for (const m of ['model', 'category_average', 'multiplicative', 'additive'] as const) row.wape[m] = bootstrapWape(ia, h, m)?.wape ?? 0;
    const { best } = improvement(row as never);
    const diff = bootstrapDifference(ia, h, { baseline: best });
    const cov = (items: BacktestItem[]) => {
      const shown = items.filter((i) => i.interval);
      if (!shown.length) return '—';
      const inside = shown.filter((i) => i.actual >= i.interval!.low - 0.5 / i.capacity && i.actual <= i.interval!.high + 0.5 / i.capacity).length;
      return `${Math.round((100 * inside) / shown.length)} %`;
    };
    lines.push(
      `| ${h} | ${ia.length} / ${ib.length} | **${ci(wa)}** | ${ci(wb)} | ${paired ? `${signed(paired.wape)} (${signed(paired.low)} to ${signed(paired.high)})${paired.high < 0 ? ' better' : paired.low > 0 ? ' worse' : ' tie'}` : '—'} | ${pct(row.wape[best])} ${best.replace('_', ' ')} | ${diff ? `${signed(diff.diff)} (${signed(diff.low)} to ${signed(diff.high)})` : '—'} | ${cov(ia)} / ${cov(ib)} |`,
    );
  }
  return lines.join('\n');
}

const sections: string[] = [];
for (const p of PORTFOLIOS) {
  if (only && !only.includes(p.name)) continue;
  const records = p.records();
  const holidays = holidayCalendar(p.country, p.region);
  const t0 = performance.now();
  const without = runBacktest(records, { nowMs: p.nowMs, holidays, segments: false });
  const t1 = performance.now();
  const withSeg = runBacktest(records, { nowMs: p.nowMs, holidays, segments: true });
  const t2 = performance.now();
  const last = withSeg.epochs[withSeg.epochs.length - 1].partition;
  const pops = last.populations.filter((x) => x.units.length).map((x) => `[${x.units.join(', ')}${x.borrowed.length ? `; learns from ${x.borrowed.join(', ')}` : ''}]`);
  const head = `**${p.label}** — ${records.length} events; populations at the end: ${pops.join(' ')}; ${withSeg.epochs.length} partition span(s) over the replay. Replay ${((t1 - t0) / 1000).toFixed(1)} s without segments, ${((t2 - t1) / 1000).toFixed(1)} s with.`;
  const byId = new Map(records.map((r) => [r.id, r]));
  const parts = [...new Set(records.map(p.part))];
  const out = [head, '', table('All events:', without, withSeg)];
  if (parts.length > 1) for (const part of parts) out.push('', table(`Part: ${part}`, without, withSeg, (i) => p.part(byId.get(i.eventId)!) === part));
  const text = out.join('\n');
  console.log(`\n${text}`);
  sections.push(text);
}

if (args.includes('--write')) writePerformanceBlock('forecast-segments', sections.join('\n\n'), '`npx tsx bench/forecast-segments.ts --write`');
