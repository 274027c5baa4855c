// Issue 15 budget of the Sentinel page: at most 150 KB of JavaScript (gzip). The JavaScript is
// what Chromium actually fetched (Playwright's network log), gzipped chunk by chunk, at desktop
// and phone sizes: on the page as loaded (guide card), with an answer in the grid (the grid and
// @tanstack/react-table load while the first question is typed), and after the saved questions
// were opened, to show what the lazy modal adds on top. The customer drawer loads only when a customer
// is opened (src/islands/sentinel/customer/) and is listed by its own chunk size.
// Usage: npm run build && npx tsx bench/sentinel-bundle.ts [--write]
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { markdownTable, signInCookie, startServer, writePerformanceBlock } from './lib';

const dataDir = '/tmp/sentinel-bundle-bench';
const port = Number(process.env.BENCH_PORT ?? 4813);

if (!fs.existsSync(`${dataDir}/PG_VERSION`)) fs.rmSync(dataDir, { recursive: true, force: true });
const srv = await startServer(dataDir, port);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
});
const rowsOut: [string, string, string][] = [];

function track(page: Page): Map<string, Promise<Buffer>> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin === srv.base && url.pathname.endsWith('.js'))
      bodies.set(
        url.pathname,
        r.body().catch(() => Buffer.alloc(0)),
      );
  });
  return bodies;
}

async function weigh(bodies: Map<string, Promise<Buffer>>, only?: Set<string>): Promise<{ gz: number; files: string[] }> {
  let gz = 0;
  const files: string[] = [];
  for (const [name, body] of bodies) {
    if (only && !only.has(name)) continue;
    const b = await body;
    if (!b.length) continue;
    gz += gzipSync(b).length;
    files.push(name);
  }
  return { gz, files };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

try {
  const cookie = await signInCookie(srv.base, 'admin@encore.demo');
  const sizes = [
    { label: 'desktop 1440×900', viewport: { width: 1440, height: 900 } },
    { label: 'phone 390×844', viewport: { width: 390, height: 844 } },
  ];
  for (const s of sizes) {
    const context = await browser.newContext({ viewport: s.viewport });
    await context.addCookies([
      {
        name: cookie.split('=')[0]!,
        value: cookie.slice(cookie.indexOf('=') + 1),
        url: srv.base,
        httpOnly: true,
      },
      { name: 'i18nextLng', value: 'en', url: srv.base },
    ]);
    const page = await context.newPage();
    const bodies = track(page);
    await page.goto(`${srv.base}/sentinel`);
    await page.getByTestId('sentinel-guide').waitFor({ timeout: 60_000 });
    // Hydrated (Astro drops the ssr attribute of an island once it has hydrated), nothing typed yet.
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'), undefined, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const first = await weigh(bodies);
    rowsOut.push([`/sentinel as loaded (guide card, hydrated), ${s.label}: JavaScript fetched, gzip`, '≤ 150 KB', `${kb(first.gz)} in ${first.files.length} files`]);
    // A question typed and answered: the results grid (@tanstack/react-table) has loaded on the way.
    await page.getByRole('textbox').first().fill('Welche Kunden haben schon einmal eine Oper besucht?');
    await page.getByRole('radio').first().check();
    await page.getByTestId('sentinel-ask').click();
    await page.getByTestId('sentinel-row').first().waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    const answered = await weigh(bodies);
    rowsOut.push([`/sentinel with an answer in the grid, ${s.label}: JavaScript fetched in all, gzip`, '(≤ 150 KB read strictly)', `${kb(answered.gz)} in ${answered.files.length} files`]);
    const before = new Set(bodies.keys());
    await page.getByRole('button', { name: 'Saved questions' }).click();
    await page.getByTestId('sentinel-saved-modal').waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const lazy = await weigh(bodies, new Set([...bodies.keys()].filter((k) => !before.has(k))));
    rowsOut.push([
      `Saved questions opened (lazy chunks), ${s.label}: JavaScript added, gzip`,
      'not in the first load',
      `${kb(lazy.gz)} in ${lazy.files.length} files`,
    ]);
    await context.close();
  }
} finally {
  await browser.close();
  await srv.stop();
}

const table = markdownTable(rowsOut);
console.log(table);
if (process.argv.includes('--write'))
  writePerformanceBlock('sentinel-bundle', table, '`npm run build && npx tsx bench/sentinel-bundle.ts --write` (Chromium via Playwright, loopback)');
process.exit(0);
