// `npm run backtest [-- --partner 1001 | --dir <folder>] [-- --country PT [--region XX]] [-- --no-segments] [-- --write] [-- --check] [-- --goal 20]`:
// replays every finished show of a partner (src/server/engines/forecast/backtest.ts) and prints
// WAPE per horizon for the model, the three classic baselines and the model's own
// candidates, the 95 % block-bootstrap interval of "model minus best baseline", and how often
// the 80 % interval held the outcome. Works on any partner in the database (imported ones too);
// uses the database at DATA_DIR / DATABASE_URL and seeds the demo data when it is empty.
// Holidays: the partner's own country and region (settings #system), unless --country names
// another (DE for files and partners without one). --no-segments replays the model as it was
// before issue 25 (one population for all of a partner's events), for comparison.
// --dir replays files in the history import format instead (events.csv[.gz], transactions.csv[.gz],
// e.g. tests/fixtures/history/resort-hotel with --country PT), without a database.
// --write records the tables in docs/PERFORMANCE.md (demo partners only: their block).
// --check exits 1 when the model is significantly worse than the best baseline at any horizon
// (the interval lies above 0), or, with --goal N, when it is not N % below it at 30 days.
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { closeDb, getHandle, rows } from '../src/server/db/client';
import { seedIfEmpty } from '../src/server/demo/index';
import { loadPartnerEvents } from '../src/server/modules/forecast/load';
import { partners } from '../src/server/db/schema';
import { DEFAULT_COUNTRY, holidayCalendar, partnerHolidays } from '../src/server/engines/forecast';
import { backtestReport } from '../src/server/engines/forecast/report';
import { readHistoryRecords } from '../src/server/demo/history-files';
import { checkCalendar } from '../src/server/modules/partners/calendar';

const args = process.argv.slice(2);
const arg = (name: string): string | null => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? null) : null);
const partnerArg = arg('--partner') === null ? null : Number(arg('--partner'));
// --country and --region are checked as the import CLI and the settings check them: a typo must
// not silently replay with no holidays at all, or with the nationwide ones.
let countryArg: string | null = null;
let regionArg: string | null = null;
if (arg('--region') !== null && arg('--country') === null) {
  console.error('--region needs --country, e.g. --country DE --region NW');
  process.exit(2);
}
if (arg('--country') !== null) {
  try {
    ({ country: countryArg, region: regionArg } = checkCalendar(arg('--country')!, arg('--region')));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
}
const country = countryArg ?? DEFAULT_COUNTRY;
const segments = !args.includes('--no-segments');
const goal = arg('--goal') === null ? null : Number(arg('--goal'));
if (partnerArg !== null && !(Number.isInteger(partnerArg) && partnerArg > 0)) {
  console.error('--partner takes a partner id, e.g. --partner 1001');
  process.exit(2);
}

const dir = arg('--dir');
if (dir) {
  // Every event of the files has finished by "now" only if now is after the last one: replay as of today.
  const records = readHistoryRecords(dir);
  const report = backtestReport(records, { nowMs: Date.now(), holidays: holidayCalendar(country, regionArg), segments });
  console.log(`\n${dir}: ${records.length} events, holidays of ${country}${regionArg ? ` ${regionArg}` : ''}${segments ? '' : ', without segments'}\n`);
  console.log(report.markdown);
  const worse = report.intervals.filter((b) => b.low > 0).map((b) => b.horizon);
  const at30 = report.reductionAt(30);
  console.log(`\n${worse.length ? `Significantly WORSE than the best baseline at ${worse.join(', ')} days` : 'Never significantly worse than the best baseline'}; at 30 days ${at30 === null ? 'no events' : `${at30.toFixed(0)} % below it`}.`);
  const ok = worse.length === 0 && (goal === null || (at30 !== null && at30 >= goal));
  process.exit(args.includes('--check') && !ok ? 1 : 0);
}

const { db, kind } = await getHandle();
const seeded = await seedIfEmpty(db);
if (seeded.seeded) console.log(`Seeded the demo data (${(seeded.ms / 1000).toFixed(1)} s).`);

const partnerIds = partnerArg
  ? [partnerArg]
  : (await rows<{ id: number }>(db, sql`SELECT id FROM partners p WHERE EXISTS (SELECT 1 FROM events e WHERE e.partner_id = p.id) ORDER BY id`)).map((r) => r.id);

const sections: string[] = [];
let ok = true;
for (const partnerId of partnerIds) {
  const t0 = Date.now();
  const records = await loadPartnerEvents(db, partnerId);
  if (records.length === 0) {
    console.log(`\nPartner ${partnerId}: no events.`);
    ok = false;
    continue;
  }
  const [own] = await db.select({ country: partners.country, region: partners.region }).from(partners).where(eq(partners.id, partnerId));
  const cal = partnerHolidays(own, { country: countryArg, region: regionArg });
  const report = backtestReport(records, { nowMs: Date.now(), holidays: cal, segments });
  const place = `${cal.country}${cal.region ? ` ${cal.region}` : ''}`;
  console.log(`\nPartner ${partnerId}: ${records.length} events, holidays of ${place}${segments ? '' : ', without segments'} (${Date.now() - t0} ms, ${kind})\n`);
  console.log(report.markdown);
  const worse = report.intervals.filter((b) => b.low > 0).map((b) => b.horizon);
  const at30 = report.reductionAt(30);
  console.log(
    `\n${worse.length ? `Significantly WORSE than the best baseline at ${worse.join(', ')} days` : 'Never significantly worse than the best baseline'}` +
      `; at 30 days ${at30 === null ? 'no events' : `${at30.toFixed(0)} % below it`}.`,
  );
  ok &&= worse.length === 0 && (goal === null || (at30 !== null && at30 >= goal));
  sections.push(`Partner ${partnerId} (holidays of ${place}), WAPE of final ticket sales (lower is better):\n\n${report.markdown}`);
}
await closeDb();

if (args.includes('--write')) {
  const file = 'docs/PERFORMANCE.md';
  let doc = fs.readFileSync(file, 'utf8');
  if (!doc.includes('<!-- bench:forecast-backtest -->')) {
    if (!doc.includes('## Demand forecast (issue 4)')) doc += '\n## Demand forecast (issue 4)\n';
    doc += '\n<!-- bench:forecast-backtest -->\n<!-- /bench:forecast-backtest -->\n';
  }
  const block = `<!-- bench:forecast-backtest -->\n${sections.join('\n\n')}\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`npm run backtest -- --write\` on the demo data.\n<!-- /bench:forecast-backtest -->`;
  fs.writeFileSync(file, doc.replace(/<!-- bench:forecast-backtest -->[\s\S]*?<!-- \/bench:forecast-backtest -->/, block));
}
if (args.includes('--check') && !ok) process.exit(1);
