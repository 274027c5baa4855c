// Campaign preparation for the edge-case journeys of the setup wizard (the main journey walks it
// through the interface): partner 1001's Meta assets through the sandbox system user
// (docs/SANDBOX-META.md) and a finished taste-cluster run of the event.
import type { ApiSession } from './api';
import { expect, withLock } from './fixtures';

export async function connectMetaAndClusters(api: ApiSession, eventId: string): Promise<void> {
  await withLock('meta-connect-1001', () => api.json('POST', '/api/v3/integrations/connect/facebook/token', { sandbox_system_user: true }));
  const itc = `/api/v3/airflow_dag/${encodeURIComponent(eventId)}/itc_generator`;
  await api.json('POST', itc);
  await expect.poll(async () => (await api.json<{ status: string }>('GET', itc)).status, { timeout: 150_000, intervals: [2000] }).toBe('success');
}
