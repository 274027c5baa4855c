// Budget of issue 6 for uploads: a 1 GB file goes up through the multipart protocol at local
// disk speed, while the server's memory grows by less than 100 MB.
// Usage: npm run build && npx tsx bench/upload.ts [--write]
// The server runs as `npm start` on its own data dir; the bench sends 50 parts of 20,000,000 bytes,
// generated as streams (never a 1 GB buffer), three at a time as the browser does, and samples
// the resident memory of the server's process group every 100 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { markdownTable, signInCookie, startServer, writePerformanceBlock } from './lib';

const PART = 20_000_000;
const TOTAL = 1_000_000_000;
const PARTS = TOTAL / PART;
const MB = 1_000_000;

function partStream(n: number): Readable {
  const chunk = Buffer.alloc(256 * 1024, n % 251);
  let left = PART;
  let first = n === 1;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const size = Math.min(chunk.length, left);
      const out = Buffer.from(chunk.subarray(0, size));
      if (first) {
        out.write('%PDF-1.7\n', 0, 'latin1');
        first = false;
      }
      left -= size;
      this.push(out);
    },
  });
}

/** Resident memory of every process in the server's group (npm, tsx, node), in bytes. */
function groupRss(pgid: number): number {
  const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pgid)], { encoding: 'utf8' });
  return out.split('\n').reduce((sum, l) => sum + (Number(l.trim()) || 0), 0) * 1024;
}

/** Sends the 50 parts to `urlOf(n)`, three at a time; returns the etags. */
async function sendParts(urlOf: (n: number) => string): Promise<{ part_number: number; etag: string }[]> {
  const etags: { part_number: number; etag: string }[] = [];
  let next = 1;
  await Promise.all(
    [0, 1, 2].map(async () => {
      while (next <= PARTS) {
        const n = next++;
        const body = Readable.toWeb(partStream(n)) as ReadableStream;
        const res = await fetch(urlOf(n), { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body, duplex: 'half' } as RequestInit);
        if (!res.ok) throw new Error(`part ${n}: ${res.status} ${await res.text()}`);
        etags.push({ part_number: n, etag: res.headers.get('etag') ?? '' });
      }
    }),
  );
  return etags;
}

/**
 * "Local disk speed" as a browser-facing server could reach it: the same client sends the same
 * parts to a bare node:http server that streams each body to its place in one file.
 */
async function bareHttpSpeed(dir: string): Promise<number> {
  const file = path.join(dir, 'bare-http.bin');
  fs.writeFileSync(file, '');
  const server = http.createServer((req, res) => {
    const n = Number(new URL(req.url!, 'http://x').searchParams.get('n'));
    pipeline(req, fs.createWriteStream(file, { flags: 'r+', start: (n - 1) * PART })).then(
      () => res.writeHead(200, { etag: '"x"' }).end(),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((r) => server.listen(4472, '127.0.0.1', r));
  const t0 = performance.now();
  await sendParts((n) => `http://127.0.0.1:4472/?n=${n}`);
  const s = (performance.now() - t0) / 1000;
  server.close();
  fs.rmSync(file);
  return TOTAL / MB / s;
}

async function main() {
  const dataDir = path.resolve('data/bench-upload');
  const server = await startServer(dataDir, 4471);
  try {
    const cookie = await signInCookie(server.base, 'admin@encore.demo');
    const api = async (p: string, init: RequestInit = {}) => {
      const res = await fetch(`${server.base}/api/v3${p}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...(init.headers ?? {}) } });
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${p}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    };
    const pgid = server.proc.pid!;
    // Warm up the route (first requests load modules) before the baseline.
    const warm = (await api('/storage/multipart-upload', { method: 'POST', body: JSON.stringify({ object_name: 'warm.txt', content_type: 'text/plain' }) })) as { upload_id: string; object_key: string };
    await api('/storage/multipart-upload', { method: 'DELETE', body: JSON.stringify(warm) });
    await new Promise((r) => setTimeout(r, 1000));
    const base = groupRss(pgid);
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, groupRss(pgid))), 100);

    const t0 = performance.now();
    const u = (await api('/storage/multipart-upload', { method: 'POST', body: JSON.stringify({ object_name: 'one-gigabyte.pdf', content_type: 'application/pdf', category: 'other' }) })) as { upload_id: string; object_key: string };
    const { presigned_urls } = (await api('/storage/presigned-url', { method: 'POST', body: JSON.stringify({ ...u, start_part_number: 1, total_parts: PARTS }) })) as { presigned_urls: Record<string, string> };
    const etags = await sendParts((n) => presigned_urls[String(n)]!);
    const done = (await api('/storage/multipart-upload', { method: 'PUT', body: JSON.stringify({ ...u, parts: etags }) })) as { size: number };
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    if (done.size !== TOTAL) throw new Error(`stored ${done.size} bytes`);
    const bare = await bareHttpSpeed(dataDir);
    const growth = (peak - base) / 1024 / 1024;
    const rows: [string, string, string][] = [
      [
        '1 GB file, 50 parts of 20,000,000 bytes (3 at a time), start to completed upload',
        'at local disk speed',
        `${seconds.toFixed(1)} s = ${(TOTAL / MB / seconds).toFixed(0)} MB/s; the same parts sent by the same client to a bare node:http server writing them to disk: ${bare.toFixed(0)} MB/s`,
      ],
      ['Server memory growth during that upload (RSS of its process group, sampled every 100 ms)', '< 100 MB', `${growth.toFixed(0)} MB (${(base / 1024 / 1024).toFixed(0)} MB before, ${(peak / 1024 / 1024).toFixed(0)} MB peak)`],
    ];
    const table = markdownTable(rows);
    console.log(table);
    console.log(`load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
    if (process.argv.includes('--write')) writePerformanceBlock('upload', table, '`npm run build && npx tsx bench/upload.ts --write`');
    fs.rmSync(path.join(dataDir, 'storage', 'objects'), { recursive: true, force: true });
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
