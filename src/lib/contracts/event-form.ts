// spec 3 §3 "Event save payload" and §5 "Event form"/"Simulation": what POST /events/ and
// PUT /events/{id} accept, shared by the server's validation and the editor's form resolver so
// both refuse the same input with the same issue messages (translation keys under eventEdit.errors).
import { z } from 'zod';
import { text as safeText } from './common';
import { COUNT_RULE, isCalendarDate, LIMITS, MONEY_RULE, numberProblem, roundMoney, type NumberProblem } from './limits';
import { currentTime } from '../clock';

/** spec 3 §3 Event.category without the two special values; 'product' is the product variant. */
export const FORM_CATEGORIES = [
  'ballet', 'chamber', 'comedy', 'dance', 'education', 'opera', 'operetta_musical',
  'other', 'rock_pop', 'spoken', 'symphony', 'theatre', 'vocal', 'product',
] as const;
export type FormCategory = (typeof FORM_CATEGORIES)[number];

/** spec 3 §3 Artist roles. */
export const ARTIST_ROLES = [
  'soloist', 'moderation', 'orchestra', 'producer', 'acrobat', 'choreograph', 'comedian', 'director',
  'actor', 'author', 'band', 'choir', 'dancer', 'conductor', 'technician', 'composer', 'ensemble',
  'light design', 'sound design', 'stage design', 'costume design', 'other',
] as const;
export type ArtistRole = (typeof ARTIST_ROLES)[number];

// spec 3 §9 event form limits.
export const DESCRIPTION_MAX = 2500;
export const CITY_MAX = 34;
export const MIN_DAYS_AHEAD = 2;
export const TIME_STEP_MINUTES = 30;
export const NAME_MAX = 200;
export const EVENT_TYPES = ['prisma', 'fdlive'] as const;

/** Issue messages are translation keys (eventEdit.errors.*), so the form shows them as they come. */
export const E = {
  required: 'required',
  tooLong: 'tooLong',
  negative: 'negativeError',
  decimal: 'decimalError',
  notANumber: 'notANumber',
  tooEarly: 'tooEarly',
  timeStep: 'timeStep',
  badDate: 'badDate',
  badCategory: 'badCategory',
  badRole: 'badRole',
  /** NUL or an unpaired surrogate: text the database cannot store. */
  badText: 'badText',
  capacityTooLarge: 'capacityTooLarge',
  priceTooLarge: 'priceTooLarge',
  priceDecimals: 'priceDecimals',
} as const;

/** The calendar day in a time zone (YYYY-MM-DD); UTC when the zone is unknown. */
export function todayIn(tz: string | undefined, at = currentTime()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: tz || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** The earliest date the form accepts: today (in the form's zone) plus two days. */
export function earliestDate(tz: string | undefined, at = currentTime()): string {
  const today = todayIn(tz, at);
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + MIN_DAYS_AHEAD);
  return d.toISOString().slice(0, 10);
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const str = () => safeText(E.badText);
const text = (max: number) => str().trim().max(max, E.tooLong);

// Row shapes only; the rows' rules run in EventForm's refinement with the other fields, so a bad
// row does not hide the form's other problems (zod skips refinements after a shape failure).
const row = str().max(NAME_MAX * 2);
export const Lineup = z.object({ artist_name: row, artist_type: row });
export type Lineup = z.infer<typeof Lineup>;
/** artist_name is the composer, track the work's title. */
export const Setlist = z.object({ artist_name: row, track: row });
export type Setlist = z.infer<typeof Setlist>;

/** The form's reason for each number problem of capacity and price. */
const NUMBER_REASON: Record<'capacity' | 'price', Record<NumberProblem, string>> = {
  capacity: { notANumber: E.notANumber, tooSmall: E.negative, notInteger: E.decimal, tooLarge: E.capacityTooLarge, tooManyDecimals: E.decimal },
  price: { notANumber: E.notANumber, tooSmall: E.negative, notInteger: E.decimal, tooLarge: E.priceTooLarge, tooManyDecimals: E.priceDecimals },
};

// Numbers arrive as JSON numbers from the API and may arrive as '' from an emptied input.
const amount = z.union([z.number(), z.string(), z.null()]).optional();

/**
 * One event (one date-and-location entry). Every field is optional at the shape level so the
 * product variant and the full variant share one object; the refinement below says which fields
 * each variant needs (spec 3 §5), with one issue per field path for the form.
 * `priceRequired`: spec 3 §5 asks for a price only when simulating an event ("Simulation: … also
 * time, category, city, venue, hall, capacity, price"); the event form (edit, the ITC form of
 * spec 2 §4, the bulk upload) only refuses a negative one — the demo's events have none.
 */
function eventForm({ priceRequired }: { priceRequired: boolean }) {
  return z
    .object({
      name: text(NAME_MAX),
      description: text(DESCRIPTION_MAX).optional().default(''),
      category: str(),
      date: str(),
      time: str().optional().default(''),
      city: text(CITY_MAX).optional().default(''),
      venue: text(NAME_MAX).optional().default(''),
      hall: text(NAME_MAX).optional().default(''),
      capacity: amount,
      price: amount,
      lineups: z.array(Lineup).max(100).optional().default([]),
      setlists: z.array(Setlist).max(200).optional().default([]),
      tz: str().max(64).optional(),
      status: z.literal('RUNNING').optional().default('RUNNING'),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (!v.name) issue('name', E.required);
      if (!v.category) issue('category', E.required);
      else if (!(FORM_CATEGORIES as readonly string[]).includes(v.category)) issue('category', E.badCategory);
      if (!v.date) issue('date', E.required);
      else if (!isCalendarDate(v.date)) issue('date', E.badDate);
      else if (v.date < earliestDate(v.tz && isTimeZone(v.tz) ? v.tz : undefined)) issue('date', E.tooEarly);
      if (v.tz && !isTimeZone(v.tz)) issue('tz', E.badDate);
      if (v.category === 'product') return;

      if (!v.time) issue('time', E.required);
      else {
        const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(v.time);
        if (!m || Number(m[2]) % TIME_STEP_MINUTES !== 0) issue('time', E.timeStep);
      }
      for (const key of ['city', 'venue', 'hall'] as const) if (!v[key]) issue(key, E.required);
      // Capacity and price within what a venue can really have (limits.ts), price in cents.
      const num = (key: 'capacity' | 'price') => {
        const raw = v[key];
        if (raw === undefined || raw === null || raw === '') return key === 'price' && !priceRequired ? undefined : issue(key, E.required);
        const n = typeof raw === 'number' ? raw : Number(raw);
        const problem = numberProblem(n, key === 'capacity' ? COUNT_RULE(LIMITS.capacity) : MONEY_RULE(LIMITS.price));
        if (problem) issue(key, NUMBER_REASON[key][problem]);
      };
      num('capacity');
      num('price');
      const text = (path: (string | number)[], value: string) => {
        const message = !value.trim() ? E.required : value.trim().length > NAME_MAX ? E.tooLong : null;
        if (message) ctx.addIssue({ code: 'custom', path, message });
      };
      v.lineups.forEach((l, i) => {
        text(['lineups', i, 'artist_name'], l.artist_name);
        if (!l.artist_type) ctx.addIssue({ code: 'custom', path: ['lineups', i, 'artist_type'], message: E.required });
        else if (!(ARTIST_ROLES as readonly string[]).includes(l.artist_type)) ctx.addIssue({ code: 'custom', path: ['lineups', i, 'artist_type'], message: E.badRole });
      });
      v.setlists.forEach((s, i) => {
        text(['setlists', i, 'artist_name'], s.artist_name);
        text(['setlists', i, 'track'], s.track);
      });
    })
    .transform((v) => ({
      ...v,
      lineups: v.lineups.map((l) => ({ artist_name: l.artist_name.trim(), artist_type: l.artist_type })),
      setlists: v.setlists.map((s) => ({ artist_name: s.artist_name.trim(), track: s.track.trim() })),
      capacity: v.category === 'product' || v.capacity === '' || v.capacity == null ? 0 : Number(v.capacity),
      price: v.category === 'product' || v.price === '' || v.price == null ? null : roundMoney(Number(v.price)),
    }));
}

/** PUT /events/{id}, the event editor, the ITC form and the bulk upload: the price may be left empty. */
export const EventForm = eventForm({ priceRequired: false });
/** POST /events/ (Simulation): a new event needs its price. */
export const SimulationForm = eventForm({ priceRequired: true });
export type EventFormInput = z.input<typeof EventForm>;
export type EventFormData = z.output<typeof EventForm>;

export const EventTypeQuery = z.object({ event_type: z.enum(EVENT_TYPES).optional() });
export const EventUpdateQuery = EventTypeQuery.extend({
  skip_pipeline: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});

/** POST /events/ answer. */
export const EventCreated = z.object({ message: z.string(), ids: z.array(z.string()) });
export type EventCreated = z.infer<typeof EventCreated>;

/** GET /events/{id}/details: the editor's prefill (spec 3 §3 Event, form fields). */
export const EventDetails = z.object({
  id: z.string(),
  eid: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  /** YYYY-MM-DD and HH:MM in tz. */
  date: z.string(),
  time: z.string(),
  tz: z.string(),
  city: z.string(),
  venue: z.string(),
  hall: z.string(),
  capacity: z.number().int(),
  price: z.number().nullable(),
  lineups: z.array(z.object({ artist_name: z.string(), artist_type: z.string() })),
  setlists: z.array(z.object({ artist_name: z.string(), track: z.string() })),
  source: z.enum(['api', 'manual']),
});
export type EventDetails = z.infer<typeof EventDetails>;
