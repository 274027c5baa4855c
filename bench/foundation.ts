// Budgets of issue 2, measured on the built server (`npm run build` first):
//   cold start to ready (database seeded once) < 10 s; login page JS ≤ 80 KB gzip and renders
//   without JS; a signed-in shell page < 50 ms server time p95 on loopback; demo seed < 30 s.
// Usage: npm run bench  (prints a Markdown table; --write updates docs/PERFORMANCE.md)
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { jsWeight, markdownTable, pageScripts, writePerformanceBlock, percentile, signInCookie, startServer } from './lib';

const dataDir = '/tmp/encore-bench-foundation';
fs.rmSync(dataDir, { recursive: true, force: true });
const port = 4499;
const rowsOut: [string, string, string][] = [];

// 1. First start seeds; later starts are the "cold start" of the budget.
const first = await startServer(dataDir, port);
const seedLine = first.output().match(/Seeded demo data in ([\d.]+) s/);
rowsOut.push(['Demo seed (2 partners, first start)', '< 30 s', seedLine ? `${seedLine[1]} s` : 'n/a']);
await first.stop();
const starts: number[] = [];
for (let i = 0; i < 3; i++) {
  const s = await startServer(dataDir, port);
  starts.push(s.readyMs);
  await s.stop();
}
rowsOut.push(['Cold start to ready (seeded, median of 3)', '< 10 s', `${(percentile(starts, 50) / 1000).toFixed(2)} s`]);

const srv = await startServer(dataDir, port);
try {
  // 2. Login page JS: every script and modulepreload the page references, gzipped.
  const html = await (await fetch(`${srv.base}/login`)).text();
  const srcs = pageScripts(html);
  const atLoad = await jsWeight(srv.base, [...srcs], false);
  const withSignIn = await jsWeight(srv.base, [...srcs], true);
  rowsOut.push(['Login page JavaScript at load (gzip, all static chunks)', '≤ 80 KB', `${(atLoad.gz / 1024).toFixed(1)} KB in ${atLoad.files} files`]);
  rowsOut.push(['… plus the chunks loaded on submit (API client)', '≤ 80 KB', `${(withSignIn.gz / 1024).toFixed(1)} KB in ${withSignIn.files} files`]);
  const noJsForm = /<form[^>]*method="post"/i.test(html) && /name="username"/.test(html) && /name="password"/.test(html);
  rowsOut.push(['Login page renders and signs in without JavaScript', 'yes', noJsForm ? 'yes (server-rendered POST form)' : 'NO']);

  // 3. Signed-in shell page latency.
  const cookie = await signInCookie(srv.base, 'admin@encore.demo');
  for (const path of ['/settings', '/events']) {
    for (let i = 0; i < 20; i++) await fetch(`${srv.base}${path}`, { headers: { cookie } }); // warm up
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t0 = performance.now();
      const res = await fetch(`${srv.base}${path}`, { headers: { cookie }, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      times.push(performance.now() - t0);
    }
    rowsOut.push([`Signed-in page with shell ${path} (300 sequential, p95 / p50)`, '< 50 ms p95', `${percentile(times, 95).toFixed(1)} ms / ${percentile(times, 50).toFixed(1)} ms`]);
  }
  // 4. Sign-in (password check included).
  const signins: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    await signInCookie(srv.base, 'analyst@encore.demo');
    signins.push(performance.now() - t0);
  }
  rowsOut.push(['Sign-in POST /api/v3/auth incl. argon2id (p95 of 10)', '< 300 ms', `${percentile(signins, 95).toFixed(0)} ms`]);
} finally {
  await srv.stop();
}

const table = markdownTable(rowsOut);
console.log(table);
if (process.argv.includes('--write')) writePerformanceBlock('foundation', table, '`npm run bench` (bench/foundation.ts)');
process.exit(0);
