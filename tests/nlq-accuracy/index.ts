// The whole Sentinel accuracy set: questions with expected SQL, and refusal cases.
import type { AccuracyQuestion, RefusalCase } from './types';
import { BATCH_1 } from './questions-1';

export const QUESTIONS: AccuracyQuestion[] = [...BATCH_1];
export const REFUSALS: RefusalCase[] = [];
