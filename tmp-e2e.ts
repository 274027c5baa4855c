import { sql } from 'drizzle-orm';
import { createTestDb } from './tests/helpers/db';
import { seedIfEmpty } from './src/server/demo/index';
import { rows } from './src/server/db/client';
import { startItc, itcStatus, eventCampaigns, suggestedTcs } from './src/server/modules/taste-clusters';
import { runOnce } from './src/server/jobs/worker';
const t = await createTestDb();
let t0 = Date.now();
await seedIfEmpty(t.db);
console.log('seed', Date.now() - t0);
for (const pid of [1001, 1002]) {
  const [ev] = await rows<{ id: string; title: string; category: string }>(t.db, sql`SELECT id, title, category FROM events WHERE partner_id = ${pid} AND start_date_time > now() AND category = 'opera' ORDER BY start_date_time LIMIT 1`);
  const ctx = { partnerId: pid, language: pid === 1001 ? 'de' : 'en' };
  console.log(ev, await startItc(t.db, ctx, ev.id));
  t0 = Date.now();
  while (await runOnce(t.db, 'w')) {}
  console.log('ran', Date.now() - t0);
  console.log(JSON.stringify(await itcStatus(t.db, ctx, ev.id)));
  const c = await eventCampaigns(t.db, ctx, ev.id, { page: 1, limit: 50 });
  for (const i of c.items) console.log(i.tc, i.tc_size, i.alias, i.attractiveness, i.buying_power, i.potential, i.rank, JSON.stringify(i.profile));
  console.log(await suggestedTcs(t.db, ctx, ev.id, { budget: 1000, goal: 'ROAS' }));
  // second run: stable ids
  await startItc(t.db, ctx, ev.id);
  while (await runOnce(t.db, 'w')) {}
  const c2 = await eventCampaigns(t.db, ctx, ev.id, { page: 1, limit: 50 });
  console.log('second run', c2.items.map((i) => `${i.tc}${i.carried_over ? '' : '*'}`).join(' '));
}
await t.close();
