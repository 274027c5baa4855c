// Lighthouse performance score (mobile preset: Moto G Power emulation, simulated slow 4G and 4×
// CPU slowdown) of the signed-in pages of issue 4: the dashboard, the events list and an event
// page. Budget: at least 95 each. Runs Debian's Chromium on the built server with demo data.
// Usage: npm run build && npx tsx bench/lighthouse.ts [--write] [--runs 3]
import fs from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { markdownTable, percentile, signInCookie, startServer, writePerformanceBlock } from './lib';

const dataDir = '/tmp/encore-bench-lighthouse';
const port = 4496;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

if (!fs.existsSync(`${dataDir}/PG_VERSION`)) fs.rmSync(dataDir, { recursive: true, force: true });
const srv = await startServer(dataDir, port);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rowsOut: [string, string, string][] = [];
try {
  const cookie = await signInCookie(srv.base, 'admin@encore.demo');
  const list = (await (await fetch(`${srv.base}/api/v3/events/?limit=1&since=${new Date().toISOString().slice(0, 10)}&exclude_products=true`, { headers: { cookie } })).json()) as { items: { id: string }[] };
  const eventPath = `/events/${list.items[0].id}`;
  for (const path of ['/', '/events', eventPath]) {
    const scores: number[] = [];
    const metrics: Record<string, number[]> = { FCP: [], LCP: [], TBT: [], CLS: [] };
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${srv.base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders: { Cookie: cookie },
      });
      const lhr = result!.lhr;
      scores.push(Math.round((lhr.categories.performance.score ?? 0) * 100));
      metrics.FCP.push(lhr.audits['first-contentful-paint'].numericValue ?? 0);
      metrics.LCP.push(lhr.audits['largest-contentful-paint'].numericValue ?? 0);
      metrics.TBT.push(lhr.audits['total-blocking-time'].numericValue ?? 0);
      metrics.CLS.push(lhr.audits['cumulative-layout-shift'].numericValue ?? 0);
    }
    const med = (xs: number[]) => percentile(xs, 50);
    rowsOut.push([
      `Lighthouse performance, mobile preset, ${path === eventPath ? '/events/{id} (event page)' : path} (median of ${runs})`,
      '≥ 95',
      `${med(scores)} (FCP ${(med(metrics.FCP) / 1000).toFixed(1)} s, LCP ${(med(metrics.LCP) / 1000).toFixed(1)} s, TBT ${med(metrics.TBT).toFixed(0)} ms, CLS ${med(metrics.CLS).toFixed(3)})`,
    ]);
  }
} finally {
  chrome.kill();
  await srv.stop();
}

const table = markdownTable(rowsOut);
console.log(table);
if (process.argv.includes('--write')) writePerformanceBlock('lighthouse', table, '`npm run build && npx tsx bench/lighthouse.ts --write` (Lighthouse 13, Chromium, loopback)');
process.exit(0);
