import { performance } from 'node:perf_hooks';
import { fitLogistic } from '../src/server/engines/packages/logistic';
import { mulberry32 } from '../src/lib/seeded-random';
const r = mulberry32(1); const n = 48000, d = 16;
const X = Float64Array.from({ length: n * d }, () => r() * 2 - 1);
const y = Uint8Array.from({ length: n }, (_, i) => (r() < 1 / (1 + Math.exp(-(X[i * d] - 2))) ? 1 : 0));
for (let k = 0; k < 3; k++) { const t = performance.now(); const m = fitLogistic(X, y, d); console.log(performance.now() - t, m.iterations); }
