// spec 1 §4.3 status mirror: a status change is mirrored to the campaign-side service only for a
// user who may use it (wave). Without wave the browser makes no /api/campaign request at all (the
// service would refuse it with 403, spec 2 belongs to the campaigns module).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignMirrorStatus, setFrontendStatus } from '../../../src/lib/api/events';

describe('campaignMirrorStatus', () => {
  it('mirrors CANCELLED as CANCELLED and every other status as RUNNING for a user with wave', () => {
    expect(campaignMirrorStatus('CANCELLED', true)).toBe('CANCELLED');
    for (const s of ['DEFAULT', 'FLAGGED', 'HIDDEN'] as const) expect(campaignMirrorStatus(s, true)).toBe('RUNNING');
  });
  it('mirrors nothing for a user without wave', () => {
    for (const s of ['DEFAULT', 'FLAGGED', 'HIDDEN', 'CANCELLED'] as const) expect(campaignMirrorStatus(s, false)).toBeNull();
  });
});

describe('setFrontendStatus requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function requestsOf(canCampaigns: boolean): Promise<string[]> {
    const seen: string[] = [];
    // A browser resolves the client's relative URLs against the page; Node needs the base given.
    const NodeRequest = globalThis.Request;
    vi.stubGlobal(
      'Request',
      class extends NodeRequest {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://console.test') : input, init);
        }
      },
    );
    vi.stubGlobal('fetch', async (input: Request | string | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      seen.push(`${input instanceof Request ? input.method : 'GET'} ${new URL(url, 'http://console.test').pathname}`);
      return new Response(url.includes('/api/campaign/') ? '{"status":"RUNNING"}' : null, { status: url.includes('/api/campaign/') ? 200 : 204 });
    });
    await setFrontendStatus('e1001-00001', 'FLAGGED', { canCampaigns });
    return seen;
  }

  it('calls only the main API for a user without wave', async () => {
    expect(await requestsOf(false)).toEqual(['PUT /api/v3/events/e1001-00001/setup_frontend_status']);
  });
  it('also calls the campaign-side mirror for a user with wave', async () => {
    expect(await requestsOf(true)).toEqual(['PUT /api/v3/events/e1001-00001/setup_frontend_status', 'PUT /api/campaign/events/last_updated_on_fe/e1001-00001']);
  });
});
