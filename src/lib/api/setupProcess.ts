// spec 2 §7 "Setup process" and the Accounts step's asset calls for the setup wizard (contracts:
// ../contracts/setup-process). Types only from the contracts, so zod stays out of the browser.
import type { BoostResponse, SetupProcess, SetupStartBody, SetupUpdateBody } from '../contracts/setup-process';
import type { TaskResponse } from '../contracts/tasks';
import type { AssetList, EnrichedAsset } from '../contracts/meta-connect';
import { ApiError, call, mainApi } from './client';

const enc = encodeURIComponent;
const path = (eid: string) => `/setup_processes/${enc(eid)}`;

/** The live setup of the event, or null (spec 2 §4: a 404 means no setup). */
export async function getSetup(eid: string, signal?: AbortSignal): Promise<SetupProcess | null> {
  try {
    return await call<SetupProcess>(mainApi, path(eid), { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && err.code !== 'error.common.notFound') return null;
    throw err;
  }
}

export const startSetup = (eid: string, body: SetupStartBody, signal?: AbortSignal) => call<SetupProcess>(mainApi, path(eid), { method: 'post', json: body, signal });

export const updateSetup = (eid: string, body: SetupUpdateBody, signal?: AbortSignal) => call<SetupProcess>(mainApi, path(eid), { method: 'put', json: body, signal });

/** spec 2 §4: cancel (status cancelled) or delete the live setup. */
export const cancelSetup = (eid: string, cancel = true) => call<void>(mainApi, `${path(eid)}?cancel=${cancel}`, { method: 'delete' });

/** Publishes the stored setup: a task to poll (GET /tasks/{id}). */
export const boostSetup = (eid: string) => call<BoostResponse>(mainApi, `${path(eid)}/boost`, { method: 'post', timeout: false });

export const getTask = (taskId: string, signal?: AbortSignal) => call<TaskResponse>(mainApi, `/tasks/${enc(taskId)}`, { signal });

const ASSETS = '/integrations/connect/facebook/assets';
/** The partner's enabled Meta assets (spec 2 §7 "Assets and lookups"). */
export const getEnabledAssets = (signal?: AbortSignal) => call<AssetList>(mainApi, ASSETS, { searchParams: { is_enabled: 'true' }, signal });

/** Asks Meta whether each chosen asset may be used now (the Accounts step's validity check). */
export const enrichAssets = (assets: { id: string; asset_id: string; asset_class: 'profile' | 'ad_account' | 'pixel'; platform: 'facebook' | 'instagram' }[], signal?: AbortSignal) =>
  call<{ items: EnrichedAsset[] }>(mainApi, `${ASSETS}/enrich`, { method: 'post', json: { assets }, signal, timeout: false });
