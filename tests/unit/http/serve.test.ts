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

/** Writes bytes on a fresh TCP connection and reads everything until the server closes it. */
const rawSocket = (bytes: string) =>
  new Promise<string>((resolve, reject) => {
    import('node:net').then(({ connect }) => {
      const { port } = server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
      socket.on('error', reject);
    });
  });

const parse = (response: string) => {
  const [head, body = ''] = response.split('\r\n\r\n');
  const [status, ...lines] = head!.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: status!, headers, body };
};

// Security hardening: Node answered these itself with an empty body; now the §3 error body.
describe('requests Node refuses before any handler', () => {
  it('answers a URL over 16 KB with 431 and error.request.headersTooLarge', async () => {
    const res = parse(await rawSocket(`GET /?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(res.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(res.headers['content-type']).toContain('application/json');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(JSON.parse(res.body)).toEqual({ message: expect.any(String), error_code: 'error.request.headersTooLarge' });
  });

  it('answers headers over 16 KB the same way', async () => {
    const res = parse(await rawSocket(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`));
    expect(res.status).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(res.body).error_code).toBe('error.request.headersTooLarge');
  });

  it('answers bytes that are not HTTP with 400 and the error body', async () => {
    for (const junk of ['HELLO\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 'GET / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n']) {
      const res = parse(await rawSocket(junk));
      expect(res.status, junk).toBe('HTTP/1.1 400 Bad Request');
      expect(JSON.parse(res.body), junk).toEqual({ message: expect.any(String), error_code: 'error.request.invalid' });
    }
  });

  it('still serves ordinary requests on the same server', async () => {
    expect((await raw('/tiny', 'identity')).body.toString()).toBe('ok');
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
  it('answers an API query that does not decode with 400, never reading broken UTF-8 as U+FFFD (issue 21 §2)', async () => {
    for (const q of ['description=%ED%A0%80&result_type=customers', 'description=Kunden%E0%A4%A', 'q=%']) {
      const res = await fetch(`${base}/api/v3/nlq/ids_from_nl_description?${q}`);
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ error_code: 'error.request.malformedUrl' });
    }
    // A well-formed API query still reaches the handler unchanged.
    expect((await fetch(`${base}/api/v3/nlq/ids_from_nl_description?description=K%C3%B6ln%20100%25`)).status).toBe(200);
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
