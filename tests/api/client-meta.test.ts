// Per-address rate limits key on the socket address; X-Forwarded-For only behind a trusted proxy.
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { clientMeta } from '../../src/server/api/client-meta';
import { config } from '../../src/server/config';

const app = new Hono().get('/', (c) => c.json(clientMeta(c)));

describe('clientMeta', () => {
  it('uses the socket address and ignores a forged X-Forwarded-For', async () => {
    const res = await app.request('/', { headers: { 'x-forwarded-for': '6.6.6.6', 'user-agent': 'UA' } }, { clientAddress: '10.1.2.3' });
    expect(await res.json()).toEqual({ ip: '10.1.2.3', userAgent: 'UA' });
  });

  it('believes X-Forwarded-For only when TRUST_PROXY is set', async () => {
    (config as { trustProxy: boolean }).trustProxy = true;
    try {
      const res = await app.request('/', { headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' } }, { clientAddress: '10.0.0.1' });
      expect((await res.json()).ip).toBe('203.0.113.9');
    } finally {
      (config as { trustProxy: boolean }).trustProxy = false;
    }
  });
});
