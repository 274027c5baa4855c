// `npm run test:e2e:at -- [ISO date] [playwright test arguments]`: the browser journeys on another
// day. The server's clock (and so the demo seed) and the browsers' clocks start at ENCORE_NOW
// (default: four months ahead, 09:00 UTC); see playwright.config.ts and tests/e2e/fixtures.ts.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
let at = process.env.ENCORE_NOW;
if (args[0] && /^\d{4}-\d{2}-\d{2}/.test(args[0])) at = args.shift();
if (!at) {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + 4);
  d.setUTCHours(9, 0, 0, 0);
  at = d.toISOString();
}
console.log(`Browser journeys with ENCORE_NOW=${at}`);
const run = spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit', env: { ...process.env, ENCORE_NOW: at } });
process.exit(run.status ?? 1);
