// Hostile values for the route fuzz (tests/api/fuzz-routes.test.ts, tests/e2e/fuzz-pages.spec.ts),
// and the checks every answer must pass (ARCHITECTURE.md §3). No app imports: Playwright loads it too.
import fc from 'fast-check';

/** One megabyte of text (kept once; the pools hand out the same string). */
export const ONE_MB = 'x'.repeat(1 << 20);

/** Strings that have broken things somewhere: NUL, lone surrogates, %-encodings, impossible dates, numbers as text, injection. */
export const HOSTILE_STRINGS: readonly string[] = [
  '', ' ', '\t\n', '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800', '\ufeff', '\u202e', '😀', 'Ä'.repeat(300),
  '%', '%25', '%E0%A4%A', '%00', '%2e%2e%2f', '../../etc/passwd', '..\\..\\win.ini', '/api/v3/storage/objects/../x',
  '2027-13-45', '0000-00-00', '2026-02-30', '9999-12-31', '1900-01-01', '31.12.2026', '24:00', '25:61', '19:31',
  'NaN', 'Infinity', '-Infinity', '-1', '0', '-0', '1e39', '1e-320', '2147483648', '-2147483649', '9007199254740993', '0x1F', '1,5',
  "' OR '1'='1", "'; DROP TABLE users; --", '\\', '"', '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '=HYPERLINK("x")',
  '__proto__', 'constructor', 'prototype', 'null', 'undefined', 'true', '[]', '{}',
  'a'.repeat(257), 'b'.repeat(5000), ONE_MB,
];

/** Numbers at and past every boundary an int4, a float8 or JSON knows. */
export const HOSTILE_NUMBERS: readonly number[] = [
  2147483647, 2147483648, -2147483648, -2147483649, 1e39, -1e39, 1e-320, -1e-320, -1, 0, -0, 0.5, 1.5, 99.999,
  Number.MAX_SAFE_INTEGER + 2, Number.MAX_VALUE, Number.MIN_VALUE, 1e21,
];

/** Keys that reach Object.prototype when code merges objects carelessly (own keys, as JSON.parse makes them). */
export const PROTO_OBJECTS: readonly unknown[] = [
  JSON.parse('{"__proto__":{"polluted":"yes"}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'),
  JSON.parse('{"__proto__":null,"toString":"x","hasOwnProperty":1,"valueOf":[]}'),
];

/** The values that have broken servers most often, drawn more often than the rest of the pools. */
const KILLERS_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '%', '%E0%A4%A', '%00', '2027-13-45', '0000-00-00', ONE_MB];
const KILLERS_NUMBERS = [2147483648, -2147483649, 1e39, 1e-320, -1, 1.5];

/** A hostile string (for text leaves, and for query and path values). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KILLERS_TEXT) },
  { weight: 2, arbitrary: fc.constantFrom(...KILLERS_NUMBERS.map(String), 'NaN', 'Infinity') },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Any hostile JSON value: a string or number of the pools, or a shape nobody expects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.constantFrom(...KILLERS_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [[[[[[]]]]]], [null], ...PROTO_OBJECTS) },
);

/**
 * A path segment or query value exactly as it goes on the wire, so malformed %-encodings stay
 * malformed: raw `%`, `%25`, `%E0%A4%A` (cut UTF-8), `%ED%A0%80` (an encoded lone surrogate), `%00`…
 */
export const RAW_SEGMENTS: readonly string[] = [
  '%', '%25', '100%25', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF', '%00', 'a%00b', '%0A', '%2F', 'a%2Fb', '%5C', '..', '.', '%2e%2e', '%2E',
  '%20', '+', '%2B', '1e39', '-1', '0', '2147483648', 'NaN', '0000-00-00', '2027-13-45', '__proto__', 'constructor', '%3Cscript%3E',
  '%F0%9F%98%80', 'x'.repeat(3000),
];

/** encodeURIComponent that never throws: a lone surrogate becomes its (invalid) UTF-8 bytes' %-form. */
export function encodeSegment(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < value.length && value.charCodeAt(i + 1) >= 0xdc00 && value.charCodeAt(i + 1) <= 0xdfff;
    if (pair) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const hex = (b: number) => `%${b.toString(16).toUpperCase()}`;
      out += hex(0xe0 | (c >> 12)) + hex(0x80 | ((c >> 6) & 0x3f)) + hex(0x80 | (c & 0x3f));
    } else out += encodeURIComponent(value[i]!);
  }
  return out;
}

/** A path segment: a raw hostile one, or any string of the pools percent-encoded. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 10_000 && s !== '')).map(encodeSegment) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeSegment) },
);

/** Whole query strings (without `?`) that are hostile as a whole: bad encodings, odd separators, repeated and prototype keys. */
export const RAW_QUERIES: readonly string[] = [
  'q=%', 'q=%00', 'q=%E0%A4%A', 'q=%ED%A0%80', '%=%', '&&&', '=', '==', 'q', '?', '#', 'a[b][c]=1', '__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes',
  'page=1e39', 'page=-1', 'page=NaN', 'page=2147483648', 'limit=0', 'limit=1e-320', 'page=1&page=2', 'since=2027-13-45', 'since=0000-00-00', 'until=00-00-0000',
  `q=${'x'.repeat(100_000)}`, 'lang=de%00', 'url=%2Fapi%2Fv3%2Fstorage%2Fobjects%2F%25', 'url=/api/v3/storage/objects/%', 'url=%00', 'event_id=%00',
];

// ---------------------------------------------------------------------------------------------
// What every answer must (not) contain.

/** A stack frame, SQL text or a database error in a body means an internal error leaked. */
export const LEAKS: readonly [name: string, re: RegExp][] = [
  ['stack frame', /at .*\.(ts|js|mjs|cjs):\d+/],
  ['SQL SELECT', /SELECT /],
  ['SQL INSERT', /INSERT /],
  ['SQL syntax error', /syntax error/],
  ['SQL relation', /relation "/],
  ['constraint violation', /violates/],
];

export function leaksIn(text: string): string[] {
  // In a JSON body the quotes and line breaks of a leaked message are escaped.
  const unescaped = text.replace(/\\"/g, '"').replace(/\\n/g, '\n');
  return LEAKS.filter(([, re]) => re.test(text) || re.test(unescaped)).map(([name]) => name);
}

/** Reduces a value for printing: long strings shown by length, the rest as JSON. */
export function preview(value: unknown, max = 300): string {
  const json = JSON.stringify(value, (_k, v) => (typeof v === 'string' && v.length > 80 ? `<${v.length} chars: ${JSON.stringify(v.slice(0, 20))}…>` : v));
  const s = json === undefined ? String(value) : json;
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** FUZZ_RUNS multiplies nothing: it is the number of runs per route (default given by the caller). */
export function fuzzRuns(defaultRuns: number): number {
  const n = Number(process.env.FUZZ_RUNS);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : defaultRuns;
}

/** FUZZ_SEED, or the fixed seed of CI; mixed with a route's name so each route draws its own inputs. */
export function fuzzSeed(route: string, fixed = 20260515): { base: number; seed: number } {
  const envSeed = Number(process.env.FUZZ_SEED);
  const base = Number.isInteger(envSeed) ? envSeed : fixed;
  let h = base | 0;
  for (let i = 0; i < route.length; i++) h = (Math.imul(h, 31) + route.charCodeAt(i)) | 0;
  return { base, seed: h };
}
