// The package builder's permission on the API (spec 3 §6; ARCHITECTURE §3 "API paths are the
// spec's"): backhaul and the package-builder flag on every /package_builder call and on the
// wizard's customer ID matching (POST /customers/), while Sentinel's customer reads keep sentinel.
import { describe, expect, it } from 'vitest';
import { missingApiAccess } from '../../../src/lib/routes';
import { PERMISSIONS } from '../../../src/lib/constants';

const all = Object.fromEntries(PERMISSIONS.map((p) => [p, true]));
const builder = { permissions: all, features: { 'package-builder': true } };
const noFlag = { permissions: all, features: {} };
const noBackhaul = { permissions: { ...all, backhaul: false }, features: { 'package-builder': true } };
const sentinelOnly = { permissions: { sentinel: true }, features: {} };

const CALLS: [string, string][] = [
  ['GET', '/api/v3/package_builder/packages/'],
  ['GET', '/api/v3/package_builder/packages'],
  ['GET', '/api/v3/package_builder/packages/12'],
  ['POST', '/api/v3/package_builder/packages'],
  ['POST', '/api/v3/package_builder/packages/12/regenerate'],
  ['POST', '/api/v3/package_builder/packages/merge'],
  ['GET', '/api/v3/package_builder/packages/12/oper-&-ballett/customer_list'],
  ['GET', '/api/v3/package_builder/events'],
  ['GET', '/api/v3/package_builder'],
  ['POST', '/api/v3/customers/'],
  ['POST', '/api/v3/customers'],
];

describe('package builder API rules', () => {
  it('every call needs backhaul, then the package-builder flag', () => {
    for (const [method, path] of CALLS) {
      expect(missingApiAccess(method, path, builder), `${method} ${path}`).toBeNull();
      expect(missingApiAccess(method, path, noBackhaul), `${method} ${path}`).toBe('backhaul');
      expect(missingApiAccess(method, path, noFlag), `${method} ${path}`).toBe('package-builder');
      expect(missingApiAccess(method, path, sentinelOnly), `${method} ${path}`).toBe('backhaul');
    }
  });

  it('Sentinel’s customer reads need sentinel, not the package builder', () => {
    for (const path of ['/api/v3/customers/5', '/api/v3/customers/sales_summary/5']) {
      expect(missingApiAccess('GET', path, sentinelOnly)).toBeNull();
      expect(missingApiAccess('GET', path, { permissions: { ...all, sentinel: false }, features: { 'package-builder': true } })).toBe('sentinel');
    }
  });

  it('the old guessed prefix /api/v3/packages carries no rule of the package builder', () => {
    expect(missingApiAccess('GET', '/api/v3/packages', sentinelOnly)).toBeNull();
  });
});
