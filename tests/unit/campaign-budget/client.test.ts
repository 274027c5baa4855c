// The browser's budget, suggestion and keyword-report calls go to the paths, methods and bodies
// the API serves (spec 2 §7 budget_min_max, suggested_tcs, user_reports).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBudgetMinMax } from '../../../src/lib/api/budget';
import { getSuggestedTcs } from '../../../src/lib/api/tasteClusters';
import { deleteReports, reportKeyword, reportedKeywords } from '../../../src/lib/api/userReports';
import { ApiError } from '../../../src/lib/api/client';

const seen: { line: string; body: string }[] = [];
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
    seen.push({ line: `${input.method} ${url.pathname}${url.search}`, body: input.body ? await input.text() : '' });
    return answer();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  answer = () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
});

describe('budget and suggestion client', () => {
  it('asks the main API for the budget range of a runtime', async () => {
    await getBudgetMinMax('e1001-00042', 30);
    expect(seen.map((s) => s.line)).toEqual(['GET /api/v3/events/e1001-00042/budget_min_max?runtime_in_days=30']);
  });

  it('sends the runtime with the suggestion only when given', async () => {
    await getSuggestedTcs('e1001-00042', 1200, 'UTILIZATION', undefined, 21);
    await getSuggestedTcs('e1001-00042', 1200, 'UTILIZATION');
    expect(seen.map((s) => s.line)).toEqual([
      'GET /api/campaign/events/e1001-00042/suggested_tcs?budget=1200&goal=UTILIZATION&runtime_in_days=21',
      'GET /api/campaign/events/e1001-00042/suggested_tcs?budget=1200&goal=UTILIZATION',
    ]);
  });
});

describe('keyword report client', () => {
  it('posts a report, reads the reported keywords with the given filters, and deletes by setup', async () => {
    const body = { description: '_', report_type: 'WRONG_TOPIC_RECOMMENDATION' as const, event_id: 'e1001-00042', tc: 3, tc_run_id: 7, keyword: 'Oper' };
    await reportKeyword(body);
    await reportedKeywords({ event_id: 'e1001-00042', reportType: 'WRONG_TOPIC_RECOMMENDATION', tc: 3, tc_run_id: undefined });
    answer = () => new Response(null, { status: 204 });
    await expect(deleteReports({ setup_process_ids: ['8c0b6c1e-0d7e-4c1a-9f57-2c1f1f0b9a11'] })).resolves.toBeUndefined();
    expect(seen.map((s) => s.line)).toEqual([
      'POST /api/v3/user_reports',
      'GET /api/v3/user_reports?event_id=e1001-00042&reportType=WRONG_TOPIC_RECOMMENDATION&tc=3',
      'POST /api/v3/user_reports/delete',
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual(body);
    expect(JSON.parse(seen[2]!.body)).toEqual({ setup_process_ids: ['8c0b6c1e-0d7e-4c1a-9f57-2c1f1f0b9a11'] });
  });

  it('turns a refused keyword into an ApiError with its code', async () => {
    answer = () => new Response(JSON.stringify({ message: 'x', error_code: 'error.user_reports.unknown_keyword' }), { status: 422, headers: { 'content-type': 'application/json' } });
    const err = await reportKeyword({ description: '_', report_type: 'WRONG_TOPIC_RECOMMENDATION', event_id: 'e1', tc: 1, tc_run_id: 1, keyword: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('error.user_reports.unknown_keyword');
  });
});
