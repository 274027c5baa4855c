// The automatic seed runs only on an empty database and is all-or-nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { seedIfEmpty } from '../../src/server/demo/index';
import { partners, users } from '../../src/server/db/schema';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe('seedIfEmpty', () => {
  it('leaves a database that already holds a partner untouched', async () => {
    await t.db.insert(partners).values({ id: 42, name: 'Existing', domain: 'existing.example', product: 'full-service' });
    const report = await seedIfEmpty(t.db);
    expect(report.seeded).toBe(false);
    const [{ n }] = await t.db.select({ n: count() }).from(users);
    expect(n).toBe(0);
  });

  it('rolls the whole seed back when a step fails', async () => {
    await t.db.delete(partners);
    // A user holding a demo email makes the accounts step fail after the partners were written:
    // nothing of the seed may remain.
    await t.db.insert(users).values({ email: 'admin@encore.demo', passwordHash: 'x', givenName: 'A', familyName: 'B' });
    await expect(seedIfEmpty(t.db)).rejects.toThrow();
    const [{ n }] = await t.db.select({ n: count() }).from(partners);
    expect(n).toBe(0);
  });
});
