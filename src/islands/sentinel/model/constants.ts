// spec 3 §9 values of SENTINEL and the error codes of src/lib/contracts/nlq.ts, repeated here
// because a value import of the contract would bring zod into the page's JavaScript (150 KB
// budget). tests/unit/sentinel/sentinel-page.test.ts holds them equal to the contract.
export const PAGE = {
  questionMax: 5000,
  counterOrangeFrom: 4001,
  counterRedFrom: 4501,
  pollMs: 3000,
  overdueMs: 45_000,
  expiryMs: 172_800_000,
  pageSize: 50,
  savedDescriptionTruncate: 150,
  queryValueTruncate: 100,
} as const;

export const ERROR_CODES = {
  write: 'error.nlq.attempt_to_write_detected',
  othersData: 'error.nlq.attempt_to_access_others_data',
  notUnderstood: 'error.nlq.not_understood',
  expired: 'error.nlq.expired',
} as const;
