// Issue 23: the package builder's calls (spec 3 §7; shapes in src/lib/contracts/packages.ts). One
// function per call; every read takes an AbortSignal so a superseded request is cancelled, never
// raced. Types only from the contract, so no zod reaches the browser.
import type { CreatePackageRequest, CustomerMatchResponse, EventSearchResponse, Package, PackageCreated, PackageList } from '../contracts/packages';
import { call, mainApi } from './client';
import { saveDownload } from './download';

const enc = encodeURIComponent;
const BASE = '/package_builder/packages';

/** GET /package_builder/packages/?page&limit: newest first, without the variations. */
export const listPackages = (q: { page: number; limit?: number }, signal?: AbortSignal) =>
  call<PackageList>(mainApi, `${BASE}/`, {
    searchParams: { page: q.page, ...(q.limit ? { limit: q.limit } : {}) },
    signal,
  });

/** GET /package_builder/packages/{id}: status and, once built, the variations. */
export const getPackage = (id: number, signal?: AbortSignal) => call<Package>(mainApi, `${BASE}/${id}`, { signal });

/** POST /package_builder/packages: 202 with the new id; the build runs as a task. */
export const createPackage = (body: CreatePackageRequest) => call<PackageCreated>(mainApi, BASE, { method: 'post', json: body });

/** POST /package_builder/packages/{id}/regenerate: the same id rebuilt from its inputs. */
export const regeneratePackage = (id: number) => call<Package>(mainApi, `${BASE}/${id}/regenerate`, { method: 'post' });

/** POST /package_builder/packages/merge?packages_ids=…&packages_ids=…: the new merged package. */
export const mergePackages = (ids: readonly number[]) =>
  call<Package>(mainApi, `${BASE}/merge`, {
    method: 'post',
    searchParams: new URLSearchParams(ids.map((id) => ['packages_ids', String(id)])),
  });

/** GET /package_builder/packages/{id}/{title}/customer_list?name: the variation's customers as CSV, saved by the browser. */
export const downloadCustomerList = (id: number, variationTitle: string, name: string) =>
  saveDownload(
    () =>
      mainApi(`${BASE.slice(1)}/${id}/${enc(variationTitle)}/customer_list`, {
        searchParams: { name },
      }),
    `${name}.csv`,
  );

/** GET /package_builder/events?since=DD-MM-YYYY&page&search: the wizard's step 1. */
export const searchPackageEvents = (q: { since: string; page: number; search: string }, signal?: AbortSignal) =>
  call<EventSearchResponse>(mainApi, '/package_builder/events', {
    searchParams: {
      since: q.since,
      page: q.page,
      ...(q.search.trim() ? { search: q.search.trim() } : {}),
    },
    signal,
  });

/** POST /customers/ (spec 3 §4 Customer ID matching): which ids name a customer of the partner. */
export const matchCustomerIds = (ids: readonly string[], signal?: AbortSignal) =>
  call<CustomerMatchResponse>(mainApi, '/customers/', {
    method: 'post',
    json: { ids },
    signal,
  });
