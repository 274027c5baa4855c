import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
const { Problems } = await import('../src/server/modules/history-import/problems');
const { readTransactions } = await import('../src/server/modules/history-import/validate');
const { csvRecords } = await import('../src/server/modules/history-import/csv');
const f = process.argv[2]!;
for (let k = 0; k < 2; k++) {
let t0 = performance.now(); let n = 0;
for await (const b of csvRecords(fs.createReadStream(f), 'transactions', new Problems())) n += b.length;
console.log('records', n, Math.round(performance.now() - t0));
t0 = performance.now();
const p = new Problems();
const rows = await readTransactions({ name: 'x', size: 0, open: async () => fs.createReadStream(f) }, p, Date.now(), () => true, () => {});
console.log('validated', rows, Math.round(performance.now() - t0), p.count);
}
process.exit(0);
