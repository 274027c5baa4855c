// Sentinel execution accuracy per language (issues 15, 21): asks the question sets of
// tests/nlq-accuracy/ through the engine on the demo data at the sets' fixed now and compares the
// ids with the hand-written expected SQL. Reports the dev set (QUESTIONS, with every failing
// question) and the hold-out (HOLDOUT, written by someone who had not read the parser) apart, per
// language with 95 % Wilson score intervals.
//
// The hold-out's question texts and failures are never printed unless --show-holdout: the engine's
// authors see only its totals, so it keeps measuring generalisation.
//
// Usage: npx tsx bench/nlq-accuracy.ts            dev set (with failures) and hold-out (totals only)
//        npx tsx bench/nlq-accuracy.ts --dev      the dev set only
//        npx tsx bench/nlq-accuracy.ts --holdout  the hold-out only (totals only)
//        add --show-holdout to print the hold-out's failing questions (its authors only),
//        --only de-0 to ask only the dev questions whose id starts with it (no hold-out),
//        --write to update docs/PERFORMANCE.md (both sets, not with --only).
import { QUESTIONS, REFUSALS } from '../tests/nlq-accuracy/index';
import { HOLDOUT, HOLDOUT_2, HOLDOUT_3, HOLDOUT_4, HOLDOUT_5, HOLDOUT_6, HOLDOUT_7, HOLDOUT_8, HOLDOUT_9, HOLDOUT_REFUSALS } from '../tests/nlq-accuracy/holdout/index';
import { formatReport, formatTotals, openSeededDb, runAccuracy, type AccuracyReport } from '../tests/nlq-accuracy/runner';
import { wilsonInterval } from '../tests/nlq-accuracy/wilson';
import { writePerformanceBlock } from './lib';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const runDev = !args.includes('--holdout');
const runHoldout = !args.includes('--dev') && !only;
const showHoldout = args.includes('--show-holdout');

const t0 = Date.now();
const t = await openSeededDb();
const seededMs = Date.now() - t0;

let dev: AccuracyReport | undefined;
let holdout: AccuracyReport | undefined;
let holdout2: AccuracyReport | undefined;
let holdout3: AccuracyReport | undefined;
let holdout4: AccuracyReport | undefined;
let holdout5: AccuracyReport | undefined;
let holdout6: AccuracyReport | undefined;
let holdout7: AccuracyReport | undefined;
let holdout8: AccuracyReport | undefined;
let holdout9: AccuracyReport | undefined;
if (runDev) {
  const questions = only ? QUESTIONS.filter((q) => q.id.startsWith(only)) : QUESTIONS;
  const refusals = only ? REFUSALS.filter((r) => r.id.startsWith(only)) : REFUSALS;
  dev = await runAccuracy(t.db, questions, refusals);
  console.log(formatReport(dev, 'Dev set (QUESTIONS)'));
}
if (runHoldout) {
  holdout = await runAccuracy(t.db, HOLDOUT, HOLDOUT_REFUSALS);
  console.log(showHoldout ? formatReport(holdout, 'Hold-out (HOLDOUT)') : formatTotals(holdout, 'Hold-out (HOLDOUT; totals only, --show-holdout for its failures)'));
  // The second hold-out, written after the first one's failure classes had guided the engine.
  holdout2 = await runAccuracy(t.db, HOLDOUT_2, []);
  console.log(showHoldout ? formatReport(holdout2, 'Second hold-out (HOLDOUT_2)') : formatTotals(holdout2, 'Second hold-out (HOLDOUT_2; totals only)'));
  // The third, written after batch 7's rules by another author.
  holdout3 = await runAccuracy(t.db, HOLDOUT_3, []);
  console.log(showHoldout ? formatReport(holdout3, 'Third hold-out (HOLDOUT_3)') : formatTotals(holdout3, 'Third hold-out (HOLDOUT_3; totals only)'));
  // The fourth, written after batch 8's rules by another author.
  holdout4 = await runAccuracy(t.db, HOLDOUT_4, []);
  console.log(showHoldout ? formatReport(holdout4, 'Fourth hold-out (HOLDOUT_4)') : formatTotals(holdout4, 'Fourth hold-out (HOLDOUT_4; totals only)'));
  // The fifth, written after the fourth's failures had been read, by another author.
  holdout5 = await runAccuracy(t.db, HOLDOUT_5, []);
  console.log(showHoldout ? formatReport(holdout5, 'Fifth hold-out (HOLDOUT_5)') : formatTotals(holdout5, 'Fifth hold-out (HOLDOUT_5; totals only)'));
  // The sixth, written after the fifth's failures had been read, by another author.
  holdout6 = await runAccuracy(t.db, HOLDOUT_6, []);
  console.log(showHoldout ? formatReport(holdout6, 'Sixth hold-out (HOLDOUT_6)') : formatTotals(holdout6, 'Sixth hold-out (HOLDOUT_6; totals only)'));
  // The seventh, written after the sixth's failures had been read, by another author. Its
  // failures stay hidden until its first measurement is recorded (--show-7).
  holdout7 = await runAccuracy(t.db, HOLDOUT_7, []);
  console.log(showHoldout && args.includes('--show-7') ? formatReport(holdout7, 'Seventh hold-out (HOLDOUT_7)') : formatTotals(holdout7, 'Seventh hold-out (HOLDOUT_7; totals only)'));
  // The eighth, written after the seventh's failures had been read, by another author. Its
  // failures stay hidden until its first measurement is recorded (--show-8).
  holdout8 = await runAccuracy(t.db, HOLDOUT_8, []);
  console.log(showHoldout && args.includes('--show-8') ? formatReport(holdout8, 'Eighth hold-out (HOLDOUT_8)') : formatTotals(holdout8, 'Eighth hold-out (HOLDOUT_8; totals only)'));
  // The ninth, written after the eighth's failures had been read, by another author (--show-9).
  holdout9 = await runAccuracy(t.db, HOLDOUT_9, []);
  console.log(showHoldout && args.includes('--show-9') ? formatReport(holdout9, 'Ninth hold-out (HOLDOUT_9)') : formatTotals(holdout9, 'Ninth hold-out (HOLDOUT_9; totals only)'));
}
await t.close();
console.log(`(seed ${(seededMs / 1000).toFixed(1)} s, questions ${((Date.now() - t0 - seededMs) / 1000).toFixed(1)} s)`);

if (args.includes('--write') && !only && dev && holdout) {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const row = (label: string, s: { correct: number; total: number; accuracy: number }) => {
    const { low, high } = wilsonInterval(s.correct, s.total);
    return `| ${label} | ${s.total} | ${s.correct} | ${pct(s.accuracy)} | ${pct(low)} – ${pct(high)} |`;
  };
  const table = [
    '| questions | asked | correct | execution accuracy (goal ≥ 90 %) | 95 % Wilson interval |',
    '|---|---|---|---|---|',
    row('Dev, German', dev.byLanguage.de),
    row('Dev, English', dev.byLanguage.en),
    row('Dev refusals (right kind)', dev.refusalAccuracy),
    row('Hold-out, German', holdout.byLanguage.de),
    row('Hold-out, English', holdout.byLanguage.en),
    row('Hold-out refusals (right kind)', holdout.refusalAccuracy),
    ...(holdout2 ? [row('Second hold-out, German', holdout2.byLanguage.de), row('Second hold-out, English', holdout2.byLanguage.en)] : []),
    ...(holdout3 ? [row('Third hold-out, German', holdout3.byLanguage.de), row('Third hold-out, English', holdout3.byLanguage.en)] : []),
    ...(holdout4 ? [row('Fourth hold-out, German', holdout4.byLanguage.de), row('Fourth hold-out, English', holdout4.byLanguage.en)] : []),
    ...(holdout5 ? [row('Fifth hold-out, German', holdout5.byLanguage.de), row('Fifth hold-out, English', holdout5.byLanguage.en)] : []),
    ...(holdout6 ? [row('Sixth hold-out, German', holdout6.byLanguage.de), row('Sixth hold-out, English', holdout6.byLanguage.en)] : []),
    ...(holdout7 ? [row('Seventh hold-out, German', holdout7.byLanguage.de), row('Seventh hold-out, English', holdout7.byLanguage.en)] : []),
    ...(holdout8 ? [row('Eighth hold-out, German', holdout8.byLanguage.de), row('Eighth hold-out, English', holdout8.byLanguage.en)] : []),
    ...(holdout9 ? [row('Ninth hold-out, German', holdout9.byLanguage.de), row('Ninth hold-out, English', holdout9.byLanguage.en)] : []),
  ].join('\n');
  writePerformanceBlock('nlq-accuracy', table, '`npx tsx bench/nlq-accuracy.ts --write`');
}
