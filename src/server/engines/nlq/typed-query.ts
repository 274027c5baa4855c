// The typed query: what a Sentinel question means, independent of SQL. The parser (./parse.ts)
// and the optional LLM both produce it; it is validated by this one zod schema before the compiler
// (./compile.ts) turns it into parameterised SQL over the sentinel views with the partner
// predicate injected by construction. Pure data: no SQL text ever travels inside it — fields are
// names from the semantic layer (./semantic.ts) and values are bound as parameters.
import { z } from 'zod';
import { numberProblems } from './numbers';

export const ENTITIES = ['customers', 'events', 'transactions'] as const;
export type Entity = (typeof ENTITIES)[number];

/** Entity tags of the query summary (spec 3 §3): e Event, c Customer, t Transaction, ccp Customer custom property. */
export const TAGS = ['c', 'e', 't', 'ccp'] as const;
export type Tag = (typeof TAGS)[number];

/** `contains` matches names on their words (./name-match.ts); `starts` is a prefix ("PLZ-Bereich 51"). */
export const OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'contains', 'starts', 'in', 'not in', 'is', 'is not'] as const;
export type Operator = (typeof OPERATORS)[number];

const scalar = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);
export const Value = z.union([scalar, z.array(z.union([z.string().max(500), z.number().finite()])).max(500)]);
export type Value = z.infer<typeof Value>;

/**
 * A field of the semantic layer. For `ccp` the field is the custom property's label (e.g.
 * "Abonnement"); for the others a field name of the semantic layer (e.g. "category", "city").
 */
export const FieldRef = z.object({ tag: z.enum(TAGS), field: z.string().min(1).max(200) });
export type FieldRef = z.infer<typeof FieldRef>;

export const FieldFilter = z.object({ kind: z.literal('field'), field: FieldRef, op: z.enum(OPERATORS), value: Value });
export type FieldFilter = z.infer<typeof FieldFilter>;

/**
 * A condition on related rows, e.g. customers who visited more than three operas:
 * {kind:'related', measure:'events', where:[e.category = opera], op:'>', value:3}.
 * "never bought" is op '=' value 0. `where` may hold filters on events and transactions.
 */
export const MEASURES = ['events', 'tickets', 'transactions', 'revenue', 'customers'] as const;
export type Measure = (typeof MEASURES)[number];
export const RelatedFilter = z.object({
  kind: z.literal('related'),
  measure: z.enum(MEASURES),
  where: z.array(FieldFilter).max(20),
  op: z.enum(['=', '!=', '>', '>=', '<', '<=']),
  value: z.number().finite().min(0),
});
export type RelatedFilter = z.infer<typeof RelatedFilter>;

export const Condition = z.discriminatedUnion('kind', [FieldFilter, RelatedFilter]);
export type Condition = z.infer<typeof Condition>;

export const TypedQuery = z
  .object({
  outcome: z.enum(ENTITIES),
  /** All must hold (AND). */
  filters: z.array(Condition).max(30),
  /** Optional OR groups: each inner list is AND-ed, the groups are OR-ed, and the whole is AND-ed with `filters`. */
  anyOf: z.array(z.array(Condition).max(20)).max(10).optional(),
  /** Order of the result ids: by a field of the outcome or by a measure over related rows. */
  orderBy: z
    .object({
      field: FieldRef.optional(),
      measure: z.enum(MEASURES).optional(),
      /** Which related rows the measure counts ("top 5 customers by spend in 2025"). */
      where: z.array(FieldFilter).max(20).optional(),
      direction: z.enum(['asc', 'desc']),
    })
    .optional(),
  /** "the ten best customers": at most this many ids. */
  limit: z.number().int().min(1).max(10_000).optional(),
  /** "revenue per category": the aggregations are also broken down by this field. */
  groupBy: FieldRef.optional(),
  })
  // A number the column cannot hold, or a fraction against a whole-number column or count, is
  // refused here — before SQL, never by the database (./numbers.ts; issue 21 §2).
  .superRefine((q, ctx) => {
    for (const { problem } of numberProblems(q)) ctx.addIssue({ code: 'custom', message: problem, path: ['filters'] });
  });
export type TypedQuery = z.infer<typeof TypedQuery>;

/** Why a question gets no query (spec 3 §8 Sentinel errors). */
export type Refusal = 'write' | 'others_data' | 'not_understood';

export type ParseResult =
  | { ok: true; query: TypedQuery; understood: string[] }
  | {
      ok: false;
      refusal: Refusal;
      understood: string[];
      /** Why, in English (logged; the API message repeats it for not_understood). */
      reason: string;
      /** What could not be read, as typed (long words shortened): unknown words, an impossible date, a number out of range. */
      problems?: string[];
      /**
       * A hard refusal (input beyond the bounds, an impossible date, a number no column holds,
       * injection residue): the parser understood what is wrong, so no fallback (the LLM) may
       * read the question another way.
       */
      hard?: true;
    };

/**
 * The partner's own words, loaded from the database by src/server/modules/nlq/vocabulary.ts:
 * every value the parser may recognise in a question, and the other partners' names and venues
 * it must refuse.
 */
export interface Vocabulary {
  /** The asking partner (an event id "e<partner>-…" of another partner is refused). */
  partnerId?: number;
  partnerName: string;
  currency: string;
  categories: string[];
  cities: string[];
  venues: string[];
  halls: string[];
  artists: string[];
  composers: string[];
  titles: string[];
  ticketTypes: string[];
  priceCategories: string[];
  paymentMethods: string[];
  /** The forms of address the partner's customers carry ("Frau", "Ms"); optional for older callers. */
  salutations?: string[];
  /** Custom property labels and their known values (few distinct values only). */
  customProperties: { label: string; values: string[] }[];
}

export interface ParseOptions {
  language: 'en' | 'de';
  /** The outcome the user chose (spec 3 §2 outcome choice); the question may not override it. */
  outcome: Entity;
  vocabulary: Vocabulary;
  /** "now" for time expressions (the server clock, src/server/lib/clock.ts). */
  now: Date;
}

export interface CompiledQuery {
  /** One SELECT over the sentinel views returning a single `id` column (text), parameters $1…$n. */
  sql: string;
  params: (string | number | boolean | null | (string | number)[])[];
  /** The query summary rows (src/lib/contracts/nlq.ts NlqFilter). */
  /** The query summary; `field` names the parameter for the page's vocabulary ("c.city", "measure.tickets", "ccp.<label>"). */
  filters: { entity: Tag; parameter: string; operator: string; value: string; text: string; field: string; alternative?: boolean }[];
}

export interface CompileOptions {
  partnerId: number;
  /** Row cap: the SQL fetches at most this many ids + 1 (to tell truncation). */
  maxRows: number;
  /** Language of the query summary's parameter labels (default en). */
  language?: 'en' | 'de';
}
