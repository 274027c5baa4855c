// scripts/check-server-log.ts, run by `npm test` on the journeys' server logs: it passes a clean
// log and fails one that leaks a secret, an email, a query string, or barely logs at all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-log-check-'));
const line = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ level: 30, time: '2026-11-29T22:00:00.000Z', pid: 1, requestId: `r-${Math.random().toString(36).slice(2)}`, method: 'GET', path: '/api/v3/events', status: 200, ms: 3, msg: 'request', ...over });

function check(lines: string[]) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.log`);
  fs.writeFileSync(file, ['Encore is ready at http://127.0.0.1:4455', '  admin@encore.demo', ...lines].join('\n'));
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-server-log.ts', file], { encoding: 'utf8', timeout: 60_000 });
}
const many = Array.from({ length: 150 }, () => line());

describe('the journeys\' server log check', () => {
  it('passes a clean log (the banner before the JSON lines is not checked)', () => {
    const r = check(many);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/150 requests, 150 request ids/);
  });
  it.each([
    ['an email', line({ msg: 'mail sent to someone@example.com' }), /an email address/],
    ['the demo password', line({ msg: 'Encore-Demo-2026!' }), /the demo password/],
    ['the TOTP secret', line({ msg: 'JBSWY3DPEHPK3PXP' }), /TOTP secret/],
    ['a query string', line({ path: '/dev/mailbox?token=x' }), /query string/],
    ['a JWT', line({ msg: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.x' }), /JSON web token/],
    ['a broken line', '{"level":30,', /not JSON/],
  ])('fails on %s', (_what, bad, message) => {
    const r = check([...many, bad]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(message);
  });
  it('fails on a log with hardly any requests', () => {
    const r = check(many.slice(0, 5));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/only 5 request lines/);
  });
});
