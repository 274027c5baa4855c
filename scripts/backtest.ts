// `npm run backtest [-- --partner 1001] [-- --write] [-- --check]`: replays every finished show
// of a partner (src/server/engines/forecast/backtest.ts) and prints WAPE per horizon for the
// model and the three classic baselines. Uses the database at DATA_DIR / DATABASE_URL and seeds
// the demo data when it is empty. --write records the tables in docs/PERFORMANCE.md; --check
// exits 1 unless the model beats the best baseline by 20 % at 30 days and at every horizon.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { closeDb, getHandle, rows } from '../src/server/db/client';
import { seedIfEmpty } from '../src/server/demo/index';
import { loadPartnerEvents } from '../src/server/modules/forecast/load';
import { improvement, runBacktest, type BacktestRow } from '../src/server/engines/forecast';

const args = process.argv.slice(2);
const partnerArg = args.includes('--partner') ? Number(args[args.indexOf('--partner') + 1]) : null;

const { db, kind } = await getHandle();
const seeded = await seedIfEmpty(db);
if (seeded.seeded) console.log(`Seeded the demo data (${(seeded.ms / 1000).toFixed(1)} s).`);

const partnerIds = partnerArg
  ? [partnerArg]
  : (await rows<{ id: number }>(db, sql`SELECT id FROM partners p WHERE EXISTS (SELECT 1 FROM events e WHERE e.partner_id = p.id) ORDER BY id`)).map((r) => r.id);

const pct = (x: number) => `${x.toFixed(1)} %`;

function table(rowsIn: BacktestRow[]): string {
  const lines = [
    '| days out | events | model | category average | multiplicative | additive | model vs best baseline |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of rowsIn) {
    const { best, reduction } = improvement(r);
    lines.push(
      `| ${r.horizon} | ${r.events} | **${pct(r.wape.model)}** | ${pct(r.wape.category_average)} | ${pct(r.wape.multiplicative)} | ${pct(r.wape.additive)} | ${reduction >= 0 ? '−' : '+'}${Math.abs(reduction).toFixed(0)} % (${best.replace('_', ' ')}) |`,
    );
  }
  return lines.join('\n');
}

const sections: string[] = [];
let ok = true;
for (const partnerId of partnerIds) {
  const t0 = Date.now();
  const records = await loadPartnerEvents(db, partnerId);
  const result = runBacktest(records, { nowMs: Date.now() });
  const at30 = result.rows.find((r) => r.horizon === 30);
  const met30 = at30 ? improvement(at30).reduction >= 20 : false;
  const neverWorse = result.rows.every((r) => improvement(r).reduction > 0);
  ok &&= met30 && neverWorse;
  const t = table(result.rows);
  console.log(`\nPartner ${partnerId}: WAPE of final ticket sales, ${records.length} events (${Date.now() - t0} ms, ${kind})\n`);
  console.log(t);
  console.log(`\n30 days out: ${met30 ? 'at least' : 'NOT'} 20 % below the best baseline; ${neverWorse ? 'better than every baseline at every horizon' : 'WORSE than a baseline at some horizon'}.`);
  sections.push(`Partner ${partnerId}, WAPE of final ticket sales (lower is better):\n\n${t}`);
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
