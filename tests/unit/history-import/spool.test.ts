// The first pass's spool (spool.ts): checked transactions written as binary records to a
// temporary file and read back in batches, in order and exactly, across chunk and batch borders;
// and the progress of the console's task (task.ts progressWriter), which must never wait and must
// not let a late write land after the outcome.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { TextTable, TransactionSpool } from '../../../src/server/modules/history-import/spool';
import { progressWriter } from '../../../src/server/modules/history-import/task';
import type { HistoryImportProgress } from '../../../src/lib/contracts/history-import';

describe('TransactionSpool', () => {
  it('gives back every record in order and exactly, over chunk and batch borders', async () => {
    const spool = TransactionSpool.create();
    const n = 40_000; // more than two write chunks
    const record = (i: number) => [i % 977, 1_500_000_000 + i * 37.25, (i % 9) - 2, (i % 2 ? -1 : 1) * i * 101, i % 7, i % 13] as const;
    for (let i = 0; i < n; i++) {
      const pending = spool.add(...record(i));
      if (pending) await pending;
    }
    await spool.finish();
    let seen = 0;
    for await (const b of spool.batches(3_000)) {
      for (let k = 0; k < b.size; k++, seen++) {
        expect([b.event[k], b.soldS[k], b.quantity[k], b.amount[k], b.type[k], b.priceCategory[k]]).toEqual([...record(seen)]);
      }
    }
    expect(seen).toBe(n);
    expect(spool.count).toBe(n);
    // Amounts of a billion in minor units survive (f64), as do negative quantities.
    spool.dispose();
  });

  it('removes its file, also when disposed before it was finished', async () => {
    const spool = TransactionSpool.create();
    spool.add(1, 2, 3, 4, 5, 6);
    const dir = (spool as unknown as { dir: string }).dir;
    expect(fs.existsSync(dir)).toBe(true);
    spool.dispose();
    spool.dispose();
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe('TextTable', () => {
  it('numbers each distinct text once, in order of first use', () => {
    const t = new TextTable();
    expect(['b', 'a', 'b', 'c', 'a'].map((v) => t.idOf(v))).toEqual([0, 1, 0, 2, 1]);
    expect(t.values).toEqual(['b', 'a', 'c']);
    expect(t.has('c') && !t.has('d')).toBe(true);
  });
});

describe('progressWriter', () => {
  const p = (phase: HistoryImportProgress['phase'], fraction: number): HistoryImportProgress => ({ phase, fraction, rows: 0 });

  it('never waits, writes one at a time, keeps only the latest while a write is pending, and flush waits for the last', async () => {
    const written: HistoryImportProgress[] = [];
    let inFlight = 0;
    let release: (() => void) | undefined;
    const writer = progressWriter(async (x) => {
      inFlight++;
      expect(inFlight).toBe(1);
      await new Promise<void>((r) => (release = r));
      written.push(x);
      inFlight--;
    }, 0);
    writer.report(p('validating', 0.1));
    writer.report(p('validating', 0.2));
    writer.report(p('validating', 0.3));
    writer.report(p('writing', 0));
    expect(written).toEqual([]);
    const flushed = writer.flush();
    for (let i = 0; i < 3 && release; i++) {
      const r = release;
      release = undefined;
      r();
      await new Promise((res) => setTimeout(res, 0));
    }
    await flushed;
    // The first report went out at once; of those reported meanwhile only the latest followed.
    expect(written).toEqual([p('validating', 0.1), p('writing', 0)]);
  });

  it('thins reports of one phase to the interval but lets a new phase through at once', async () => {
    const written: string[] = [];
    const writer = progressWriter(async (x) => void written.push(`${x.phase} ${x.fraction}`), 60_000);
    writer.report(p('validating', 0.1));
    await writer.flush();
    writer.report(p('validating', 0.5));
    writer.report(p('writing', 0));
    await writer.flush();
    expect(written).toEqual(['validating 0.1', 'writing 0']);
  });
});
