// Issue 21 §1: what one question can cost the server. Every input of the adversarial set
// (tests/unit/nlq-adversarial-inputs.ts) is parsed in-process, `--repeat` times after a warm-up,
// with the unit tests' small vocabulary and with a large one (2,000 titles, 400 artists); the
// table gives the median and the worst time, and the worst against a trivial question's median.
// Usage: npx tsx bench/nlq-adversarial.ts [--write] [--repeat 9]
//        NLQ_PARSE=/path/to/parse.ts npx tsx bench/nlq-adversarial.ts   (another engine, e.g. an older commit's)
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { markdownTable, writePerformanceBlock } from './lib';
import { ADVERSARIAL, TRIVIAL, largeVocabulary } from '../tests/unit/nlq-adversarial-inputs';
import { NOW, VOCAB } from '../tests/unit/nlq-fixtures';
import type { ParseOptions, ParseResult } from '../src/server/engines/nlq';

const args = process.argv.slice(2);
const repeat = Number(args.includes('--repeat') ? args[args.indexOf('--repeat') + 1] : 9);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const parseModule = process.env.NLQ_PARSE ? pathToFileURL(process.env.NLQ_PARSE).href : '../src/server/engines/nlq/parse';
const { parseQuestion } = (await import(parseModule)) as { parseQuestion: (text: string, opts: ParseOptions) => ParseResult };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall time (what the event loop waits) and CPU time (steadier on a loaded machine) per parse, ms. */
function time(text: string, opts: ParseOptions, n: number): { median: number; max: number; cpu: number; result: ParseResult } {
  const ts: number[] = [];
  const cpus: number[] = [];
  let result!: ParseResult;
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    result = parseQuestion(text, opts);
    ts.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  return { median: median(ts), max: Math.max(...ts), cpu: median(cpus), result };
}

const rows: [string, string, string][] = [];
const vocabularies = [
  { name: 'small vocabulary', vocabulary: VOCAB },
  { name: 'large vocabulary', vocabulary: largeVocabulary() },
];
for (const { name, vocabulary } of vocabularies) {
  const opts: ParseOptions = { language: 'de', outcome: 'customers', vocabulary, now: NOW };
  // Warm-up: the lexicon of the vocabulary is built on first use, and the JIT compiles the matcher.
  time(TRIVIAL, opts, 50);
  for (const a of ADVERSARIAL) time(a.text, opts, 2);
  const t = time(TRIVIAL, opts, 50);
  const trivial = t.median;
  const budget = Math.max(300 * trivial, 250);
  let worst = { name: '', max: 0, cpu: 0 };
  let worstCpu = { name: '', cpu: 0 };
  console.log(`\n${name}: trivial question "${TRIVIAL}" median ${trivial.toFixed(3)} ms (cpu ${t.cpu.toFixed(3)} ms); budget per input max(300 × trivial, 250 ms) = ${budget.toFixed(0)} ms`);
  for (const a of ADVERSARIAL) {
    if (only && !a.name.includes(only)) continue;
    const r = time(a.text, opts, repeat);
    const outcome = r.result.ok ? 'answered' : `${r.result.refusal}: ${r.result.reason.slice(0, 60)}`;
    console.log(`  ${a.name.padEnd(48)} ${String(a.text.length).padStart(5)} chars  median ${r.median.toFixed(2).padStart(8)} ms  max ${r.max.toFixed(2).padStart(8)} ms  cpu ${r.cpu.toFixed(2).padStart(7)} ms  ${outcome}`);
    if (r.max > worst.max) worst = { name: a.name, max: r.max, cpu: r.cpu };
    if (r.cpu > worstCpu.cpu) worstCpu = { name: a.name, cpu: r.cpu };
  }
  rows.push([`Trivial question ("${TRIVIAL}"), ${name}, median`, '—', `${trivial.toFixed(2)} ms`]);
  rows.push([`Slowest adversarial parse (${worst.name}), ${name}, wall, slowest of ${repeat}`, `< ${budget.toFixed(0)} ms`, `${worst.max.toFixed(1)} ms (${(worst.max / trivial).toFixed(0)} × trivial)`]);
  rows.push([`Costliest adversarial input (${worstCpu.name}), ${name}, CPU median`, '—', `${worstCpu.cpu.toFixed(1)} ms`]);
}

if (args.includes('--write')) {
  writePerformanceBlock('nlq-adversarial', markdownTable(rows), '`npx tsx bench/nlq-adversarial.ts --write`');
  console.log('\nwrote docs/PERFORMANCE.md');
} else {
  console.log(`\n${markdownTable(rows)}`);
}
