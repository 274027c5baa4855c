import type { RefusalCase } from '../types';
export const HOLDOUT_REFUSAL_CASES: RefusalCase[] = [];
