// The whole Sentinel accuracy set: questions with expected SQL, and refusal cases.
import type { AccuracyQuestion, RefusalCase } from './types';
import { BATCH_1 } from './questions-1';
import { BATCH_2 } from './questions-2';
import { BATCH_3 } from './questions-3';
import { BATCH_4 } from './questions-4';
import { BATCH_5 } from './questions-5';
import { REFUSAL_CASES } from './refusals';

export const QUESTIONS: AccuracyQuestion[] = [...BATCH_1, ...BATCH_2, ...BATCH_3, ...BATCH_4, ...BATCH_5];
export const REFUSALS: RefusalCase[] = REFUSAL_CASES;
