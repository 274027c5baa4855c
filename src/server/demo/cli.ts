// `npm run seed [-- --scale demo|bench] [-- --reset]`: fills an empty database with demo data.
import { sql } from 'drizzle-orm';
import { closeDb, getHandle } from '../db/client';
import { seedIfEmpty, type SeedScale } from './index';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { requireSecretKeyOrExit } from '../lib/secret-key';

const args = process.argv.slice(2);
const scaleArg = args.find((a) => a.startsWith('--scale'))?.split('=')[1] ?? args[args.indexOf('--scale') + 1];
const scale: SeedScale = scaleArg === 'bench' ? 'bench' : 'demo';
const reset = args.includes('--reset');

requireSecretKeyOrExit();
const { db, kind } = await getHandle();
if (reset) {
  // Drops every row of every table (schema stays) so the seed starts from empty.
  await db.execute(sql`DO $$ DECLARE r record; BEGIN
    FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
      EXECUTE 'TRUNCATE TABLE ' || quote_ident(r.tablename) || ' RESTART IDENTITY CASCADE';
    END LOOP; END $$`);
}
const report = await seedIfEmpty(db, scale);
if (report.seeded) {
  console.log(`Seeded ${kind} database at ${scale} scale in ${(report.ms / 1000).toFixed(1)} s:`, report.counts);
  console.log(`Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.email).join(', ')}`);
} else {
  console.log('The database already holds data; nothing seeded (use --reset to start over).');
}
await closeDb();
