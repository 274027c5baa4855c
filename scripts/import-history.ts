// `npm run import-history -- --partner <id> --events <events.csv> --transactions <transactions.csv>`
// `npm run import-history -- --new-partner "<name>" [--currency EUR] [--domain example.com] --events … --transactions …`
// Either form takes `--country <ISO 3166-1 alpha-2> [--region <date-holidays state code>]`: where the
// events take place, whose public holidays the demand forecast reads (stored on the partner).
//
// Imports a partner's ticketing history (README "Importing ticketing history") into the database
// at DATA_DIR / DATABASE_URL, with the same service as the console. Progress goes to stderr; the
// problems of refused files go to stdout as `file:line: column: message`; the last line of a
// successful run is `partner <id>`. Exit codes: 0 imported, 1 refused (nothing written), 2 usage.
// With the embedded database, stop the server first: a PGlite folder is opened by one process at a time.
import './import-history-memory';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeDb, getHandle } from '../src/server/db/client';
import { importHistory, type ImportCalendar, type ImportFile, type ImportTarget } from '../src/server/modules/history-import/service';
import { checkCalendar } from '../src/server/modules/partners/calendar';
import { holidayRegions, isHolidayCountry } from '../src/server/engines/forecast/holidays';
import { isSafeText } from '../src/lib/contracts/limits';
import type { HistoryImportProgress } from '../src/lib/contracts/history-import';
import { AppError } from '../src/server/lib/errors';
import { requireSecretKeyOrExit } from '../src/server/lib/secret-key';

const USAGE = `usage: npm run import-history -- (--partner <id> | --new-partner "<name>" [--currency EUR] [--domain <domain>])
                                 [--country <XX> [--region <code>]]
                                 --events <events.csv[.gz]> --transactions <transactions.csv[.gz]>`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      partner: { type: 'string' },
      'new-partner': { type: 'string' },
      currency: { type: 'string', default: 'EUR' },
      domain: { type: 'string', default: '' },
      events: { type: 'string' },
      transactions: { type: 'string' },
      country: { type: 'string' },
      region: { type: 'string' },
    },
    strict: true,
  }));
} catch (err) {
  fail((err as Error).message);
}

if ((values.partner === undefined) === (values['new-partner'] === undefined)) fail('Give either --partner or --new-partner.');
if (!values.events || !values.transactions) fail('Give both --events and --transactions.');

let target: ImportTarget;
if (values.partner !== undefined) {
  if (!/^\d{1,9}$/.test(values.partner)) fail(`--partner must be a partner id (a number), not ${values.partner}`);
  target = { partnerId: Number(values.partner) };
} else {
  const name = values['new-partner']!.trim();
  if (!name || name.length > 200 || !isSafeText(name)) fail('--new-partner needs a name of 1 to 200 characters.');
  const currency = values.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) fail(`--currency must be an ISO 4217 code such as EUR, not ${values.currency}`);
  const domain = values.domain.trim().toLowerCase();
  if (domain && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) fail(`--domain must be a domain such as example.com, not ${values.domain}`);
  target = { newPartner: { name, currency, domain } };
}

let calendar: ImportCalendar | undefined;
if (values.region !== undefined && values.country === undefined) fail('--region needs --country.');
if (values.country !== undefined) {
  try {
    calendar = checkCalendar(values.country, values.region);
  } catch (err) {
    fail(`${(err as Error).message}${values.country && isHolidayCountry(values.country.trim().toUpperCase()) ? `; its regions: ${Object.keys(holidayRegions(values.country.trim().toUpperCase())).join(', ') || 'none'}` : ''}`);
  }
}

function fileOf(p: string): ImportFile {
  let size: number;
  try {
    size = fs.statSync(p).size;
  } catch {
    fail(`Cannot read ${p}`);
  }
  return { name: path.basename(p), size, open: async () => fs.createReadStream(p) };
}
const files = { events: fileOf(values.events), transactions: fileOf(values.transactions) };

// Progress on stderr, at most one line per phase and tenth, so a log stays readable.
let lastShown = '';
function showProgress(p: HistoryImportProgress): void {
  const tenth = p.fraction === null ? '' : `${Math.floor(p.fraction * 10) * 10} %`;
  const shown = `${p.phase} ${tenth}`.trim();
  if (shown === lastShown) return;
  lastShown = shown;
  console.error(`… ${shown}${p.phase === 'writing' && p.rows ? ` (${p.rows.toLocaleString('en')} transactions)` : ''}`);
}

// Forecast changes may queue notification mails, sealed with the secret key outside the demo.
requireSecretKeyOrExit();
const t0 = Date.now();
const { db } = await getHandle();
let exitCode = 0;
try {
  const outcome = await importHistory(db, target, files, { progress: showProgress, calendar });
  if (outcome.outcome === 'refused') {
    for (const p of outcome.problems) {
      console.log(`${files[p.file].name}:${p.line}: ${p.column ? `${p.column}: ` : ''}${p.message}${p.value !== undefined ? ` (${JSON.stringify(p.value)})` : ''} [${p.code}]`);
    }
    const more = outcome.problem_count - outcome.problems.length;
    console.log(`Refused: ${outcome.problem_count} problem(s)${more > 0 ? ` (the first ${outcome.problems.length} listed)` : ''}; nothing was written.`);
    exitCode = 1;
  } else {
    console.log(
      `Imported in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${outcome.events_created} events created, ${outcome.events_updated} updated, ` +
        `${outcome.transactions} transactions (${outcome.transactions_replaced} of earlier imports replaced), ` +
        `${outcome.venues_created} venues and ${outcome.halls_created} halls created, ${outcome.forecasts} forecasts recomputed ` +
        `(${outcome.forecasts_moved} upcoming moved by more than ${outcome.moved_points} points, ${outcome.events_below} now below benchmark; one summary notification).`,
    );
    if (calendar) console.log(`Public holidays of ${calendar.country}${calendar.region ? ` (region ${calendar.region})` : ''} for the forecasts of partner ${outcome.partner_id}.`);
    console.log(`partner ${outcome.partner_id}`);
  }
} catch (err) {
  if (!(err instanceof AppError)) throw err;
  console.error(err.message);
  exitCode = 1;
} finally {
  await closeDb();
}
process.exit(exitCode);
