// Issue 12: real data we did not generate, through the path a partner uses. The resort hotel's
// bookings (Antonio, de Almeida & Nunes, Data in Brief 22 (2019) 41–49,
// doi:10.1016/j.dib.2018.11.126, CC BY 4.0), converted to the import format
// (tests/fixtures/history/resort-hotel/), are imported into a new partner by the history import
// service, read back by the forecast module exactly as a recompute reads a partner, and
// backtested: what the engine sees after an import is what the files say, and on it the model
// stays below the best baseline at every horizon.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db';
import { importHistory, type ImportFile } from '../../src/server/modules/history-import/service';
import { loadPartnerEvents } from '../../src/server/modules/forecast/load';
import { readHistoryRecords } from '../../src/server/demo/history-files';
import { backtestReport } from '../../src/server/engines/forecast/report';
import { holidayCalendar } from '../../src/server/engines/forecast/holidays';
import { improvement } from '../../src/server/engines/forecast/backtest';
import type { EventRecord } from '../../src/server/engines/forecast/types';

const DIR = path.join(import.meta.dirname, '../fixtures/history/resort-hotel');
// After the last arrival (31 August 2017): every date has finished.
const NOW = Date.UTC(2017, 8, 1);

const fileOf = (name: string): ImportFile => {
  const p = path.join(DIR, name);
  return { name, size: fs.statSync(p).size, open: async () => fs.createReadStream(p) };
};

/** An event as the engine sees it, without the database's id: start, capacity and daily sales. */
function signature(r: EventRecord): string {
  const days = new Map<number, number>();
  for (let i = 0; i < r.saleDays.length; i++) days.set(r.saleDays[i], (days.get(r.saleDays[i]) ?? 0) + r.saleQty[i]);
  const sales = [...days].filter(([, q]) => q !== 0).sort((a, b) => a[0] - b[0]).map(([d, q]) => `${d}:${q}`).join(',');
  return `${r.startMs}|${r.capacity}|${r.category}|${sales}`;
}

let t: TestDb;
let partnerId: number;
let imported: EventRecord[];

beforeAll(async () => {
  t = await createTestDb();
  const outcome = await importHistory(
    t.db,
    { newPartner: { name: 'Resort hotel (Antonio et al. 2019)', currency: 'EUR', domain: '' } },
    { events: fileOf('events.csv.gz'), transactions: fileOf('transactions.csv.gz') },
    { nowMs: NOW },
  );
  if (outcome.outcome !== 'imported') throw new Error(`import refused: ${JSON.stringify(outcome.problems.slice(0, 5))}`);
  partnerId = outcome.partner_id;
  imported = await loadPartnerEvents(t.db, partnerId);
}, 240_000);
afterAll(() => t?.close());

describe('the resort hotel imported through the history import', () => {
  it('gives the engine exactly the events and daily sales of the files, all of them learnable', () => {
    const fromFiles = readHistoryRecords(DIR);
    expect(imported).toHaveLength(fromFiles.length);
    expect(imported.every((r) => r.learnable)).toBe(true);
    expect(imported.map(signature).sort()).toEqual(fromFiles.map(signature).sort());
  });

  it('backtests below the best baseline at every horizon, with about 80 % inside the interval', () => {
    const report = backtestReport(imported, { nowMs: NOW, holidays: holidayCalendar('PT') });
    for (const r of report.result.rows) {
      const { best, reduction } = improvement(r);
      expect(reduction, `at ${r.horizon} days: model ${r.wape.model.toFixed(1)} % vs ${best} ${r.wape[best].toFixed(1)} %`).toBeGreaterThan(0);
      expect(r.coverage!, `at ${r.horizon} days`).toBeGreaterThanOrEqual(72);
      expect(r.coverage!, `at ${r.horizon} days`).toBeLessThanOrEqual(88);
    }
  });
});
