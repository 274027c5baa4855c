// spec 3 §8 Sentinel errors → i18n keys. The page shows 'Error:' and the message at the top.
import { ERROR_CODES } from './constants';

export interface SentinelFailure {
  /** Where it failed: asking (the question call or its task) or reading a page of rows. */
  stage: 'ask' | 'task' | 'data';
  status: number | null;
  code: string;
  cancelled?: boolean;
}

export function sentinelErrorKey(f: SentinelFailure): string {
  if (f.cancelled) return 'sentinel.errors.abortTip';
  if (f.stage === 'task') return 'sentinel.errors.nlqError';
  if (f.stage === 'data') return 'sentinel.errors.dataRetrievalError';
  if (f.status === 500) return 'sentinel.errors.nlqError';
  if (f.status === 400) {
    if (f.code === ERROR_CODES.write) return 'sentinel.errors.attemptToWriteDetected';
    if (f.code === ERROR_CODES.othersData) return 'sentinel.errors.attemptToAccessOthersData';
    if (f.code === ERROR_CODES.notUnderstood) return 'sentinel.errors.notUnderstood';
    return 'sentinel.errors.nlqError';
  }
  if (f.code.startsWith('error.')) return `common.serverErrors.${f.code}`;
  return 'common.errors.inServerResponse';
}
