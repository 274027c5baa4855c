import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
const c = new PGlite(process.argv[2]);
const r = await c.query<any>(fs.readFileSync(0, 'utf8'));
for (const row of r.rows) console.log(Object.values(row).map((v) => v instanceof Date ? v.toISOString().slice(0, 10) : String(v)).join(' | '));
await c.close();
