// After the browser journeys (scripts/test-all.sh): the servers' JSON logs of the whole run hold
// one well-formed line per request with its id, and none of the demo's secrets, tokens or people:
// no password, TOTP secret, mailbox token, bearer or ID token, query string or email address
// (issue 24 §3). The start banner before the first JSON line is for the person at the terminal
// and is not part of the log checked here.
// Usage: npx tsx scripts/check-server-log.ts <log> [<log> …]   (a missing file is skipped)
import fs from 'node:fs';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS } from '../src/server/demo/accounts';

const files = process.argv.slice(2).filter((f) => fs.existsSync(f));
if (files.length === 0) {
  console.error('check-server-log: no log file found');
  process.exit(1);
}
const mailboxToken = process.env.ENCORE_DEV_MAILBOX_TOKEN ?? 'e2e-dev-mailbox-token-not-a-secret';
const forbidden: [string, RegExp][] = [
  ['the demo password', new RegExp(DEMO_PASSWORD.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
  ['the demo TOTP secret', new RegExp(DEMO_TOTP_SECRET)],
  ['the development mailbox token', new RegExp(mailboxToken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
  ['an email address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/],
  ['a bearer token', /Bearer\s+\S/i],
  ['a JSON web token', /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
];
let problems = 0;
for (const file of files) {
  let requests = 0;
  let lines = 0;
  const ids = new Set<string>();
  for (const [n, line] of fs.readFileSync(file, 'utf8').split('\n').entries()) {
    if (!line.startsWith('{')) continue;
    lines++;
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      console.error(`${file}:${n + 1}: not JSON: ${line.slice(0, 120)}`);
      problems++;
      continue;
    }
    if (typeof entry.level !== 'number' || typeof entry.time !== 'string' || typeof entry.msg !== 'string') {
      console.error(`${file}:${n + 1}: missing level, time or msg`);
      problems++;
    }
    if (entry.msg === 'request') {
      requests++;
      if (typeof entry.requestId !== 'string' || typeof entry.path !== 'string' || typeof entry.status !== 'number') {
        console.error(`${file}:${n + 1}: a request line without requestId, path or status`);
        problems++;
      } else {
        ids.add(entry.requestId);
        if (entry.path.includes('?')) {
          console.error(`${file}:${n + 1}: a query string in the path`);
          problems++;
        }
      }
    }
    for (const [what, pattern] of forbidden) {
      if (pattern.test(line)) {
        console.error(`${file}:${n + 1}: ${what} in the log`);
        problems++;
      }
    }
  }
  const people = DEMO_USERS.length;
  console.log(`${file}: ${lines} JSON lines, ${requests} requests, ${ids.size} request ids; checked for ${forbidden.length} kinds of secret (${people} demo users)`);
  // The main server answers thousands of requests in a run: a near-empty log means logging broke.
  if (requests < 100) {
    console.error(`${file}: only ${requests} request lines`);
    problems++;
  }
}
if (problems > 0) {
  console.error(`check-server-log: ${problems} problem(s)`);
  process.exit(1);
}
