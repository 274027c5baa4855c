// The machinery of the API route fuzz (tests/api/fuzz-routes.test.ts): every route of the Hono app
// with the zod contracts its validate() middlewares check, requests generated from those contracts
// (valid, invalid and hostile values), sending them, and the checks of ARCHITECTURE.md §3.
//
// Nothing here lists routes: they come from `app.routes` and the contracts from contractOf() of
// src/server/api/validate.ts, so a route added tomorrow is fuzzed tomorrow. A route without a
// contract (or with a body no contract describes, such as an upload) still gets the generic
// hostile path segments, query strings and bodies.
import fc from 'fast-check';
import { z, type ZodType } from 'zod';
import { contractOf } from '../../src/server/api/validate';
import { HOSTILE_STRINGS, ONE_MB, PROTO_OBJECTS, RAW_QUERIES, encodeSegment, hostileSegment, hostileText, hostileValue, leaksIn, preview } from './fuzz-values';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface Endpoint {
  method: string;
  /** Hono's path pattern, e.g. /api/v3/events/:id */
  path: string;
  /** JSON Schemas (input side) of the contracts found on this route, per validation target. */
  contracts: Partial<Record<Target, JsonSchema>>;
  /** The zod schemas themselves (to tell a valid example from an invalid one). */
  zod: Partial<Record<Target, ZodType>>;
}

type Target = 'param' | 'query' | 'json' | 'form';

type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

function jsonSchemaOf(schema: ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {}; // an unconvertible contract: generic values only
  }
}

/** Every (method, path) of the app with the contracts its validate() middlewares check. */
export function apiEndpoints(app: { routes: { method: string; path: string; handler: unknown }[] }): Endpoint[] {
  const out = new Map<string, Omit<Endpoint, 'contracts'>>();
  for (const r of app.routes) {
    // ALL entries are `use()` middleware (auth, permissions, body limits on a prefix), not routes.
    // (A route declared with .all() would be skipped too; none is, and the method confusion of
    // the random requests still sends every method to every path.)
    if (r.method === 'ALL') continue;
    const method = r.method;
    const key = `${method} ${r.path}`;
    const ep = out.get(key) ?? { method, path: r.path, zod: {} };
    out.set(key, ep);
    const contract = contractOf(r.handler as object);
    if (contract && ['param', 'query', 'json', 'form'].includes(contract.target)) ep.zod[contract.target as Target] = contract.schema;
  }
  return [...out.values()].map((ep) => ({ ...ep, contracts: Object.fromEntries(Object.entries(ep.zod).map(([k, s]) => [k, jsonSchemaOf(s!)])) }));
}

// ---------------------------------------------------------------------------------------------
// Values from a JSON Schema: mostly valid, sometimes hostile, with values known to exist (ids of
// the seeded events, uploads made during the run) for fields of those names.

/** Values known to the fuzz by field name (lower case); grows with ids seen in answers. */
export type Known = Map<string, unknown[]>;

const fromPool = (known: Known, key: string) => fc.nat().map((i) => {
  const pool = known.get(key)!;
  return pool[i % pool.length];
});

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** Dates near today (valid ones and DD-MM-YYYY), the shapes date fields are asked for. */
const dateLike = fc.oneof(
  fc.integer({ min: -400, max: 400 }).map(isoDay),
  fc.integer({ min: -400, max: 400 }).map((d) => isoDay(d).split('-').reverse().join('-')),
);
const timeLike = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30, 15)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

interface Gen {
  known: Known;
  /** Text targets (query, path): leaves become strings as a URL carries them. */
  text: boolean;
  depth: number;
}

function validString(js: JsonSchema, key: string, g: Gen): fc.Arbitrary<string> {
  const min = js.minLength ?? 0;
  const max = js.maxLength ?? Number.MAX_SAFE_INTEGER;
  const options: fc.Arbitrary<string>[] = [];
  if (js.format === 'uuid') options.push(fc.uuid());
  else if (js.format === 'email') options.push(fc.emailAddress().map((s) => s.slice(-max)));
  else if (js.pattern) {
    try {
      // Truncated or padded rather than filtered: a filter that can never pass would spin forever.
      options.push(fc.stringMatching(new RegExp(js.pattern), { size: 'xsmall' }).map((s) => (s.length > max ? s.slice(0, max) : s.length < min ? s.padEnd(min, 'a') : s)));
    } catch {
      /* a pattern JavaScript cannot read: plain strings */
    }
  }
  if (/date|since|until|day/.test(key)) options.push(dateLike);
  if (/time/.test(key) && !/date/.test(key)) options.push(timeLike);
  if (!options.length) {
    options.push(fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }));
    // The edges of the length rule: exactly the maximum and one past it.
    if (js.maxLength !== undefined && js.maxLength < 5000) options.push(fc.constantFrom('é'.repeat(js.maxLength), 'z'.repeat(js.maxLength + 1)));
  }
  return fc.oneof(...options);
}

function validNumber(js: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + (integer ? 1 : 1e-9) : -1_000_000);
  const hi = js.maximum ?? (js.exclusiveMaximum !== undefined ? js.exclusiveMaximum - (integer ? 1 : 1e-9) : 1_000_000);
  const small = { min: Math.max(lo, -1_000_000), max: Math.min(hi, 1_000_000) };
  const body = integer
    ? fc.integer({ min: Math.ceil(small.min), max: Math.max(Math.ceil(small.min), Math.floor(small.max)) })
    : fc.double({ min: small.min, max: Math.max(small.min, small.max), noNaN: true, noDefaultInfinity: true });
  // The boundaries themselves and one step outside.
  const edges = [lo, hi, lo - 1, hi + 1].filter((n) => Number.isFinite(n) && Math.abs(n) < 1e300);
  return fc.oneof({ weight: 4, arbitrary: body }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

/**
 * A value for a JSON Schema: valid by its shape (3 in 10), valid but for one leaf replaced by or
 * extended with a hostile value (6 in 10: the rest must pass so the bad leaf reaches the service),
 * or hostile as a whole.
 */
export function schemaValue(js: JsonSchema, key: string, g: Gen): fc.Arbitrary<unknown> {
  const valid = validValue(js, key, g);
  const hostile = g.text ? hostileText : hostileValue;
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 6, arbitrary: fc.tuple(valid, fc.nat(), hostile).map(([v, i, h]) => mutateOneLeaf(v, i, h)) },
    { weight: 1, arbitrary: hostile },
  );
}

/** Replaces (even i) or extends (odd i, strings only) the (i/2 mod n)-th leaf of a JSON value. */
export function mutateOneLeaf(value: unknown, i: number, hostile: unknown): unknown {
  const paths = leafPaths(value);
  const path = paths[Math.floor(i / 2) % paths.length]!;
  const old = getAt(value, path);
  return setAt(value, path, i % 2 === 1 && typeof old === 'string' && typeof hostile === 'string' ? `${old}${hostile}` : hostile);
}

function validValue(js: JsonSchema, key: string, g: Gen): fc.Arbitrary<unknown> {
  const k = key.toLowerCase().replace(/\[\]$/, '');
  const here = { ...g, depth: g.depth + 1 };
  const withKnown = (arb: fc.Arbitrary<unknown>) => (g.known.get(k)?.length ? fc.oneof({ weight: 2, arbitrary: fromPool(g.known, k) }, { weight: 3, arbitrary: arb }) : arb);
  if (g.depth > 6) return fc.constant(null);
  const alts = js.anyOf ?? js.oneOf;
  if (alts?.length) return withKnown(fc.oneof(...alts.map((a) => validValue(a, key, here))));
  if ('const' in js) return fc.constant(js.const);
  if (js.enum?.length) return fc.constantFrom(...js.enum);
  const types = Array.isArray(js.type) ? js.type : js.type ? [js.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...js, type }, key, here)));
  const text = <T>(arb: fc.Arbitrary<T>) => (g.text ? arb.map((v) => (v === null ? '' : String(v))) : arb);
  switch (types[0]) {
    case 'string':
      return withKnown(validString(js, k, g));
    case 'integer':
      return withKnown(text(validNumber(js, true)));
    case 'number':
      return withKnown(text(validNumber(js, false)));
    case 'boolean':
      return text(fc.boolean());
    case 'null':
      return text(fc.constant(null));
    case 'array': {
      const item = js.items ? validValue(js.items, key, here) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(item, { minLength: js.minItems ?? 0, maxLength: Math.min(js.maxItems ?? 4, 4) });
    }
    case 'object':
      return objectValue(js, here);
    default:
      return withKnown(g.text ? fc.string({ maxLength: 20 }) : fc.jsonValue({ maxDepth: 2 }));
  }
}

function objectValue(js: JsonSchema, g: Gen): fc.Arbitrary<unknown> {
  const props = js.properties ?? {};
  const required = new Set(js.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, p] of Object.entries(props)) model[name] = validValue(p, name, g);
  const some = fc.record(model, { requiredKeys: Object.keys(model).filter((n) => required.has(n)) }) as fc.Arbitrary<Record<string, unknown>>;
  // Optional keys present more often than fc.record's coin alone gives: a contract's fields are the interesting part.
  const all = fc.record(model) as fc.Arbitrary<Record<string, unknown>>;
  let value: fc.Arbitrary<Record<string, unknown>> = Object.keys(props).length ? fc.oneof(some, all) : fc.constant({});
  if (js.additionalProperties && typeof js.additionalProperties === 'object') {
    const names = js.propertyNames?.enum?.length ? fc.constantFrom(...(js.propertyNames.enum as string[])) : fc.string({ minLength: 1, maxLength: 12 });
    const extra = fc.dictionary(names, validValue(js.additionalProperties, 'value', g), { minKeys: 1, maxKeys: 4 });
    value = fc.tuple(value, extra).map(([a, b]) => ({ ...a, ...b }));
  }
  // Now and then: a required key missing, a key nobody asked for, a prototype key.
  return fc.oneof(
    { weight: 18, arbitrary: value },
    { weight: 1, arbitrary: fc.tuple(value, fc.constantFrom(...Object.keys(props), '')).map(([v, drop]) => Object.fromEntries(Object.entries(v).filter(([k]) => k !== drop))) },
    { weight: 1, arbitrary: fc.tuple(value, fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', '\u0000', ''), hostileValue).map(([v, k, x]) => Object.assign(JSON.parse('{}'), v, JSON.parse(`{${JSON.stringify(k)}:${JSON.stringify(x) ?? 'null'}}`))) },
  );
}

// ---------------------------------------------------------------------------------------------
// Requests.

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'text'; text: string; contentType: string | null }
  | { kind: 'multipart'; file: string | null; fileName: string; fields: [string, string][] };

export interface FuzzRequest {
  method: string;
  /** Path as on the wire, parameters already in (raw, so malformed %-encodings stay malformed). */
  path: string;
  /** Query as on the wire, without `?`; '' for none. */
  query: string;
  auth: 'session' | 'bearer' | 'none' | 'bad-cookie' | 'bad-bearer';
  partner: string | null;
  origin: string | null;
  body: FuzzBody;
}

export interface RequestContext {
  known: Known;
  /** Names of the multipart files the runner can attach (see FILES in the test). */
  files: string[];
}

function paramNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g)].map((m) => m[1]!);
}

function fillPath(path: string, values: Record<string, string>): string {
  let i = 0;
  return path
    .replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, (_m, name: string) => values[name] ?? 'x')
    .replace(/\*/g, () => values[`*${i++}`] ?? 'x');
}

const TEXT_BODIES = ['', ' ', '{', '{"a":', '[', 'null', '""', '[]', '0', '"\\ud800"', '{"a":"\\u0000"}', '\u0000', '\ufeff{}', '{"a":1}{"b":2}', '{"a":1,"a":2}', `{"x":"${ONE_MB}"}`, `[${'['.repeat(5000)}${']'.repeat(5000)}]`, '{"__proto__":{"polluted":"yes"}}', 'a=1&b=2', '<?xml version="1.0"?><a/>'];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', '', 'application/json, text/html'];

/** The arbitrary of requests for one endpoint. */
export function requestArb(ep: Endpoint, ctx: RequestContext): fc.Arbitrary<FuzzRequest> {
  const names = paramNames(ep.path);
  const wildcards = (ep.path.match(/\*/g) ?? []).length;
  const paramSchema = ep.contracts.param;
  const textGen: Gen = { known: ctx.known, text: true, depth: 0 };
  const jsonGen: Gen = { known: ctx.known, text: false, depth: 0 };

  // Path parameters: the contract's value (encoded), a known id, or a raw hostile segment.
  const segment = (name: string) => {
    const js = paramSchema?.properties?.[name];
    const valid = (js ? validValue(js, name, textGen) : fc.string({ minLength: 1, maxLength: 12 })).map((v) => encodeSegment(String(v)));
    const known = ctx.known.get(name.toLowerCase())?.length ? [{ weight: 2, arbitrary: fromPool(ctx.known, name.toLowerCase()).map((v) => encodeSegment(String(v))) }] : [];
    return fc.oneof({ weight: 3, arbitrary: valid }, ...known, { weight: 3, arbitrary: hostileSegment });
  };
  const params = fc.record(Object.fromEntries([...names.map((n) => [n, segment(n)]), ...Array.from({ length: wildcards }, (_, i) => [`*${i}`, hostileSegment])])) as fc.Arbitrary<Record<string, string>>;
  const path = params.map((v) => fillPath(ep.path, v));
  // A trailing slash or a doubled one: the same route to Hono (strict: false), not to every check.
  const pathVariant = fc.tuple(path, fc.constantFrom(...Array<string>(17).fill(''), '/', '/', '//')).map(([p, tail]) => (tail === '//' ? p.replace(/\/([^/]*)$/, '//$1') : p + tail));

  // Query: from the contract (URL-encoded properly), plus now and then a raw hostile fragment.
  const contractQuery = ep.contracts.query
    ? schemaValue(ep.contracts.query, 'query', textGen).map((v) => serialiseQuery(v))
    : fc.constant('');
  const query = fc.oneof(
    { weight: 5, arbitrary: contractQuery },
    { weight: 2, arbitrary: fc.tuple(contractQuery, fc.constantFrom(...RAW_QUERIES)).map(([a, b]) => [a, b].filter(Boolean).join('&')) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...Object.keys(ep.contracts.query?.properties ?? { q: {} }), 'q', '__proto__'), fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 10_000))).map(serialiseQuery) },
  );

  const jsonBody = ep.contracts.json
    ? fc.oneof({ weight: 8, arbitrary: schemaValue(ep.contracts.json, 'body', jsonGen) }, { weight: 1, arbitrary: fc.constantFrom(...PROTO_OBJECTS) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) })
    : fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...PROTO_OBJECTS), fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 4 }));
  const body: fc.Arbitrary<FuzzBody> = fc.oneof(
    { weight: ep.contracts.json ? 20 : 3, arbitrary: jsonBody.map((value) => ({ kind: 'json' as const, value, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.tuple(jsonBody, fc.constantFrom(...CONTENT_TYPES)).map(([value, contentType]) => ({ kind: 'json' as const, value, contentType })) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...TEXT_BODIES), fc.constantFrom<string | null>('application/json', null, ...CONTENT_TYPES)).map(([text, contentType]) => ({ kind: 'text' as const, text, contentType })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: ep.contracts.json ? 1 : 4,
      arbitrary: fc
        .tuple(fc.constantFrom<string | null>(null, ...ctx.files), fc.constantFrom('file.xlsx', 'a\u0000b.xlsx', '\ud800.xlsx', '../../etc/passwd', '%.xlsx', '', 'x'.repeat(300), 'sales.xls', 'x.csv'), fc.array(fc.tuple(fc.constantFrom('file', 'eid', 'date_format', '__proto__', ''), fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 10_000))), { maxLength: 2 }))
        .map(([file, fileName, fields]) => ({ kind: 'multipart' as const, file, fileName, fields })),
    },
  );

  const method = fc.oneof({ weight: 29, arbitrary: fc.constant(ep.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) });
  return fc
    .record({
      method,
      path: pathVariant,
      query,
      auth: fc.oneof({ weight: 16, arbitrary: fc.constant('session' as const) }, { weight: 2, arbitrary: fc.constant('bearer' as const) }, { weight: 1, arbitrary: fc.constant('none' as const) }, { weight: 1, arbitrary: fc.constantFrom('bad-cookie' as const, 'bad-bearer' as const) }),
      partner: fc.oneof({ weight: 16, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.constantFrom('1001', '1002') }, { weight: 1, arbitrary: fc.constantFrom('%00', '1e39', '-1', '2147483648', 'abc', '', ' 1001', '1001, 1002', '0x3E9') }),
      origin: fc.oneof({ weight: 20, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('http://localhost', 'https://evil.example', 'null') }),
      body,
    })
    .map((r) => ((r.method === 'GET' || r.method === 'HEAD') && r.body.kind !== 'none' ? { ...r, body: { kind: 'none' as const } } : r));
}

function serialiseQuery(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value === undefined || value === null ? '' : `q=${encodeQueryValue(value)}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encodeSegment(k)}=${encodeQueryValue(one)}`);
  }
  return parts.join('&');
}

function encodeQueryValue(v: unknown): string {
  return encodeSegment(typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
}

/** One line that reproduces the request (long strings shortened, their length kept). */
export function describeRequest(r: FuzzRequest): string {
  const url = `${r.path}${r.query ? `?${r.query}` : ''}`;
  const shownUrl = url.length > 200 ? `${url.slice(0, 200)}…<${url.length} chars>` : url;
  const body =
    r.body.kind === 'json'
      ? ` json(${r.body.contentType}) ${preview(r.body.value)}`
      : r.body.kind === 'text'
        ? ` body(${r.body.contentType ?? 'no content-type'}) ${preview(r.body.text)}`
        : r.body.kind === 'multipart'
          ? ` multipart file=${r.body.file ?? '-'} name=${preview(r.body.fileName)} fields=${preview(r.body.fields)}`
          : '';
  const extra = [r.auth !== 'session' ? `auth=${r.auth}` : '', r.partner !== null ? `partner=${preview(r.partner)}` : '', r.origin !== null ? `origin=${preview(r.origin)}` : ''].filter(Boolean).join(' ');
  return `${r.method} ${shownUrl}${body}${extra ? ` [${extra}]` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Checks.

export interface Problem {
  kind: string;
  detail: string;
}

/**
 * Sentinel's answer carries its compiled SQL by design (spec 3 §3 Answer `query`, the page's raw
 * SQL toggle): a SELECT in a successful /nlq answer is content, not a leak. Errors stay checked.
 */
const SQL_BY_DESIGN = /^\/api\/v3\/(nlq|tasks)(\/|$)/;

/** ARCHITECTURE.md §3 on one answer: never a 5xx, a JSON error body for /api errors, no leaks, no polluted prototype. */
export function problemsOf(path: string, status: number, contentType: string, text: string): Problem[] {
  const out: Problem[] = [];
  if (status >= 500) out.push({ kind: `${status}`, detail: text.slice(0, 200) });
  if (path.startsWith('/api/') && status >= 400) {
    let body: { message?: unknown; error_code?: unknown; error_subcode?: unknown } | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* below */
    }
    if (!/application\/json/i.test(contentType)) out.push({ kind: 'format', detail: `status ${status} with content-type ${contentType || '(none)'}: ${text.slice(0, 80)}` });
    else if (!body || typeof body.message !== 'string' || typeof body.error_code !== 'string' || !body.error_code.startsWith('error.'))
      out.push({ kind: 'format', detail: `status ${status} body ${text.slice(0, 120)}` });
    else if (body.error_subcode !== undefined && typeof body.error_subcode !== 'string') out.push({ kind: 'format', detail: `error_subcode ${preview(body.error_subcode)}` });
  }
  if (/json|text|html|xml/i.test(contentType) || !contentType) {
    for (const leak of leaksIn(text)) {
      if (leak === 'SQL SELECT' && status < 400 && SQL_BY_DESIGN.test(path)) continue;
      out.push({ kind: `leak: ${leak}`, detail: text.slice(0, 200) });
    }
  }
  const proto = Object.prototype as Record<string, unknown>;
  if (proto.polluted !== undefined) {
    delete proto.polluted;
    out.push({ kind: 'prototype polluted', detail: 'Object.prototype.polluted was set' });
  }
  return out;
}

/** A server error's message with the varying parts (numbers, quoted values) taken out, to group by. */
export function errorSignature(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '"…"')
    .replace(/\$\d+/g, '$n')
    .replace(/\d+/g, 'N')
    .slice(0, 160);
}

// ---------------------------------------------------------------------------------------------
// The sweep: before the random runs, one valid example of the route's contracts and then every
// leaf of it in turn replaced by each of the values that have broken servers most often, with
// the rest left valid, so a bad value in any field reaches the service at least once per run.

export interface Example {
  params: Record<string, string>;
  query: Record<string, unknown>;
  json: unknown;
}

/** What the sweep puts into a leaf, by the leaf's type in the valid example (text: query values). */
export const SWEEP = {
  string: ['\u0000', '\ud800', '%E0%A4%A', '2027-13-45', ONE_MB, 2147483648, null] as unknown[],
  number: [2147483648, 1e39, 1e-320, -1, '\u0000', null] as unknown[],
  other: ['\u0000', 2147483648, null] as unknown[],
  text: ['\u0000', '\ud800', '%', '2027-13-45', '2147483648', 'x'.repeat(100_000)],
  numericText: ['2147483648', '1e39', '1e-320', '-1', 'NaN', '\u0000'],
  /** Raw path segments (malformed %-encodings stay malformed). */
  segment: ['%', '%25', '%E0%A4%A', '%ED%A0%80', '%00', '%2F', '%5C', '..', '2147483648', '1e39', '-1', 'x'.repeat(3000)],
};
/** Appended to a valid string leaf: it keeps its shape, so the bad character passes length and format rules more often. */
const SWEEP_SUFFIX = '\u0000';

/**
 * Valid examples of the route's contracts, best first: `given` (hand-written, for contracts whose
 * refinements random values seldom pass), then values generated from the contracts that zod
 * accepts (optional keys it complains about dropped; fields with known values — ids that exist —
 * set to them). The runner sends them in turn and sweeps from the first the server accepts.
 */
export function exampleCandidates(ep: Endpoint, known: Known, seed: number, given: Partial<Example> = {}, count = 4): Example[] {
  const pick = (target: Target, text: boolean): unknown[] => {
    const js = ep.contracts[target];
    const schema = ep.zod[target];
    if (!js || !schema) return [undefined];
    const samples = fc.sample(validValue(js, target, { known, text, depth: 0 }), { seed, numRuns: 100 });
    const valid = samples.map((v) => repairByDropping(v, schema, new Set(js.required ?? []))).filter((v) => v !== undefined);
    if (!valid.length) return [samples[0]];
    return valid.slice(0, count).map((v) => withKnownValues(v, js, schema, known, text));
  };
  const names = paramNames(ep.path);
  const params = given.params ? [given.params] : pick('param', true);
  const queries = given.query ? [given.query] : pick('query', true);
  const bodies = given.json !== undefined ? [given.json] : pick('json', false);
  return Array.from({ length: Math.max(params.length, queries.length, bodies.length) }, (_, i) => {
    const p = (params[i % params.length] ?? {}) as Record<string, unknown>;
    return {
      params: Object.fromEntries(names.map((n) => [n, String(p[n] ?? known.get(n.toLowerCase())?.[0] ?? 'x')])),
      query: (queries[i % queries.length] ?? {}) as Record<string, unknown>,
      json: bodies[i % bodies.length],
    };
  });
}

/** Top-level fields set to the first known value that keeps the value valid. */
function withKnownValues(value: unknown, js: JsonSchema, schema: ZodType, known: Known, text: boolean): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  let best = value as Record<string, unknown>;
  for (const key of Object.keys(js.properties ?? {})) {
    for (const v of known.get(key.toLowerCase()) ?? []) {
      const trial = { ...best, [key]: text ? String(v) : v };
      if (schema.safeParse(trial).success) {
        best = trial;
        break;
      }
    }
  }
  return best;
}

/** The value without the optional keys zod complains about (a list query's unknown filter values, say), or undefined if that does not make it valid. */
function repairByDropping(value: unknown, schema: ZodType, required: Set<string>): unknown {
  let v = value;
  for (let i = 0; i < 10; i++) {
    const r = schema.safeParse(v);
    if (r.success) return v;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const bad = new Set(r.error.issues.map((issue) => String(issue.path[0] ?? '')));
    if (bad.has('') || [...bad].some((k) => required.has(k) || !(k in (v as object)))) return undefined;
    v = Object.fromEntries(Object.entries(v).filter(([k]) => !bad.has(k)));
  }
  return undefined;
}

function leafPaths(value: unknown): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (v: unknown, at: (string | number)[]) => {
    if (Array.isArray(v) && v.length) v.forEach((x, j) => walk(x, [...at, j]));
    else if (v && typeof v === 'object' && Object.keys(v).length) for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
    else out.push(at);
  };
  walk(value, []);
  return out;
}

function setAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = leaf;
  return copy;
}

function getAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, step) => (v as Record<string | number, unknown>)?.[step], value);
}

/**
 * The requests of the sweep: the example itself, then one hostile leaf at a time (path, query,
 * body); a write without a JSON contract (an upload) also gets each of `files` as multipart.
 */
export function sweepRequests(ep: Endpoint, ex: Example, files: string[] = []): FuzzRequest[] {
  const base: FuzzRequest = {
    method: ep.method,
    path: fillPath(ep.path, Object.fromEntries(Object.entries(ex.params).map(([k, v]) => [k, encodeSegment(v)]))),
    query: serialiseQuery(ex.query),
    auth: 'session',
    partner: null,
    origin: null,
    body: ex.json === undefined || ep.method === 'GET' ? { kind: 'none' } : { kind: 'json', value: ex.json, contentType: 'application/json' },
  };
  const out: FuzzRequest[] = [base];
  // Path parameters: every raw hostile segment, the other parameters valid.
  for (const name of Object.keys(ex.params)) {
    for (const raw of SWEEP.segment) {
      out.push({ ...base, path: fillPath(ep.path, Object.fromEntries(Object.entries(ex.params).map(([k, v]) => [k, k === name ? raw : encodeSegment(v)]))) });
    }
  }
  // Query leaves (text) and body leaves (JSON values), one at a time.
  for (const path of Object.keys(ex.query).length ? leafPaths(ex.query) : []) {
    const old = String(getAt(ex.query, path) ?? '');
    for (const v of [...(/^-?\d+(\.\d+)?$/.test(old) ? SWEEP.numericText : SWEEP.text), `${old}${SWEEP_SUFFIX}`]) out.push({ ...base, query: serialiseQuery(setAt(ex.query, path, v)) });
  }
  if (!ep.contracts.json && ep.method !== 'GET' && ep.method !== 'DELETE') {
    for (const file of files) out.push({ ...base, body: { kind: 'multipart', file, fileName: file, fields: [] } });
  }
  if (base.body.kind === 'json') {
    for (const path of leafPaths(ex.json)) {
      const old = getAt(ex.json, path);
      const values = typeof old === 'string' ? [...SWEEP.string, `${old}${SWEEP_SUFFIX}`] : typeof old === 'number' ? [...SWEEP.number, ...bounds(schemaAt(ep.contracts.json, path))] : SWEEP.other;
      for (const v of values) out.push({ ...base, body: { kind: 'json', value: setAt(ex.json, path, v), contentType: 'application/json' } });
    }
  }
  return out;
}

/** The schema of the value at `path` (through properties, items, records and the first fitting anyOf branch). */
function schemaAt(js: JsonSchema | undefined, path: (string | number)[]): JsonSchema | undefined {
  let at = js;
  for (const step of path) {
    if (!at) return undefined;
    const branches = at.anyOf ?? at.oneOf;
    if (branches) at = branches.find((b) => (typeof step === 'number' ? b.items : b.properties || b.additionalProperties)) ?? branches[0];
    if (!at) return undefined;
    at = typeof step === 'number' ? at.items : (at.properties?.[step] ?? (typeof at.additionalProperties === 'object' ? at.additionalProperties : undefined));
  }
  return at;
}

/** A number field's own limits: the largest and smallest values its contract still accepts (sums and products of them overflow columns). */
function bounds(js: JsonSchema | undefined): number[] {
  if (!js) return [];
  return [js.maximum, js.minimum, js.exclusiveMaximum, js.exclusiveMinimum].filter((n): n is number => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < Number.MAX_SAFE_INTEGER);
}
