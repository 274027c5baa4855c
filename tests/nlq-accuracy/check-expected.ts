// Authoring aid: prints how many ids each expected SQL returns against a seeded PGlite data dir
// (see seed-dir.ts), next to the size of the outcome's table, to spot empty or all-rows answers.
// Usage: npx tsx tests/nlq-accuracy/check-expected.ts /tmp/nlq-accuracy-db [id-prefix]
// (the hold-out's questions are included: their authors check them here; engine authors do not look)
import { PGlite } from '@electric-sql/pglite';
import { QUESTIONS as DEV } from './index';
import { HOLDOUT, HOLDOUT_2, HOLDOUT_3, HOLDOUT_4, HOLDOUT_5, HOLDOUT_6, HOLDOUT_7, HOLDOUT_8, HOLDOUT_9, HOLDOUT_10 } from './holdout/index';
import { expectedIds } from './expected';

const dir = process.argv[2];
const only = process.argv[3];
if (!dir) throw new Error('usage: check-expected.ts <pglite data dir> [id prefix]');
const client = new PGlite(dir);
const QUESTIONS = [...DEV, ...HOLDOUT, ...HOLDOUT_2, ...HOLDOUT_3, ...HOLDOUT_4, ...HOLDOUT_5, ...HOLDOUT_6, ...HOLDOUT_7, ...HOLDOUT_8, ...HOLDOUT_9, ...HOLDOUT_10];
const TABLE = { customers: 'customers', events: 'events', transactions: 'ticket_transactions' } as const;
let empty = 0;
for (const q of QUESTIONS) {
  if (only && !q.id.startsWith(only)) continue;
  const ids = await expectedIds(client, q);
  const total = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${TABLE[q.outcome]} WHERE partner_id = $1`, [q.partner])).rows[0].n;
  if (ids.length === 0) empty++;
  const flag = ids.length === 0 ? ' EMPTY' : ids.length === total ? ' ALL' : ids.length > 10_000 ? ' >CAP' : '';
  console.log(`${q.id.padEnd(8)} ${q.outcome.padEnd(12)} ${String(ids.length).padStart(6)} / ${String(total).padEnd(6)}${flag}  ${q.question}  [${ids.slice(0, 4).join(', ')}]`);
}
console.log(`${QUESTIONS.length} questions, ${empty} with an empty expected answer`);
await client.close();
