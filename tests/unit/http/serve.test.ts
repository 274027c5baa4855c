// The server compresses what it sends (pages, API answers, scripts) when the client accepts it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { createHttpServer, listen, wellFormedRequestUrl } from '../../../src/server/http/serve';

const page = `<html>${'<p>Konzerthaus</p>'.repeat(500)}</html>`;
const server = createHttpServer((req, res) => {
  if (req.url?.startsWith('/echo') || req.url === '/404') return void res.end(`url ${req.url}`);
  // As @astrojs/node ends a page whose rendering failed after the headers went out.
  if (req.url === '/broken') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.write('<html>'.repeat(400));
    return void res.write('Internal server error', () => res.destroy(new Error('render failed')));
  }
  res.setHeader('content-type', req.url === '/tiny' ? 'text/plain' : 'text/html');
  res.end(req.url === '/tiny' ? 'ok' : page);
});
let base = '';
beforeAll(async () => {
  await listen(server, 0, '127.0.0.1');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => {
  server.closeAllConnections();
  server.close(() => r());
}));

const raw = (path: string, encoding: string) =>
  new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    import('node:http').then(({ get }) =>
      get(`${base}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject),
    );
  });

describe('createHttpServer', () => {
  it('gzips a page for a client that accepts gzip', async () => {
    const res = await raw('/', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.length).toBeLessThan(page.length / 10);
    expect(gunzipSync(res.body).toString()).toBe(page);
  });
  it('prefers brotli when offered, sends plain text otherwise, and leaves tiny bodies alone', async () => {
    expect((await raw('/', 'gzip, br')).headers['content-encoding']).toBe('br');
    const plain = await raw('/', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect((await raw('/tiny', 'gzip')).headers['content-encoding']).toBeUndefined();
  });
});

// @astrojs/node answers a URL decodeURI() refuses with a plain-text 400; the server repairs or answers first.
describe('malformed percent-encoding', () => {
  it('keeps well-formed URLs as they are and re-encodes a malformed query as URLSearchParams reads it', () => {
    expect(wellFormedRequestUrl('/events/100%25?q=%25')).toBe('/events/100%25?q=%25');
    expect(wellFormedRequestUrl('/events?q=%')).toBe('/events?q=%25');
    expect(new URLSearchParams(wellFormedRequestUrl('/x?a=%E0%A4%A&b=1')!.split('?')[1]).get('b')).toBe('1');
    expect(wellFormedRequestUrl('/events/%E0%A4%A')).toBeNull();
    expect(wellFormedRequestUrl('/events/%ED%A0%80?q=1')).toBeNull();
  });
  it('answers an API path that cannot be decoded with the JSON error body, and sends a page path to /404', async () => {
    const api = await fetch(`${base}/api/v3/events/%E0%A4%A`);
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ error_code: 'error.request.malformedUrl' });
    expect(await (await fetch(`${base}/echo/%`)).text()).toBe('url /404');
    expect(await (await fetch(`${base}/echo?q=%`)).text()).toBe('url /echo?q=%25');
  });
});

describe('a page that fails mid-stream', () => {
  it('breaks the connection instead of leaving a gzip client waiting forever', async () => {
    const started = Date.now();
    const outcome = await raw('/broken', 'gzip').then(
      () => 'ended',
      () => 'broken',
    );
    expect(['ended', 'broken']).toContain(outcome);
    expect(Date.now() - started).toBeLessThan(3_000);
  }, 10_000);
});
