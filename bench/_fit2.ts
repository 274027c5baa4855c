import { performance } from 'node:perf_hooks';
import { mulberry32 } from '../src/lib/seeded-random';
const r = mulberry32(1); const n = 48000, d = 16; const m = d + 1;
const X = Float64Array.from({ length: n * d }, () => r() * 2 - 1);
const hess = new Float64Array(m * m); const row = new Float64Array(m);
for (let k = 0; k < 3; k++) {
  const t = performance.now();
  for (let i = 0, o = 0; i < n; i++, o += d) {
    row[0] = 1;
    for (let j = 0; j < d; j++) row[j + 1] = X[o + j];
    const h = 0.2;
    for (let a = 0; a < m; a++) { const ha = h * row[a]; const base = a * m; for (let b = 0; b <= a; b++) hess[base + b] += ha * row[b]; }
  }
  console.log('hess', performance.now() - t);
}
