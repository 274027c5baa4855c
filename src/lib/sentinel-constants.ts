// Sentinel's constants (spec 3 §9) and error codes, without zod: the page imports them, and a
// value import of the contract (src/lib/contracts/nlq.ts, which re-exports these) would bring zod
// into its JavaScript (150 KB budget).
/** spec 3 §9 Sentinel constants. */
export const SENTINEL = {
  questionMax: 5000,
  counterOrangeFrom: 4001,
  counterRedFrom: 4501,
  pollMs: 3000,
  /**
   * Not in spec 3 §9: the first look at a question just asked comes this soon, then every pollMs
   * (issue 21 §4). The worker is woken when the task is queued, so most answers are ready by then;
   * looking at once (before the worker had a chance) only bought a 3 s wait.
   */
  firstPollMs: 200,
  overdueMs: 45_000,
  expiryMs: 172_800_000,
  pageSize: 50,
  savedDescriptionTruncate: 150,
  queryValueTruncate: 100,
  visitedEventsPageSize: 10,
  copiedMs: 2000,
  rowHeight: 46,
  headerHeight: 56,
  headerHeightWithAggregates: 114,
  maxVisibleRows: 13,
  /** Server: the most ids one answer keeps (the row cap of the executor). */
  maxResults: 10_000,
  exportNameMax: 80,
} as const;

export const NLQ_ERROR_CODES = {
  write: 'error.nlq.attempt_to_write_detected',
  othersData: 'error.nlq.attempt_to_access_others_data',
  notUnderstood: 'error.nlq.not_understood',
  expired: 'error.nlq.expired',
  failed: 'error.nlq.failed',
  /** 429: the user already has MAX_RUNNING_PER_USER questions waiting or running. */
  busy: 'error.nlq.too_many_running',
  /** 429: the user asked more questions (refused ones included) than the ask rate allows (issue 21 §1). */
  tooManyQuestions: 'error.nlq.too_many_questions',
  /** 409: rows or an export asked of an answer whose task has not finished (or failed). */
  notReady: 'error.nlq.not_ready',
} as const;
