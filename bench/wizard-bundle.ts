// Issue 14 budgets of the setup wizard on /campaigns/{id}: at most 200 KB of JavaScript (gzip)
// before the previews or the media dropzone are opened, and an autosave round trip (the wizard's
// PUT) under 100 ms p95 on loopback. The JavaScript is what Chromium actually fetched (Playwright's
// network log), gzipped here chunk by chunk, in two states: step 1 (the new-setup panel) and the
// Ads step of a live setup (creative and targeting forms mounted, previews and dropzone closed).
// Usage: npm run build && npx tsx bench/wizard-bundle.ts [--write]
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { markdownTable, percentile, signInCookie, startServer, writePerformanceBlock } from './lib';

const dataDir = '/tmp/wizard-bench';
const port = Number(process.env.BENCH_PORT ?? 4752);
const LAZY_ONLY = /preview|dropzone|Dropzone|Preview/;

if (!fs.existsSync(`${dataDir}/PG_VERSION`)) fs.rmSync(dataDir, { recursive: true, force: true });
const srv = await startServer(dataDir, port);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
});
const rowsOut: [string, string, string][] = [];

async function scriptsOf(page: Page, path: string, ready: string): Promise<{ gz: number; files: string[] }> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    // A body of a page navigated away from (a redirect) is gone: it is not counted.
    if (url.origin === srv.base && url.pathname.endsWith('.js'))
      bodies.set(
        url.pathname,
        r.body().catch(() => Buffer.alloc(0)),
      );
  });
  await page.goto(`${srv.base}${path}`);
  await page
    .getByTestId(ready)
    .waitFor({ timeout: 60_000 })
    .catch(async (err: unknown) => {
      await page.screenshot({ path: `${dataDir}-failed.png` });
      throw err;
    });
  await page.waitForLoadState('networkidle');
  let gz = 0;
  const files: string[] = [];
  for (const [name, body] of bodies) {
    const b = await body;
    if (!b.length) continue;
    gz += gzipSync(b).length;
    files.push(name);
  }
  return { gz, files };
}

try {
  const cookie = await signInCookie(srv.base, 'admin@encore.demo');
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${srv.base}${path}`, {
      method,
      headers: { cookie, origin: srv.base, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  const today = new Date().toISOString().slice(0, 10);
  const list = await api<{ items: { id: string; date: string }[] }>('GET', `/api/v3/events/?limit=200&since=${today}&exclude_products=true`);
  const event = list.items.find((e) => e.date > new Date(Date.now() + 30 * 864e5).toISOString().slice(0, 10)) ?? list.items[0]!;
  // Wide screens show the recommendations in the drawer of /campaigns (/campaigns/{id} redirects
  // there); phones open /campaigns/{id} itself.
  const sizes = [
    {
      label: 'desktop 1440×900, drawer',
      viewport: { width: 1440, height: 900 },
      path: `/campaigns?drawer-open=true&event-id=${event.id}`,
    },
    {
      label: 'phone 390×844, /campaigns/{id}',
      viewport: { width: 390, height: 844 },
      path: `/campaigns/${event.id}`,
    },
  ];
  const contexts = await Promise.all(
    sizes.map(async (s) => {
      const c = await browser.newContext({ viewport: s.viewport });
      await c.addCookies([
        {
          name: cookie.split('=')[0]!,
          value: cookie.slice(cookie.indexOf('=') + 1),
          url: srv.base,
          httpOnly: true,
        },
        { name: 'i18nextLng', value: 'en', url: srv.base },
      ]);
      return c;
    }),
  );

  // Step 1: the new-setup panel.
  for (const [i, s] of sizes.entries()) {
    const step1 = await scriptsOf(await contexts[i]!.newPage(), s.path, 'new-setup');
    rowsOut.push([`Setup step 1 (new-setup panel), ${s.label}: JavaScript fetched, gzip`, '≤ 200 KB', `${(step1.gz / 1024).toFixed(1)} KB in ${step1.files.length} files`]);
  }

  // A live setup at the Ads step: Meta assets (sandbox system user) and a finished taste-cluster run first.
  await api('POST', '/api/v3/integrations/connect/facebook/token', {
    sandbox_system_user: true,
  });
  await api('POST', `/api/v3/airflow_dag/${event.id}/itc_generator`);
  for (let i = 0; ; i++) {
    const s = await api<{ status: string }>('GET', `/api/v3/airflow_dag/${event.id}/itc_generator`);
    if (s.status === 'success') break;
    if (s.status === 'failed' || i > 120) throw new Error(`ITC run ${s.status}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
  const tcs = await api<{ tc: number; tc_run_id: number }[]>('GET', `/api/campaign/events/${event.id}/suggested_tcs?budget=1000&goal=UTILIZATION`);
  await fetch(`${srv.base}/api/v3/setup_processes/${event.id}?cancel=false`, {
    method: 'DELETE',
    headers: { cookie, origin: srv.base },
  });
  const end = new Date(Date.parse(event.date) - 864e5).toISOString().slice(0, 10);
  await api('POST', `/api/v3/setup_processes/${event.id}`, {
    goal: 'UTILIZATION',
    total_budget: 1000,
    start_date: today,
    end_date: end,
    creatives: tcs.map((t) => ({ tc: t.tc, tc_run_id: t.tc_run_id })),
  });
  await api('PUT', `/api/v3/setup_processes/${event.id}`, {
    wizard: {
      current_step: 3,
      current_completed_step: 2,
      preview_viewed: false,
    },
  });
  for (const [i, s] of sizes.entries()) {
    const step3 = await scriptsOf(await contexts[i]!.newPage(), s.path, 'ads-step');
    const lazyLoaded = step3.files.filter((f) => LAZY_ONLY.test(f));
    rowsOut.push([
      `Wizard at the Ads step (forms mounted, previews and dropzone closed), ${s.label}: JavaScript fetched, gzip`,
      '≤ 200 KB',
      `${(step3.gz / 1024).toFixed(1)} KB in ${step3.files.length} files${lazyLoaded.length ? ` — includes ${lazyLoaded.join(', ')}` : ''}`,
    ]);
  }

  // Autosave round trip: the PUT the wizard sends after a change (a creative list edit), loopback.
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now();
    await api('PUT', `/api/v3/setup_processes/${event.id}`, {
      total_budget: 1000 + (i % 7),
      wizard: {
        current_step: 3,
        current_completed_step: 2,
        preview_viewed: false,
      },
    });
    if (i >= 10) times.push(performance.now() - t0);
  }
  rowsOut.push([
    'Autosave round trip (PUT /setup_processes/{eid}), loopback, p95 of 50 after 10 warm-up',
    '< 100 ms',
    `${percentile(times, 95).toFixed(1)} ms (median ${percentile(times, 50).toFixed(1)} ms)`,
  ]);
  await fetch(`${srv.base}/api/v3/setup_processes/${event.id}?cancel=false`, {
    method: 'DELETE',
    headers: { cookie, origin: srv.base },
  });
} finally {
  await browser.close();
  await srv.stop();
}

const table = markdownTable(rowsOut);
console.log(table);
if (process.argv.includes('--write')) writePerformanceBlock('wizard-bundle', table, '`npm run build && npx tsx bench/wizard-bundle.ts --write` (Chromium via Playwright, loopback)');
process.exit(0);
