// The Sentinel accuracy hold-out (issue 21 §3): questions written from RULES.md, the schema and
// the demo data by someone who had not read the parser. NOT part of QUESTIONS: the engine's authors
// do not look at these files while they work, so the figure measures generalisation.
// bench/nlq-accuracy.ts prints only the hold-out's totals unless --show-holdout.
import type { AccuracyQuestion, RefusalCase } from '../types';
import { HOLDOUT_DE } from './de';
import { HOLDOUT_EN } from './en';
import { HOLDOUT_REFUSAL_CASES } from './refusals';
import { HOLDOUT_2 as SECOND } from './second';
import { HOLDOUT_3 as THIRD } from './third';
import { HOLDOUT_4 as FOURTH } from './fourth';
import { HOLDOUT_5 as FIFTH } from './fifth';
import { HOLDOUT_6 as SIXTH } from './sixth';
import { HOLDOUT_7 as SEVENTH } from './seventh';
import { HOLDOUT_8 as EIGHTH } from './eighth';
import { HOLDOUT_9 as NINTH } from './ninth';
import { HOLDOUT_10 as TENTH } from './tenth';

export const HOLDOUT: AccuracyQuestion[] = [...HOLDOUT_DE, ...HOLDOUT_EN];
export const HOLDOUT_REFUSALS: RefusalCase[] = HOLDOUT_REFUSAL_CASES;

/** The second hold-out (issue 21 §3), written later by another author without the engine: measured on its own. */
export const HOLDOUT_2: AccuracyQuestion[] = SECOND;

/** The third hold-out (issue 21 §3), 80 questions by a third author without the engine, after batch 7's rules: measured on its own. */
export const HOLDOUT_3: AccuracyQuestion[] = THIRD;

/** The fourth hold-out (issue 21 §3), 80 questions by a fourth author without the engine, after batch 8's rules: measured on its own. */
export const HOLDOUT_4: AccuracyQuestion[] = FOURTH;

/** The fifth hold-out (issue 21 §3), 79 questions by a fifth author without the engine, after hold-out 4's failures were read: measured on its own. */
export const HOLDOUT_5: AccuracyQuestion[] = FIFTH;

/** The sixth hold-out (issue 21 §3), 80 questions by a sixth author without the engine, after hold-out 5's failures were read: measured on its own. */
export const HOLDOUT_6: AccuracyQuestion[] = SIXTH;

/** The seventh hold-out (issue 21 §3), 80 questions by an eighth author without the engine, after hold-out 6's failures were read: measured on its own. */
export const HOLDOUT_7: AccuracyQuestion[] = SEVENTH;

/** The eighth hold-out (issue 21 §3), 80 questions by a ninth author without the engine: measured on its own. */
export const HOLDOUT_8: AccuracyQuestion[] = EIGHTH;

/** The ninth hold-out (issue 21 §3), 80 questions by a tenth author without the engine: measured on its own. */
export const HOLDOUT_9: AccuracyQuestion[] = NINTH;

/** The tenth hold-out (issue 21 §3), 80 questions by an eleventh author without the engine: measured on its own. */
export const HOLDOUT_10: AccuracyQuestion[] = TENTH;
