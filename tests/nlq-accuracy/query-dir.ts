// Authoring aid: runs the SQL statements read from stdin (separated by ";" at a line end) against
// the PGlite data dir made by seed-dir.ts and prints the first rows of each, to look at the demo
// data before writing a question. Usage: echo "select …" | npx tsx tests/nlq-accuracy/query-dir.ts /tmp/nlq-accuracy-db
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: query-dir.ts <pglite data dir> < statements.sql');
const client = new PGlite(dir);
for (const statement of fs.readFileSync(0, 'utf8').split(/;\s*\n/).filter((s) => s.trim())) {
  const res = await client.query<Record<string, unknown>>(statement);
  console.log('--', statement.trim().slice(0, 100).replace(/\s+/g, ' '));
  console.table(res.rows.slice(0, 80));
  if (res.rows.length > 80) console.log(`(${res.rows.length} rows)`);
}
await client.close();
