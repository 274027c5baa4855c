// Issue 12, the CLI: `npm run import-history` against a fresh embedded database in a temporary
// folder. --new-partner creates the partner and prints `partner <id>` on the last line; refused
// files print file:line: column problems, exit 1 and leave no partner behind; --partner imports
// into an existing one. Issue 25: --country and --region set where the partner's events take
// place (the forecast's public holidays); unknown codes are usage errors.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-import-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

function cli(args: string[]) {
  // The embedded database of the temporary folder, whatever database the test run uses.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(dir, 'data'), ENCORE_AUTO_SEED: 'off' };
  delete env.DATABASE_URL;
  const res = spawnSync('npm', ['run', '--silent', 'import-history', '--', ...args], { env, encoding: 'utf8', timeout: 240_000 });
  return { code: res.status, out: res.stdout, err: res.stderr, last: res.stdout.trim().split('\n').at(-1) };
}

const events = write(
  'events.csv',
  'event_id,title,category,venue,hall,city,capacity,start\nT-1,"Carmen, Oper",opera,Oper,Saal,Köln,1000,2019-05-01T19:30:00+02:00\nT-2,Tosca,opera,Oper,Saal,Köln,1000,2019-05-08T19:30:00Z\n',
);
const transactions = write('transactions.csv', 'event_id,sold_at,quantity,amount\nT-1,2019-04-01T10:00:00Z,2,80.00\nT-2,2019-04-02,-1,-40\n');

describe('npm run import-history', () => {
  it('refuses bad files with their line and column, exits 1 and creates no partner', { timeout: 240_000 }, () => {
    const bad = write('bad.csv', 'event_id,sold_at,quantity,amount\nT-1,2019-04-01T10:00:00Z,1.5,80.00\n');
    const r = cli(['--new-partner', 'Nie Angelegt', '--events', events, '--transactions', bad]);
    expect(r.code, r.err).toBe(1);
    expect(r.out).toContain('bad.csv:2: quantity: Must be a whole number, not 1.5');
    expect(r.out).toMatch(/nothing was written/);
    expect(r.out).not.toMatch(/^partner /m);
  });

  it('creates a partner with --new-partner and prints its id on the last line; --partner imports into it', { timeout: 240_000 }, () => {
    const first = cli(['--new-partner', 'Stadttheater Test', '--currency', 'chf', '--events', events, '--transactions', transactions]);
    expect(first.code, first.err + first.out).toBe(0);
    // The empty database's first partner; the refused run above created none.
    expect(first.last).toBe('partner 1001');
    expect(first.out).toMatch(/2 events created, 0 updated, 2 transactions/);
    const again = cli(['--partner', '1001', '--events', events, '--transactions', transactions]);
    expect(again.code, again.err + again.out).toBe(0);
    expect(again.out).toMatch(/0 events created, 2 updated, 2 transactions \(2 of earlier imports replaced\)/);
    expect(again.last).toBe('partner 1001');
  });

  it('answers usage errors with exit 2', { timeout: 240_000 }, () => {
    const r = cli(['--partner', '1001', '--new-partner', 'x', '--events', events, '--transactions', transactions]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/either --partner or --new-partner/);
    expect(cli(['--partner', '4242', '--events', events, '--transactions', transactions]).code).toBe(1);
  });

  it('sets the country and region with --country and --region, and refuses unknown codes as usage errors', { timeout: 240_000 }, () => {
    const unknown = cli(['--partner', '1001', '--country', 'XX', '--events', events, '--transactions', transactions]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/XX is not a country/);
    const region = cli(['--partner', '1001', '--country', 'de', '--region', 'ENG', '--events', events, '--transactions', transactions]);
    expect(region.code).toBe(2);
    expect(region.err).toMatch(/ENG is not a region of DE.*its regions: .*NW/s);
    expect(cli(['--partner', '1001', '--region', 'NW', '--events', events, '--transactions', transactions]).err).toMatch(/--region needs --country/);
    const ok = cli(['--partner', '1001', '--country', 'de', '--region', 'nw', '--events', events, '--transactions', transactions]);
    expect(ok.code, ok.err + ok.out).toBe(0);
    expect(ok.out).toContain('Public holidays of DE (region NW) for the forecasts of partner 1001.');
    expect(ok.last).toBe('partner 1001');
  });
});
