// Sentinel execution accuracy per language (issue 15): asks the question set of
// tests/nlq-accuracy/ through the engine on the demo data at the set's fixed now and compares the
// ids with the hand-written expected SQL. Prints the report with every failing question.
// Usage: npx tsx bench/nlq-accuracy.ts [--write]  (--write updates docs/PERFORMANCE.md)
//        add --only de-0 to ask only the questions whose id starts with it.
import { QUESTIONS, REFUSALS } from '../tests/nlq-accuracy/index';
import { formatReport, openSeededDb, runAccuracy } from '../tests/nlq-accuracy/runner';
import { writePerformanceBlock } from './lib';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const questions = only ? QUESTIONS.filter((q) => q.id.startsWith(only)) : QUESTIONS;
const refusals = only ? REFUSALS.filter((r) => r.id.startsWith(only)) : REFUSALS;

const t0 = Date.now();
const t = await openSeededDb();
const seededMs = Date.now() - t0;
const report = await runAccuracy(t.db, questions, refusals);
await t.close();
console.log(formatReport(report));
console.log(`(seed ${(seededMs / 1000).toFixed(1)} s, questions ${((Date.now() - t0 - seededMs) / 1000).toFixed(1)} s)`);

if (args.includes('--write') && !only) {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const row = (label: string, s: { correct: number; total: number; accuracy: number }) => `| ${label} | ${s.total} | ${s.correct} | ${pct(s.accuracy)} |`;
  const table = [
    '| questions | asked | correct | execution accuracy (goal ≥ 90 %) |',
    '|---|---|---|---|',
    row('German', report.byLanguage.de),
    row('English', report.byLanguage.en),
    row('Refusals (right kind)', report.refusalAccuracy),
  ].join('\n');
  writePerformanceBlock('nlq-accuracy', table, '`npx tsx bench/nlq-accuracy.ts --write`');
}
