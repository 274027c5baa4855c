// Shared helpers of the bench scripts: start the built server on a data dir, wait until it
// answers, sign in, stop it.
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';

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
  const { TOTP } = await import('otpauth');
  const post = (path: string, method: string, body: unknown) =>
    fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let res = await post('/api/v3/auth', 'POST', { username, password, ...(devices.get(username) ?? {}) });
  if (!res.ok) throw new Error(`sign-in failed ${res.status}`);
  const body = (await res.json()) as { Challenge: string | null; ChallengeSession: string };
  if (body.Challenge === 'SOFTWARE_TOKEN_MFA') {
    const code = new TOTP({ secret: DEMO_TOTP_SECRET, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    res = await post('/api/v3/auth/challenge/mfa-token', 'PUT', { username, session: body.ChallengeSession, mfa_token: code, mfa_method: 'SOFTWARE_TOKEN_MFA', remember_device: true });
    if (!res.ok) throw new Error(`MFA failed ${res.status}`);
    const done = (await res.json()) as { DeviceKey: string; DeviceGroupKey: string };
    devices.set(username, { device_key: done.DeviceKey, device_group_key: done.DeviceGroupKey });
  } else if (body.Challenge) {
    throw new Error(`sign-in stopped at ${body.Challenge}`);
  }
  const session = res.headers.getSetCookie().find((c) => c.startsWith('encore_session='));
  return session!.split(';')[0];
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
