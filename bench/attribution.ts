// Issue 22 "Prove it": how well FD attribution recovers what a campaign really sold. In sandbox
// delivery the tickets a campaign caused are known, so over many simulated campaigns — on the
// forecast regimes (src/server/demo/forecast-regimes.ts) and on the real resort hotel history
// (tests/fixtures/history/resort-hotel) — we compare FD's estimate with that truth:
//
//  1. a campaign start day S; every event 10–40 days out at S is a target;
//  2. the real forecast engine forecasts it as of S (only sales before S visible, the model learnt
//     from the events finished by then), and counterfactualSnapshot freezes it;
//  3. the sandbox (deliverDay) runs a campaign of 7–21 days (budget, audience, demand gap drawn;
//     one in six paused: true effect 0); the tickets it caused are added to the event's true
//     organic sales over the same days (the counterfactual truth, from the history itself);
//  4. FD at the campaign's last day = actual − expected, its 80 % interval; META = reported purchases.
//
// Campaigns are split into dev and hold-out by a fixed hash of the event id; tune on dev only.
// Usage: npx tsx bench/attribution.ts [--seed 1] [--size 300] [--starts 4] [--write]
// Deterministic for its options. Pure computation, no database.
import fs from 'node:fs';
import path from 'node:path';
import { regimeHistory, REGIMES } from '../src/server/demo/forecast-regimes';
import { readHistoryRecords } from '../src/server/demo/history-files';
import { createForecaster } from '../src/server/engines/forecast';
import type { EventRecord } from '../src/server/engines/forecast/types';
import type { ForecastAtPublish } from '../src/server/engines/delivery/counterfactual';
import { mulberry32 } from '../src/lib/seeded-random';
import { isHoldOut, scoreCampaign, summarise, type CampaignScore, type ScoreSummary } from './attribution-core';
import { writePerformanceBlock } from './lib';

const markdownTable = (rows: string[][], head: string[]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

const DAY_MS = 86_400_000;
const args = process.argv.slice(2);
const num = (name: string, dflt: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const seed = num('--seed', 1);
const size = num('--size', 300);
const starts = num('--starts', 4);
const resortStarts = num('--resort-starts', 12);
/** Tuning only (dev half): the sales-noise dispersion of the band; default the engine's. */
const dispersion = args.includes('--dispersion') ? num('--dispersion', 0) : undefined;
const levelShare = args.includes('--level-share') ? num('--level-share', 0) : undefined;
const noExpectedError = args.includes('--no-expected-error');

/** Sales before day `before` only: what the engine could see at the start of that day. */
const visibleAt = (records: readonly EventRecord[], before: number): EventRecord[] =>
  records.map((r) => {
    const days: number[] = [];
    const qty: number[] = [];
    for (let i = 0; i < r.saleDays.length; i++) if (r.saleDays[i]! < before) (days.push(r.saleDays[i]!), qty.push(r.saleQty[i]!));
    return { ...r, saleDays: days, saleQty: qty };
  });

/** Every target 10–40 days out at each start day gets one simulated campaign. */
function run(records: readonly EventRecord[], startDays: number[], country: string, r: () => number, label: string): CampaignScore[] {
  const out: CampaignScore[] = [];
  const byId = new Map(records.map((e) => [e.id, e]));
  for (const S of startDays) {
    const t0 = Date.now();
    const forecaster = createForecaster(visibleAt(records, S), { nowMs: S * DAY_MS, country });
    const targets = records.filter((e) => {
      const d = Math.floor(e.startMs / DAY_MS) - S;
      return d >= 10 && d <= 40;
    });
    for (const t of targets) {
      const f = forecaster.forecast(t.id);
      if (!f || !f.predictedPath.length) continue;
      const eventDay = Math.floor(t.startMs / DAY_MS);
      const length = Math.min(7 + Math.floor(r() * 15), eventDay - S - 1);
      const gapFromForecast = f.now.benchmark && f.now.value != null ? (f.now.benchmark - f.now.value) / f.now.benchmark : 0;
      const atPublish: ForecastAtPublish = {
        daysOut: f.daysOut,
        predictedPath: f.predictedPath,
        intervalLow: f.interval?.low ?? null,
        intervalHigh: f.interval?.high ?? null,
        expectedError: noExpectedError ? null : f.expectedError,
        capacity: t.capacity,
      };
      const score = scoreCampaign(byId.get(t.id)!, {
        key: `${label}:${S}:${t.id}`,
        startDay: S,
        endDay: S + length - 1,
        status: r() < 1 / 6 ? 'PAUSED' : 'ACTIVE',
        budgetMinor: Math.round(100 + r() * 2900) * 100,
        audienceSize: Math.round(5_000 * Math.pow(100, r())),
        demandGap: gapFromForecast + 0.6 * (r() - 0.5),
        ticketPriceMinor: 3_000,
      }, atPublish, { dispersion, levelShare });
      if (score) out.push(score);
    }
    process.stderr.write(`${label} start ${new Date(S * DAY_MS).toISOString().slice(0, 10)}: ${targets.length} targets, ${Date.now() - t0} ms\n`);
  }
  return out;
}

const results: { name: string; scores: CampaignScore[] }[] = [];
const t0 = Date.now();
for (const regime of REGIMES) {
  const first = 20_000;
  const records = regimeHistory(regime, size, { seed: seed * 101 + REGIMES.indexOf(regime), spacing: 1, firstDay: first, prefix: `${regime}-` });
  // Start days after half the history has finished (enough to learn from), 31 days apart so each
  // event is a target at most once.
  const last = first + size - 41;
  const list: number[] = [];
  for (let k = 0; k < starts; k++) list.push(last - 31 * (starts - 1 - k));
  results.push({ name: regime, scores: run(records, list.filter((s) => s > first + size / 3), 'DE', mulberry32(seed * 7919 + REGIMES.indexOf(regime)), regime) });
}
{
  const records = readHistoryRecords(path.join(import.meta.dirname, '../tests/fixtures/history/resort-hotel'));
  const lastDay = Math.max(...records.map((e) => Math.floor(e.startMs / DAY_MS)));
  const list: number[] = [];
  for (let k = 0; k < resortStarts; k++) list.push(lastDay - 40 - 31 * (resortStarts - 1 - k));
  results.push({ name: 'resort hotel (real)', scores: run(records, list, 'PT', mulberry32(seed * 104_729), 'resort') });
}
const seconds = (Date.now() - t0) / 1000;

const f1 = (x: number) => (x >= 0 ? ' ' : '') + x.toFixed(1);
const pct = (s: ScoreSummary) => `${(100 * s.coverage).toFixed(0)} % [${(100 * s.coverageLow).toFixed(0)}–${(100 * s.coverageHigh).toFixed(0)}]`;
const rows: string[][] = [];
const all = { dev: [] as CampaignScore[], hold: [] as CampaignScore[] };
const line = (name: string, half: string, s: ScoreSummary) => [name, half, String(s.campaigns), s.meanTruth.toFixed(1), f1(s.fdMeanError), s.fdMae.toFixed(1), pct(s), f1(s.metaMeanError), s.metaMae.toFixed(1)];
for (const { name, scores } of results) {
  const dev = scores.filter((s) => !isHoldOut(s.eventId));
  const hold = scores.filter((s) => isHoldOut(s.eventId));
  all.dev.push(...dev);
  all.hold.push(...hold);
  rows.push(line(name, 'dev', summarise(dev)), line(name, 'hold-out', summarise(hold)));
}
rows.push(line('all', 'dev', summarise(all.dev)), line('all', 'hold-out', summarise(all.hold)));
const table = markdownTable(rows, ['history', 'half', 'campaigns', 'true tickets (mean)', 'FD mean error', 'FD MAE', 'FD 80 % interval coverage [95 % Wilson]', 'META mean error', 'META MAE']);
console.log(table);
console.log(`\n${seconds.toFixed(1)} s; seed ${seed}, size ${size}, starts ${starts}, resort starts ${resortStarts}`);

if (args.includes('--write')) {
  const file = 'docs/PERFORMANCE.md';
  const doc = fs.readFileSync(file, 'utf8');
  if (!doc.includes('<!-- bench:attribution -->')) fs.appendFileSync(file, `\n## Campaign attribution (issue 22)\n\n<!-- bench:attribution -->\n<!-- /bench:attribution -->\n`);
  writePerformanceBlock('attribution', table, `\`npx tsx bench/attribution.ts --write\` (seed ${seed}, size ${size}, ${starts} start days per regime, ${resortStarts} on the resort hotel; ${seconds.toFixed(0)} s)`);
}
