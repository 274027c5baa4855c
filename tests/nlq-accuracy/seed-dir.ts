// Authoring aid: seeds the demo data at the accuracy set's fixed NOW into a PGlite data dir, so
// check-expected.ts (and ad-hoc SQL) can look at the same rows the runner answers from.
// Usage: npx tsx tests/nlq-accuracy/seed-dir.ts /tmp/nlq-accuracy-db
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { setClock } from '../../src/server/lib/clock';
import { seedIfEmpty } from '../../src/server/demo/index';
import { NOW } from './rules';

const dir = process.argv[2];
if (!dir) throw new Error('usage: seed-dir.ts <pglite data dir>');
setClock(() => NOW.getTime());
const client = new PGlite(dir);
const db = drizzle(client, { schema });
await migrate(db, { migrationsFolder: 'src/server/db/migrations' });
const report = await seedIfEmpty(db as unknown as Db, 'demo', NOW);
console.log(report);
await client.close();
