// Structured logs (issue 24 §3, src/server/lib/log.ts): every answer echoes a request id, every
// line logged while serving it carries that id, one JSON access line per request, and neither the
// query string (tokens) nor personal data reaches the log.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let child: ChildProcess;
let base = '';
let out = '';

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' };
  delete env.VITEST;
  child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/log-server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  while (!/"port":\d+/.test(out)) {
    if (child.exitCode !== null) throw new Error(`log server exited: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  base = `http://127.0.0.1:${/"port":(\d+)/.exec(out)![1]}`;
}, 30_000);
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

type Line = Record<string, unknown>;
const lines = (): Line[] =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{') && !l.includes('"port"'))
    .map((l) => JSON.parse(l) as Line);

describe('request ids and the access log', () => {
  it('echoes an id, carries it on every line of the request, and keeps queries and emails out', async () => {
    const a = await fetch(`${base}/events?token=sekret-token-123&tp=654321`);
    const given = await fetch(`${base}/api/v3/x`, { headers: { 'X-Request-Id': 'proxy-abc-12345' } });
    const hostile = await fetch(`${base}/`, { headers: { 'X-Request-Id': 'bad id <script>' + 'x'.repeat(80) } });
    const boom = await fetch(`${base}/boom`);
    expect([a.status, given.status, hostile.status, boom.status]).toEqual([200, 200, 200, 500]);
    const idA = a.headers.get('x-request-id')!;
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(given.headers.get('x-request-id')).toBe('proxy-abc-12345');
    // An id that is not a plain token is replaced, never echoed.
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    child.kill('SIGTERM');
    await once(child, 'close');
    const all = lines();
    const ofA = all.filter((l) => l.requestId === idA);
    expect(ofA.map((l) => l.msg).sort()).toEqual(['inside', 'request']);
    expect(ofA.find((l) => l.msg === 'request')).toMatchObject({ method: 'GET', path: '/events', status: 200, level: 30 });
    expect(all.filter((l) => l.requestId === 'proxy-abc-12345').map((l) => l.msg).sort()).toEqual(['inside', 'request']);
    expect(all.find((l) => l.path === '/boom')).toMatchObject({ status: 500, level: 50 });
    expect(out).not.toContain('sekret-token-123');
    expect(out).not.toContain('654321');
    expect(out).not.toContain('someone@example.com');
    expect(out).toContain('[redacted]');
    // Shutting down is logged the same way, after the requests.
    expect(all.at(-1)?.msg).toMatch(/^\[shutdown\] done in \d+ ms$/);
  });
});
