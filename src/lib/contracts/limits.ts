// What a value may be before it reaches the database: text PostgreSQL can store, calendar days
// that exist, and numbers within the ranges a venue can really have. Plain functions and
// constants (no zod) so browser forms, contracts (common.ts builds the zod pieces on these),
// spreadsheet readers and the API's input net all apply the same rules.

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

/**
 * NUL, or a UTF-16 surrogate without its partner. PostgreSQL refuses both: NUL in any text
 * value (22021), a lone surrogate once it is escaped into a json/jsonb value (22P02/22P05); on
 * the wire they would also be mangled into U+FFFD.
 */
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isSafeText = (s: string): boolean => !UNSAFE_TEXT.test(s);

/** The issue message of text that cannot be stored (event form: its eventEdit.errors key is E.badText). */
export const UNSAFE_TEXT_MESSAGE = 'Contains a character that cannot be stored (NUL or an unpaired surrogate)';

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * The path ('a.0.b') of the first string in a value (strings, arrays and plain objects, their
 * keys included, and the names of File objects) that is not safe text, or null when all are.
 * Depth-limited, so a hostile nesting cannot exhaust the stack.
 */
export function findUnsafeText(value: unknown, path: (string | number)[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path.join('.');
  if (depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, i], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof File !== 'undefined' && value instanceof File) return isSafeText(value.name) ? null : path.join('.');
  if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (!isSafeText(k)) return [...path, k.replace(UNSAFE_TEXT, '?')].join('.');
      const found = findUnsafeText(v, [...path, k], depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Calendar days
// ---------------------------------------------------------------------------------------------

/** YYYY-MM-DD naming a day that exists (month 1–12, day within the month, year 1–9999). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;
  return d <= days;
}

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

/**
 * Ranges a venue can really have. The largest stadiums and festivals hold about 250,000 people;
 * a ticket costs at most a million in any currency we bill in; one entry (a manual sales row, a
 * spreadsheet row, a day's total per ticket type) covers at most a million tickets and a billion
 * in revenue. Money has at most two decimals. Money is stored in minor units in bigint columns.
 */
export const LIMITS = {
  capacity: 1_000_000,
  price: 1_000_000,
  ticketsPerEntry: 1_000_000,
  revenuePerEntry: 1_000_000_000,
  moneyDecimals: 2,
} as const;

/**
 * At most `places` decimals, allowing for binary floating-point noise (0.1 + 0.2 has two
 * decimals; 45.555 has three; 1e-320 has 320).
 */
export function hasAtMostDecimals(n: number, places: number): boolean {
  if (!Number.isFinite(n)) return false;
  const scale = 10 ** places;
  const rounded = Math.round(n * scale) / scale;
  return Math.abs(rounded - n) <= 8 * Number.EPSILON * Math.abs(n);
}

/** Why a number is refused by a rule; the names are the event form's reasons where they exist. */
export type NumberProblem = 'notANumber' | 'tooSmall' | 'notInteger' | 'tooLarge' | 'tooManyDecimals';

export interface NumberRule {
  min?: number;
  max: number;
  /** 0 for whole numbers. */
  decimals: number;
}

export const COUNT_RULE = (max: number): NumberRule => ({ min: 0, max, decimals: 0 });
export const MONEY_RULE = (max: number): NumberRule => ({ min: 0, max, decimals: LIMITS.moneyDecimals });

/** The first problem of a number with a rule, or null when it passes. */
export function numberProblem(n: number, rule: NumberRule): NumberProblem | null {
  if (typeof n !== 'number' || !Number.isFinite(n)) return 'notANumber';
  if (n < (rule.min ?? 0)) return 'tooSmall';
  if (rule.decimals === 0 && !Number.isInteger(n)) return 'notInteger';
  if (n > rule.max) return 'tooLarge';
  if (rule.decimals > 0 && !hasAtMostDecimals(n, rule.decimals)) return 'tooManyDecimals';
  return null;
}

/** Rounds to whole minor units (cents); callers check the decimals first. */
export const roundMoney = (n: number) => Math.round(n * 10 ** LIMITS.moneyDecimals) / 10 ** LIMITS.moneyDecimals;
