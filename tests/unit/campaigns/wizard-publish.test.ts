// spec 2 §4 Publishing: flush, re-fetch, check, boost, poll the task; INVALID_ACCOUNTS → step 2,
// INVALID_SETUP → step 3.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/lib/api/client';
import type { Creative, SetupProcess } from '../../../src/lib/contracts/setup-process';
import type { TaskResponse } from '../../../src/lib/contracts/tasks';
import { disabledCount, FIRST_POLL_MS, localCheck, POLL_EVERY_MS, publish } from '../../../src/islands/campaigns/wizard/publish';

const creative: Creative = {
  tc: 3,
  tc_run_id: 7,
  headline: ['Tonight'],
  body: ['Come along'],
  media: [{ id: '00000000-0000-4000-8000-000000000001', index: 0, name: 'a.jpg', url: '/m/a.jpg', size: 10, type: 'image/jpeg', width: 1080, height: 1080, status: 'SUCCESS' }],
  destination_url: ['https://tickets.example.org'],
  call_to_action: 'BUY_TICKETS',
  description: 'Concert',
  language: 'en',
  excluded_variations: [],
  audience_id: null,
  destination_url_inherited: false,
};
const ready = {
  id: 's1',
  eid: 'e1',
  status: 'synced',
  goal: 'UTILIZATION',
  integration_details: [
    { asset_class: 'facebook.ad_account', asset_id: '00000000-0000-4000-8000-0000000000a1', platform: 'facebook' },
    { asset_class: 'facebook.profile', asset_id: '00000000-0000-4000-8000-0000000000b1', platform: 'facebook' },
    { asset_class: 'facebook.pixel', asset_id: '00000000-0000-4000-8000-0000000000c1', platform: 'facebook' },
  ],
  creatives: [creative],
  targeting: [{ tc: 3, tc_run_id: 7, targeting_mode: 'fd_targeting', age_range: { min: 18, max: 65 }, postal_codes: {}, range_locations: null }],
  disabled_variations: {},
} as unknown as SetupProcess;

const task = (status: TaskResponse['status'], result: unknown = null): TaskResponse => ({ task_id: 't', ready: status === 'SUCCESS', status, result });

function deps(over: Partial<Parameters<typeof publish>[0]> = {}) {
  return {
    eid: 'e1',
    geoOnly: false,
    flush: vi.fn(async () => undefined),
    getSetup: vi.fn(async () => ready),
    boost: vi.fn(async () => ({ task_id: 't' })),
    task: vi.fn(async () => task('SUCCESS')),
    sleep: vi.fn(async () => undefined),
    ...over,
  };
}

describe('publish', () => {
  it('flushes, re-fetches, boosts and polls until the task succeeds', async () => {
    const flush = vi.fn(async () => undefined);
    const getSetup = vi.fn(async () => ready);
    const d = deps({ flush, getSetup, task: vi.fn<(id: string) => Promise<TaskResponse>>().mockResolvedValueOnce(task('PENDING')).mockResolvedValueOnce(task('PROGRESS')).mockResolvedValue(task('SUCCESS')) });
    expect(await publish(d)).toEqual({ kind: 'boosted' });
    expect(flush.mock.invocationCallOrder[0]).toBeLessThan(getSetup.mock.invocationCallOrder[0]!);
    expect(d.boost).toHaveBeenCalledWith('e1');
    expect(d.task).toHaveBeenCalledTimes(3);
  });
  it('goes back to the accounts without an ad account, to the ads with an incomplete creative — without boosting', async () => {
    const noAccount = deps({ getSetup: vi.fn(async () => ({ ...ready, integration_details: ready.integration_details.slice(1) })) });
    expect(await publish(noAccount)).toEqual({ kind: 'invalidAccounts', problems: [{ area: 'integrations', tc: null, code: 'error.connect.facebook.ad_account_id_required', field: 'facebook.ad_account' }] });
    const noMedia = deps({ getSetup: vi.fn(async () => ({ ...ready, creatives: [{ ...creative, media: [] }] })) });
    expect(await publish(noMedia)).toEqual({ kind: 'invalidSetup', problems: [{ area: 'creatives', tc: 3, code: 'common.errors.fillRequired', field: 'media' }] });
    const geo = deps({ geoOnly: true });
    expect(await publish(geo)).toEqual({ kind: 'invalidSetup', problems: [{ area: 'targeting', tc: 3, code: 'UNKNOWN', field: 'targeting_mode' }] });
    expect(noAccount.boost).not.toHaveBeenCalled();
    expect(noMedia.boost).not.toHaveBeenCalled();
  });
  it('maps the server’s 422 codes and failed tasks', async () => {
    const accounts = deps({ boost: vi.fn(async () => Promise.reject(new ApiError(422, 'error.setup.INVALID_ACCOUNTS', 'x'))) });
    expect(await publish(accounts)).toEqual({ kind: 'invalidAccounts', problems: [] });
    // The server's data.problems travel with the outcome (issue 20 §2.2: shown next to their fields).
    const pixel = { area: 'integrations', tc: null, code: 'error.setup.pixel_required', field: 'facebook.pixel' };
    const setup = deps({ boost: vi.fn(async () => Promise.reject(new ApiError(422, 'error.setup.INVALID_SETUP', 'x', false, undefined, undefined, { problems: [pixel, { junk: 1 }] as never }))) });
    expect(await publish(setup)).toEqual({ kind: 'invalidSetup', problems: [pixel] });
    const failed = deps({ task: vi.fn(async () => task('FAILURE', { error_code: 'error.connect.facebook.api_error' })) });
    expect(await publish(failed)).toEqual({ kind: 'failed' });
    const taskAccounts = deps({ task: vi.fn(async () => task('SUCCESS', { error_code: 'error.setup.INVALID_ACCOUNTS' })) });
    expect(await publish(taskAccounts)).toEqual({ kind: 'invalidAccounts', problems: [] });
  });
  it('looks at the boost task soon after starting it, then every POLL_EVERY_MS', async () => {
    const sleep = vi.fn(async () => undefined);
    const d = deps({ sleep, task: vi.fn<(id: string) => Promise<TaskResponse>>().mockResolvedValueOnce(task('PENDING')).mockResolvedValue(task('SUCCESS')) });
    expect(await publish(d)).toEqual({ kind: 'boosted' });
    expect(sleep.mock.calls.map((c) => (c as unknown[])[0])).toEqual([FIRST_POLL_MS, POLL_EVERY_MS]);
    expect(FIRST_POLL_MS).toBeLessThan(POLL_EVERY_MS);
  });
  it('gives up polling after 180 s', async () => {
    let now = 0;
    const poll = vi.fn(async () => task('PENDING'));
    const d = deps({ task: poll, sleep: vi.fn(async (ms: number) => void (now += ms)), nowMs: () => now });
    expect(await publish(d)).toEqual({ kind: 'failed' });
    expect(now).toBeLessThanOrEqual(180_000);
    expect(poll.mock.calls.length).toBeGreaterThan(10);
  });
  it('a setup gone meanwhile (cancelled elsewhere) is reported as such', async () => {
    expect(await publish(deps({ getSetup: vi.fn(async () => null) }))).toEqual({ kind: 'gone' });
  });
  it('checks locally and counts disabled variations', () => {
    expect(localCheck(ready, false)).toBeNull();
    // The sales goals need the pixel (setup-rules pixelRequired); Visibility does not.
    const noPixel = { ...ready, integration_details: ready.integration_details.slice(0, 2) };
    expect(localCheck(noPixel, false)).toEqual({ kind: 'invalidSetup', problems: [{ area: 'integrations', tc: null, code: 'error.setup.pixel_required', field: 'facebook.pixel' }] });
    expect(localCheck({ ...noPixel, goal: 'VISIBILITY' }, false)).toBeNull();
    expect(disabledCount({ disabled_variations: { '3': ['1111', '1112'], '4': ['2111'] } })).toBe(3);
  });
});
