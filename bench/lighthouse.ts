// Lighthouse performance score (mobile preset: Moto G Power emulation, simulated slow 4G and 4×
// CPU slowdown) of the signed-in pages of issue 4: the dashboard, the events list and an event
// page; and (issue 22) the campaign page /campaigns/{id} of an event with a running campaign (its
// list, budget panel and status), once with the statistics tab (open_included_events=true opens
// it). Budget: at least 95 each. Runs Debian's Chromium on the built server with demo data.
// Usage: npm run build && npx tsx bench/lighthouse.ts [--write] [--runs 3]
import fs from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { markdownTable, percentile, signInCookies, startServer, writePerformanceBlock } from './lib';

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
  // The sign-in's cookies go into the browser's jar (kept between runs: disableStorageReset),
  // where the pages' own API calls and the token renewal find them.
  const jar = await signInCookies(srv.base, 'admin@encore.demo');
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  await cdp.contexts()[0].addCookies(jar.map((c) => ({ ...c, domain: '127.0.0.1' })));
  const cookie = jar.map((c) => `${c.name}=${c.value}`).join('; ');
  type Item = { id: string; has_campaign: boolean; client_campaign_status: string | null };
  const list = (await (await fetch(`${srv.base}/api/v3/events/?limit=100&since=${new Date().toISOString().slice(0, 10)}&exclude_products=true`, { headers: { cookie } })).json()) as { items: Item[] };
  const eventPath = `/events/${list.items[0].id}`;
  const running = list.items.find((e) => e.has_campaign && e.client_campaign_status === 'ACTIVE');
  if (!running) throw new Error('no event with a running campaign among the next 100');
  const campaignPath = `/campaigns/${running.id}`;
  const label = (path: string) =>
    path === eventPath ? '/events/{id} (event page)' : path === campaignPath ? '/campaigns/{id} (running campaign)' : path.startsWith(campaignPath) ? '/campaigns/{id}, statistics tab' : path;
  for (const path of ['/', '/events', eventPath, campaignPath, `${campaignPath}?open_included_events=true`]) {
    const scores: number[] = [];
    const metrics: Record<string, number[]> = { FCP: [], LCP: [], TBT: [], CLS: [] };
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${srv.base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      if (new URL(result!.lhr.finalDisplayedUrl).pathname === '/login') throw new Error(`${path} ended on the sign-in page`);
      const lhr = result!.lhr;
      scores.push(Math.round((lhr.categories.performance.score ?? 0) * 100));
      metrics.FCP.push(lhr.audits['first-contentful-paint'].numericValue ?? 0);
      metrics.LCP.push(lhr.audits['largest-contentful-paint'].numericValue ?? 0);
      metrics.TBT.push(lhr.audits['total-blocking-time'].numericValue ?? 0);
      metrics.CLS.push(lhr.audits['cumulative-layout-shift'].numericValue ?? 0);
    }
    const med = (xs: number[]) => percentile(xs, 50);
    rowsOut.push([
      `Lighthouse performance, mobile preset, ${label(path)} (median of ${runs})`,
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
