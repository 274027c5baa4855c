// GET /api/v3/campaigns/meta_tags (spec 2 §7, §8) against a local web server: the tags of a page,
// redirects up to three, and every way a page can fail mapped to 'Website blocks crawlers or is
// down'. The SSRF guard refuses loopback by default; these tests open loopback (and only that)
// through the test-only setter, and check that private addresses stay closed even then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { setMetaTagsLimits } from '../../src/server/modules/meta-tags';
import { META_TAGS_UNREACHABLE_MESSAGE, MetaTagsResponse } from '../../src/lib/contracts/meta-tags';
import { META_TAGS_LIMIT } from '../../src/server/api/meta-tags';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;
let server: http.Server;
let base: string;
const seenHeaders: http.IncomingHttpHeaders[] = [];

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Fallback</title>
<meta property="og:title" content="Le nozze di Figaro &ndash; Oper">
<meta property="og:description" content="Mozart im Konzerthaus">
<meta property="og:image" content="/img/figaro.jpg">
<meta property="og:site_name" content="Konzerthaus">
<meta name="twitter:card" content="summary_large_image">
</head><body>…</body></html>`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenHeaders.push(req.headers);
    const url = new URL(req.url ?? '/', 'http://x');
    const redirect = (to: string) => {
      res.writeHead(302, { location: to, 'set-cookie': 'tracker=1; Path=/' });
      res.end();
    };
    switch (url.pathname) {
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'session=abc' });
        return res.end(PAGE);
      case '/latin1':
        res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
        return res.end(Buffer.from('<head><meta property="og:title" content="K\xf6ln"></head>', 'latin1'));
      case '/hop':
        // /hop?n=3 redirects three times, then lands on the page.
        return redirect(Number(url.searchParams.get('n')) > 1 ? `/hop?n=${Number(url.searchParams.get('n')) - 1}` : '/page');
      case '/to-private':
        return redirect('http://10.0.0.1/admin');
      case '/to-metadata':
        return redirect('http://169.254.169.254/latest/meta-data/');
      case '/to-file':
        return redirect('file:///etc/passwd');
      case '/big': {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<head><meta property="og:title" content="Big"></head>');
        // 3 MB: the reader stops after 1 MB.
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const more = () => {
          while (sent < 48) {
            sent++;
            if (!res.write(chunk)) return res.once('drain', more);
          }
          res.end();
        };
        return more();
      }
      case '/slow':
        return setTimeout(() => res.end('late'), 3000);
      case '/missing':
        res.writeHead(404);
        return res.end('no');
      case '/json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"og:title":"not html"}');
      default:
        res.writeHead(500);
        return res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
}, 240_000);
afterAll(async () => {
  setMetaTagsLimits();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t.close();
});

async function tags(url: string, token = admin) {
  const res = await api.request(`/api/v3/campaigns/meta_tags?url=${encodeURIComponent(url)}`, { token });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}
async function expectUnreachable(url: string, subcode: string) {
  const r = await tags(url);
  expect(r.status, url).toBe(422);
  const e = await errorOf(r.res);
  expect(e).toMatchObject({ error_code: 'error.campaign.meta_tags.unreachable', message: META_TAGS_UNREACHABLE_MESSAGE, error_subcode: subcode });
}

describe('by default', () => {
  it('refuses loopback and private hosts however they are written', async () => {
    setMetaTagsLimits();
    const port = new URL(base).port;
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '2130706433', '0x7f.0.0.1', '10.0.0.1', '169.254.169.254']) {
      await expectUnreachable(`http://${host}:${port}/page`, 'blocked_address');
    }
    expect(seenHeaders).toHaveLength(0);
  });
});

describe('with loopback opened for the test server', () => {
  it('answers the OpenGraph tags, the image made absolute, and sends no cookie', async () => {
    setMetaTagsLimits({ allowLoopback: true, timeoutMs: 1000 });
    const r = await tags(`${base}/page`);
    expect(r.status).toBe(200);
    const body = MetaTagsResponse.parse(r.body);
    expect(body).toMatchObject({
      url: `${base}/page`,
      final_url: `${base}/page`,
      title: 'Le nozze di Figaro – Oper',
      description: 'Mozart im Konzerthaus',
      image: `${base}/img/figaro.jpg`,
      site_name: 'Konzerthaus',
    });
    expect(body.tags['twitter:card']).toBe('summary_large_image');
    expect(seenHeaders.at(-1)!.cookie).toBeUndefined();
  });

  it('decodes the declared charset', async () => {
    expect((await tags(`${base}/latin1`)).body.title).toBe('Köln');
  });

  it('follows three redirects, refuses a fourth, and sends no cookie the redirect set', async () => {
    const r = await tags(`${base}/hop?n=3`);
    expect(r.status).toBe(200);
    expect(r.body.final_url).toBe(`${base}/page`);
    expect(seenHeaders.at(-1)!.cookie).toBeUndefined();
    await expectUnreachable(`${base}/hop?n=4`, 'too_many_redirects');
  });

  it('checks the address again after a redirect', async () => {
    await expectUnreachable(`${base}/to-private`, 'blocked_address');
    await expectUnreachable(`${base}/to-metadata`, 'blocked_address');
    await expectUnreachable(`${base}/to-file`, 'blocked_address');
  });

  it('reads at most 1 MB and still finds the tags at the top', async () => {
    const r = await tags(`${base}/big`);
    expect(r.status).toBe(200);
    expect(r.body.title).toBe('Big');
  });

  it('gives up after the timeout, and on error answers or an unknown host', async () => {
    await expectUnreachable(`${base}/slow`, 'timeout');
    await expectUnreachable(`${base}/missing`, 'http_status');
    await expectUnreachable(`${base}/boom`, 'http_status');
    await expectUnreachable('http://no-such-host.invalid/', 'network');
    const json = await tags(`${base}/json`);
    expect(json.status).toBe(200);
    expect(json.body.tags).toEqual({});
  });
});

describe('refusals', () => {
  it('answers 400 for what is not an http(s) URL', async () => {
    for (const url of ['', 'not a url', 'file:///etc/passwd', 'ftp://example.com/', 'javascript:alert(1)', 'http://user:pw@example.com/', `https://example.com/${'a'.repeat(2100)}`]) {
      const r = await tags(url);
      expect(r.status, url).toBe(400);
      expect((await errorOf(r.res)).error_code).toBe('error.validation.invalid');
    }
    expect((await api.request('/api/v3/campaigns/meta_tags', { token: admin })).status).toBe(400);
  });

  it('limits each user to 60 pages per 10 minutes (429), in the §3 format', async () => {
    const prisma = (await api.signIn('prisma@encore.demo')).token;
    setMetaTagsLimits();
    for (let i = 0; i < META_TAGS_LIMIT.max; i++) expect((await tags(`http://10.0.0.${i % 250}/`, prisma)).status).toBe(422);
    const over = await tags('http://10.0.0.1/', prisma);
    expect(over.status).toBe(429);
    expect((await errorOf(over.res)).error_code).toBe('error.auth.rateLimited');
    expect(over.res.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another user is not affected.
    expect((await tags('http://10.0.0.1/')).status).toBe(422);
  });

  it('answers 403 without the wave permission', async () => {
    const r = await tags(`${base}/page`, analyst);
    expect(r.status).toBe(403);
    expect((await errorOf(r.res)).error_subcode).toBe('wave');
  });
});
