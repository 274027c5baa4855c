// Geo lookups of the Meta sandbox (issue 13): size of the shipped GeoNames files, the cost of the
// lazy one-time load (time and memory, each in a fresh process, median of 5), and the lookups
// themselves on the loaded index (median of 50): matching 500 typed postal codes, a place search,
// a zip-prefix search and a suggested radius with its place resolution.
// Usage: npx tsx bench/geo.ts [--write]
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { markdownTable, writePerformanceBlock } from './lib';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

if (process.argv.includes('--child')) {
  // One cold load: what the first lookup of a server process pays.
  gc();
  const before = process.memoryUsage();
  const t0 = performance.now();
  const { geoIndex } = await import('../src/server/adapters/meta/geo/geo-index');
  const ix = geoIndex();
  const loadMs = performance.now() - t0;
  // The first match also builds the name → largest place map the primary cities come from.
  const { matchPostalCodes } = await import('../src/server/adapters/meta/geo/geo-search');
  const t1 = performance.now();
  matchPostalCodes(ix, 'DE', ['10115']);
  const firstMatchMs = performance.now() - t1;
  gc();
  const after = process.memoryUsage();
  console.log(JSON.stringify({ loadMs, firstMatchMs, heap: after.heapUsed - before.heapUsed, rss: after.rss - before.rss, places: ix.places.length, postal: ix.postal.size }));
  process.exit(0);
}

const loads = Array.from({ length: 5 }, () => {
  const r = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, '--child'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { loadMs: number; firstMatchMs: number; heap: number; rss: number; places: number; postal: number };
});

const { geoIndex } = await import('../src/server/adapters/meta/geo/geo-index');
const { matchPostalCodes, searchLocations } = await import('../src/server/adapters/meta/geo/geo-search');
const { suggestedRadius } = await import('../src/server/adapters/meta/geo/targeting-lookups');
const { SandboxAdPlatform, sandboxToken } = await import('../src/server/adapters/meta/sandbox');
const ix = geoIndex();
const sandbox = new SandboxAdPlatform();
const token = sandboxToken('1001', new Date());

async function timed(fn: () => unknown, runs = 50): Promise<number> {
  await fn(); // warm: the first call builds the name and primary-city maps
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return median(xs);
}

const de = [...ix.postal.values()].filter((z) => z.countryCode === 'DE');
const typed = Array.from({ length: 500 }, (_, i) => (i % 10 === 9 ? `9${String(i).padStart(4, '0')}x` : de[(i * 16) % de.length]!.code));
const match = await timed(() => matchPostalCodes(ix, 'DE', typed));
const searchPlace = await timed(() => searchLocations(ix, { q: 'Fra' }));
const searchZip = await timed(() => searchLocations(ix, { q: '8', types: ['zip'], limit: 100 }));
const radius = await timed(() => suggestedRadius(sandbox, token, { country: 'DE', name: 'Garmisch-Partenkirchen' }, 'kilometer'));

const size = (f: string) => statSync(`assets/geonames/${f}`).size;
const table = markdownTable([
  ['Shipped data: places.json.gz + postal.json.gz (gzip -9)', '< 1 MB', `${(size('places.json.gz') / 1024).toFixed(0)} KB + ${(size('postal.json.gz') / 1024).toFixed(0)} KB (${loads[0]!.places.toLocaleString('en')} places, ${loads[0]!.postal.toLocaleString('en')} postal codes)`],
  ['Cold load, once per process on the first lookup: import, gunzip, parse, index (fresh process, median of 5)', '< 500 ms', ms(median(loads.map((l) => l.loadMs)))],
  ['First postal match after the load (builds the place-name map once)', '< 100 ms', ms(median(loads.map((l) => l.firstMatchMs)))],
  ['Memory held by the loaded index and name map (heap after GC / RSS growth, median of 5)', '< 100 MB', `${mb(median(loads.map((l) => l.heap)))} / ${mb(median(loads.map((l) => l.rss)))}`],
  ['Match 500 typed DE postal codes (10 % unknown; median of 50)', '< 50 ms', ms(match)],
  ['Search "Fra", every type (median of 50)', '< 50 ms', ms(searchPlace)],
  ['Search zip prefix "8", 100 results (median of 50)', '< 50 ms', ms(searchZip)],
  ['Suggested radius by country and name (search + density; median of 50)', '< 50 ms', ms(radius)],
]);
console.log(table);
if (process.argv.includes('--write')) writePerformanceBlock('geo', table, '`npx tsx bench/geo.ts --write`');
