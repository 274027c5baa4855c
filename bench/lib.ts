// Shared helpers of the bench scripts: start the built server on a data dir, wait until it
// answers, sign in, stop it.
import fs from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';

export interface Running {
  proc: ChildProcess;
  base: string;
  readyMs: number;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<Running> {
  const t0 = performance.now();
  const proc = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      const res = await fetch(`${base}/login`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = performance.now() - t0;
  return {
    proc,
    base,
    readyMs,
    output: () => out,
    stop: async () => {
      try {
        process.kill(-proc.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await new Promise((r) => proc.once('exit', r));
    },
  };
}

// Demo users have an authenticator with the published secret (README). The first sign-in of a
// user answers the TOTP challenge and remembers the device; later sign-ins present the device
// keys, so POST /api/v3/auth alone completes them (a TOTP code is accepted once, issue 3).
const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const devices = new Map<string, { device_key: string; device_group_key: string }>();

export async function signInCookie(base: string, username: string, password = 'Encore-Demo-2026!'): Promise<string> {
  const session = (await signInCookies(base, username, password)).find((c) => c.name === 'encore_session')!;
  return `${session.name}=${session.value}`;
}

/**
 * Every cookie a sign-in sets, for a browser's cookie jar: the console's scripts read the expiry
 * cookies and renew the token with the refresh cookie, so a page given only the session as a
 * request header (Lighthouse's extraHeaders) finds its own calls unauthenticated and signs out.
 */
export async function signInCookies(base: string, username: string, password = 'Encore-Demo-2026!'): Promise<{ name: string; value: string; path: string }[]> {
  const { TOTP } = await import('otpauth');
  const post = (path: string, method: string, body: unknown) =>
    fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let res = await post('/api/v3/auth', 'POST', { username, password, ...(devices.get(username) ?? {}) });
  if (!res.ok) throw new Error(`sign-in failed ${res.status}`);
  const body = (await res.json()) as { Challenge: string | null; ChallengeSession: string };
  if (body.Challenge === 'SOFTWARE_TOKEN_MFA') {
    const answer = () => {
      const code = new TOTP({ secret: DEMO_TOTP_SECRET, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
      return post('/api/v3/auth/challenge/mfa-token', 'PUT', { username, session: body.ChallengeSession, mfa_token: code, mfa_method: 'SOFTWARE_TOKEN_MFA', remember_device: true });
    };
    res = await answer();
    if (res.status === 400) {
      // A code is accepted once: an earlier run in this 30 s window used it. Wait for the next one.
      await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 500));
      res = await answer();
    }
    if (!res.ok) throw new Error(`MFA failed ${res.status}`);
    const done = (await res.json()) as { DeviceKey: string; DeviceGroupKey: string };
    devices.set(username, { device_key: done.DeviceKey, device_group_key: done.DeviceGroupKey });
  } else if (body.Challenge) {
    throw new Error(`sign-in stopped at ${body.Challenge}`);
  }
  return res.headers.getSetCookie().map((c) => {
    const [pair, ...attrs] = c.split(';');
    const at = pair.indexOf('=');
    const path = attrs.map((a) => a.trim()).find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
    return { name: pair.slice(0, at), value: pair.slice(at + 1), path };
  });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The script chunks a page references (module scripts, preloads and island component URLs). */
export function pageScripts(html: string): string[] {
  const srcs = new Set<string>();
  for (const m of html.matchAll(/(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g)) srcs.add(m[1]);
  return [...srcs];
}

/**
 * Gzipped bytes of a page's JavaScript: the chunk graph from `roots`, following static imports
 * (what loads with the page) and, with `followDynamic`, also dynamic ones (loaded on first use).
 */
export async function jsWeight(base: string, roots: string[], followDynamic: boolean): Promise<{ gz: number; files: number }> {
  const seen = new Set<string>();
  let gz = 0;
  const queue = [...roots];
  while (queue.length) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    const body = await (await fetch(`${base}${src}`)).text();
    gz += gzipSync(body).length;
    const pattern = followDynamic ? /(?:from\s*|import\s*\(?\s*)["`](\.\/[^"`]+\.js)["`]/g : /(?:from\s*|import\s*)"(\.\/[^"]+\.js)"/g;
    for (const m of body.matchAll(pattern)) queue.push(new URL(m[1], `http://x${src}`).pathname);
  }
  return { gz, files: seen.size };
}

export function markdownTable(rows: [string, string, string][]): string {
  return ['| measure | budget | measured |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** Replaces (or appends) the `<!-- bench:{name} -->` block of docs/PERFORMANCE.md. */
export function writePerformanceBlock(name: string, table: string, command: string): void {
  const file = 'docs/PERFORMANCE.md';
  const doc = fs.readFileSync(file, 'utf8');
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${table}\n\nMeasured ${new Date().toISOString().slice(0, 10)} with ${command}.\n${end}`;
  fs.writeFileSync(file, doc.includes(start) ? doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), block) : `${doc}\n${block}\n`);
}
