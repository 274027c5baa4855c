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

export async function signInCookie(base: string, username: string, password = 'Encore-Demo-2026!'): Promise<string> {
  const res = await fetch(`${base}/api/v3/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!res.ok) throw new Error(`sign-in failed ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0];
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
