// The browser's taste-cluster calls go to the paths and methods the API serves (spec 2 §7).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getEventCampaigns, getItcStatus, getSuggestedTcs, startItcRun } from '../../../src/lib/api/tasteClusters';
import { ApiError } from '../../../src/lib/api/client';

const seen: string[] = [];
let answer: () => Response = () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  seen.length = 0;
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://console.test') : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    seen.push(`${input.method} ${url.pathname}${url.search}`);
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('taste-cluster client', () => {
  it('starts and reads ITC runs on the main API', async () => {
    await startItcRun('e1001-00042');
    await getItcStatus('e1001-00042');
    expect(seen).toEqual(['POST /api/v3/airflow_dag/e1001-00042/itc_generator', 'GET /api/v3/airflow_dag/e1001-00042/itc_generator']);
  });

  it('reads campaigns and suggestions on the campaign-side service, with their query', async () => {
    await getEventCampaigns('e1001-00042', { page: 2, limit: 10 });
    await getEventCampaigns('e1001-00042');
    await getSuggestedTcs('e1001-00042', 1200, 'campaign.goal.ROAS');
    expect(seen).toEqual([
      'GET /api/campaign/events/e1001-00042/campaigns?page=2&limit=10',
      'GET /api/campaign/events/e1001-00042/campaigns',
      'GET /api/campaign/events/e1001-00042/suggested_tcs?budget=1200&goal=campaign.goal.ROAS',
    ]);
  });

  it("turns the status call's 404 into an ApiError the status box reads as not_found", async () => {
    answer = () => new Response(JSON.stringify({ message: 'No run', error_code: 'error.itc.not_found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    const err = await getItcStatus('e1001-00042').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect((err as ApiError).code).toBe('error.itc.not_found');
  });
});
