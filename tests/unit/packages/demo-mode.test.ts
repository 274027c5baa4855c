// The package builder's demo mode (spec 3 §2 "A demo mode for certain partner client ids shows fixed
// sample data with a demo package id and export disabled", §6; docs/PACKAGE-BUILDER.md "Demo mode"):
// the flag that turns it on, the fixed sample package (deterministic, no real customer data, a
// recognisable id) and the service's rules in demo mode, which never reach the database.
import { describe, expect, it } from 'vitest';
import { DEMO_PACKAGE_ID, Package, PackageIdParam, PackageListItem, type Variation } from '../../../src/lib/contracts/packages';
import { FEATURE_DEFAULTS, PERMISSIONS } from '../../../src/lib/constants';
import { missingApiAccess } from '../../../src/lib/routes';
import type { Db } from '../../../src/server/db/client';
import { AppError } from '../../../src/server/lib/errors';
import { setClock } from '../../../src/server/lib/clock';
import { DEMO_FLAG, demoListItem, demoPackage, isPackageDemo } from '../../../src/server/modules/packages/demo';
import { createPackage, customerList, getPackage, listPackages, mergePackages, regeneratePackage, variationSlug, type PkgCtx } from '../../../src/server/modules/packages';

const NOW = new Date('2027-03-01T09:00:00Z');
/** Demo mode must answer without the database: any use of it fails the test. */
const noDb = new Proxy({}, { get: () => { throw new Error('demo mode touched the database'); } }) as unknown as Db;
const demoCtx: PkgCtx & { product: string } = { partnerId: 1002, userId: null, language: 'en', demo: true, product: 'prisma' };

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('the demo flag', () => {
  it('is off by default and on only when the resolved flag is true', () => {
    expect(FEATURE_DEFAULTS[DEMO_FLAG]).toBe(false);
    expect(isPackageDemo({ [DEMO_FLAG]: true })).toBe(true);
    for (const f of [undefined, null, {}, { [DEMO_FLAG]: false }, { 'package-builder': true }] as (Record<string, boolean> | null | undefined)[]) expect(isPackageDemo(f)).toBe(false);
  });

  it('does not replace the package-builder flag: demo mode still needs backhaul and package-builder', () => {
    const all = Object.fromEntries(PERMISSIONS.map((p) => [p, true]));
    const path = `/api/v3/package_builder/packages/${DEMO_PACKAGE_ID}`;
    expect(missingApiAccess('GET', path, { permissions: all, features: { 'package-builder': true, [DEMO_FLAG]: true } })).toBeNull();
    expect(missingApiAccess('GET', path, { permissions: all, features: { [DEMO_FLAG]: true } })).toBe('package-builder');
    expect(missingApiAccess('GET', path, { permissions: { ...all, backhaul: false }, features: { 'package-builder': true, [DEMO_FLAG]: true } })).toBe('backhaul');
  });
});

describe('the sample package', () => {
  const pkg = demoPackage('en', NOW);

  it('is a done Package with the reserved demo id, marked demo, never expiring', () => {
    expect(Package.parse(pkg)).toMatchObject({ id: DEMO_PACKAGE_ID, status: 'done', demo: true, expires_at: null, merge_id: null });
    expect(PackageIdParam.parse({ id: String(DEMO_PACKAGE_ID) }).id).toBe(DEMO_PACKAGE_ID);
    expect(pkg.content).toHaveLength(3);
    expect(pkg.num_packages).toBe(3);
    expect(pkg.n_customers).toBe(pkg.content!.reduce((n, v) => n + v.n_customers, 0));
  });

  it('is the same for the same day, and only its dates follow the calendar', () => {
    expect(demoPackage('en', NOW)).toEqual(pkg);
    expect(demoPackage('en', new Date('2027-03-01T23:59:00Z'))).toEqual(pkg);
    const later = demoPackage('en', new Date('2027-06-01T09:00:00Z'));
    const strip = (p: Package) => JSON.stringify(p).replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<date>"');
    expect(strip(later)).toBe(strip(pkg));
  });

  it('has upcoming events, and every top event is one of them', () => {
    const ids = new Set(pkg.events.map((e) => e.id));
    for (const e of pkg.events) expect(new Date(e.start_date_time).getTime()).toBeGreaterThan(NOW.getTime());
    for (const v of pkg.content as Variation[]) {
      expect(v.slug).toBe(variationSlug(v.title));
      for (let i = 1; i <= 3; i++) expect(ids.has(v[`top_event_${i}`]!.event_id)).toBe(true);
      for (const id of v.event_ids) expect(ids.has(id)).toBe(true);
    }
  });

  it('holds no customer data: no email, no customer id, no real event id', () => {
    const text = JSON.stringify(pkg);
    expect(text).not.toMatch(/@/);
    expect(text).not.toMatch(/C\d{4}-\d+/);
    expect(text).not.toMatch(/e\d{4}-\d+/);
    for (const e of pkg.events) expect(e.id).toMatch(/^demo-event-\d$/);
  });

  it('is titled in the user’s language', () => {
    expect(demoPackage('en', NOW).title).toBe('Sample package (demo)');
    expect(demoPackage('de', NOW).title).toBe('Beispielpaket (Demo)');
  });

  it('lists as a list item without content', () => {
    const item = demoListItem('de', NOW);
    expect(PackageListItem.parse(item)).toMatchObject({ id: DEMO_PACKAGE_ID, demo: true, title: 'Beispielpaket (Demo)' });
    expect(item).not.toHaveProperty('content');
    expect(item).not.toHaveProperty('filter_settings');
  });
});

describe('the service in demo mode', () => {
  it('reads the sample only: the list holds it alone, any other id is not found', async () => {
    setClock(() => NOW.getTime());
    try {
      expect(await listPackages(noDb, demoCtx, { page: 1, limit: 50 })).toEqual({ total: 1, items: [demoListItem('en', NOW)] });
      expect(await listPackages(noDb, demoCtx, { page: 2, limit: 50 })).toEqual({ total: 1, items: [] });
      expect(await getPackage(noDb, demoCtx, DEMO_PACKAGE_ID)).toEqual(demoPackage('en', NOW));
      const err = await refusal(getPackage(noDb, demoCtx, 1));
      expect([err.status, err.code]).toEqual([404, 'error.common.notFound']);
    } finally {
      setClock();
    }
  });

  it('builds nothing: create, regenerate and merge answer 403 error.packages.demo_mode', async () => {
    const body = { event_ids: ['e1002-00001'], num_packages: 3, n_top_events: 3, targeting_mode: 'selective_mode' as const, filters: { exclude_ticket_categories: ['free' as const] } };
    for (const p of [createPackage(noDb, demoCtx, body), regeneratePackage(noDb, demoCtx, DEMO_PACKAGE_ID), regeneratePackage(noDb, demoCtx, 5), mergePackages(noDb, demoCtx, [DEMO_PACKAGE_ID, 5])]) {
      const err = await refusal(p);
      expect([err.status, err.code]).toEqual([403, 'error.packages.demo_mode']);
    }
  });

  it('exports nothing: the sample’s customer list is 403 error.packages.demo_export_disabled, other ids 404', async () => {
    const refused = await refusal(customerList(noDb, demoCtx, DEMO_PACKAGE_ID, 'classical-regulars'));
    expect([refused.status, refused.code]).toEqual([403, 'error.packages.demo_export_disabled']);
    const other = await refusal(customerList(noDb, demoCtx, 7, 'classical-regulars'));
    expect([other.status, other.code]).toEqual([404, 'error.common.notFound']);
  });
});
