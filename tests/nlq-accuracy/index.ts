// The whole Sentinel accuracy set: questions with expected SQL, and refusal cases.
import type { AccuracyQuestion, RefusalCase } from './types';
import { BATCH_1 } from './questions-1';
import { BATCH_2 } from './questions-2';
import { BATCH_3 } from './questions-3';
import { BATCH_4 } from './questions-4';
import { BATCH_5 } from './questions-5';
import { BATCH_6 } from './questions-6';
import { BATCH_7 } from './questions-7';
import { BATCH_8 } from './questions-8';
import { REFUSAL_CASES } from './refusals';

/** The set of issue 15 (batches 1–4), gated at the 90 % goal since then. */
export const QUESTIONS_ISSUE_15: AccuracyQuestion[] = [...BATCH_1, ...BATCH_2, ...BATCH_3, ...BATCH_4];
/** Every dev question: the engine's authors may read these (the hold-out is in holdout/). */
export const QUESTIONS: AccuracyQuestion[] = [...QUESTIONS_ISSUE_15, ...BATCH_5, ...BATCH_6, ...BATCH_7, ...BATCH_8];
export const REFUSALS: RefusalCase[] = REFUSAL_CASES;
