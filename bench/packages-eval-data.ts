// The data sets of the package engine's ranking evaluation (bench/packages-eval.ts): the demo
// partners under generated buying regimes, and a real public purchase history (UCI Online
// Retail) with its products as events. Each data set is cut at a date: what was sold before is
// the history the packages are built from, the events of the hidden season are the "upcoming"
// events, and who bought them after the cut is what the audiences are scored against.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseCsv } from '../src/server/demo/history-files';
import { planCatalog, type PartnerInfo } from '../src/server/demo/catalog-plan';
import { programmeOf } from '../src/server/demo/programme';
import { PERSONAS, type Persona } from '../src/server/demo/personas';
import type { Language } from '../src/server/demo/names';
import type { Customer, EventFeatures, Purchase } from '../src/server/engines/packages';

export interface EvalDataset {
  name: string;
  /** One line on what the data is. */
  about: string;
  /** The cut: history before, hidden season from here to endMs. */
  cutoffMs: number;
  endMs: number;
  /** Events (or products) that started before the cut. */
  pastEvents: EventFeatures[];
  /** The hidden season's events in the groups one package is built for. */
  batches: EventFeatures[][];
  /** Purchases sold before the cut (the engine and the baselines see only these). */
  history: Purchase[];
  customers: Customer[];
  /** Hidden season: buyers of each hidden event, from purchases sold at or after the cut. */
  buyers: Map<string, Set<number>>;
  /** Category of every event, past and hidden. */
  category: Map<string, string>;
}

const DAY = 86_400_000;
/** Hidden events in start order, this many to a package (a marketer's pick of upcoming shows). */
export const EVENTS_PER_PACKAGE = 12;

export function chunks<T>(xs: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  // A last group of one or two events would make a package of one variation: merge it.
  if (out.length > 1 && out[out.length - 1].length < 3) out[out.length - 2].push(...out.pop()!);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Demo partners under buying regimes

/** The demo partners (src/server/demo/accounts.ts DEMO_PARTNERS, without the database imports). */
export const DEMO_PARTNER_INFO: (PartnerInfo & { timezone: string })[] = [
  { id: 1001, currency: 'EUR', language: 'de', product: 'full-service', timezone: 'Europe/Berlin' },
  { id: 1002, currency: 'GBP', language: 'en', product: 'prisma', timezone: 'Europe/London' },
];

/**
 * Buying regimes: who buys the demo's sales. What is played, when and at what price stays the
 * same (the buyer choice draws one number whatever the personas), only the buyers change.
 *  - personas: the demo's own personas (strong tastes, personas.ts);
 *  - broad: the same personas with their taste weights flattened (w^0.4, other kinds up to 0.5):
 *    a taste still shows, but most customers also buy much outside it;
 *  - no_taste: one persona buying everything alike; customers differ only in how often they buy
 *    (loyalty), so nothing but popularity can be learned. A control: the engine should not win.
 */
export const REGIMES = ['personas', 'broad', 'no_taste'] as const;
export type Regime = (typeof REGIMES)[number];

export function regimePersonas(regime: Regime): readonly Persona[] {
  if (regime === 'personas') return PERSONAS;
  if (regime === 'no_taste') return [{ key: 'any', share: 1, kinds: {}, otherKinds: 1, seat: 0, phases: {}, groups: 1 }];
  return PERSONAS.map((p) => ({
    ...p,
    kinds: Object.fromEntries(Object.entries(p.kinds).map(([k, w]) => [k, w ** 0.4])),
    otherKinds: Math.max(p.otherKinds, 0.5),
  }));
}

/** Generation date of the demo catalogues: three seasons of history up to 1 September 2026. */
export const DEMO_NOW = Date.UTC(2026, 8, 1);
export const DEMO_CUTOFF = Date.UTC(2025, 8, 1);

export function demoDataset(partner: (typeof DEMO_PARTNER_INFO)[number], regime: Regime, seedKey = 'encore-2026'): EvalDataset {
  const plan = planCatalog(partner, { scale: 'demo', now: new Date(DEMO_NOW), seedKey, personas: regimePersonas(regime) });
  const { events, halls, venues, sales } = plan;
  // Average full-price ticket of each event (its price list, roughly); any paid ticket otherwise.
  const full = new Float64Array(events.length);
  const fullN = new Float64Array(events.length);
  const paid = new Float64Array(events.length);
  const paidN = new Float64Array(events.length);
  for (let s = 0; s < sales.event.length; s++) {
    const e = sales.event[s];
    if (sales.amountMinor[s] <= 0) continue;
    paid[e] += sales.amountMinor[s];
    paidN[e] += sales.quantity[s];
    if (sales.ticketType[s] === 'regular') {
      full[e] += sales.amountMinor[s];
      fullN[e] += sales.quantity[s];
    }
  }
  const currencyMinor = 100;
  const features: EventFeatures[] = events.map((e, i) => {
    const hall = e.hallIdx === null ? null : halls[e.hallIdx];
    const venue = hall ? venues[hall.venueIdx] : null;
    const programme = programmeOf(e.title, e.kind, partner.language as Language);
    const price = fullN[i] > 0 ? full[i] / fullN[i] / currencyMinor : paidN[i] > 0 ? paid[i] / paidN[i] / currencyMinor : null;
    return {
      id: e.id,
      title: e.title,
      category: e.category,
      artists: programme.lineups.map((l) => l.artist_name),
      composers: programme.setlists.map((s) => s.artist_name),
      venueId: hall ? hall.venueIdx + 1 : null,
      venueName: venue?.name ?? '',
      hallId: e.hallIdx === null ? null : e.hallIdx + 1,
      hallName: hall?.name ?? '',
      price: price === null ? null : Math.round(price * 100) / 100,
      keywords: [],
      description: '',
      startMs: e.startMs,
      timezone: partner.timezone,
    };
  });
  const pastEvents = features.filter((e) => e.startMs < DEMO_CUTOFF);
  // The hidden season's shows as the box office sells them (no products, no organiser simulations).
  const hidden = features.filter((e, i) => e.startMs >= DEMO_CUTOFF && e.startMs < DEMO_NOW && events[i].source === 'api' && events[i].kind !== 'product');
  const hiddenIds = new Set(hidden.map((e) => e.id));

  const history: Purchase[] = [];
  const buyers = new Map<string, Set<number>>(hidden.map((e) => [e.id, new Set<number>()]));
  for (let s = 0; s < sales.event.length; s++) {
    const c = sales.customer[s];
    if (c < 0) continue; // manual weekly totals: no buyer
    const e = events[sales.event[s]];
    const soldAtMs = sales.soldAtMs[s];
    const p: Purchase = { customerId: c + 1, eventId: e.id, ticketType: sales.ticketType[s], tickets: sales.quantity[s], amountMinor: sales.amountMinor[s], soldAtMs };
    if (soldAtMs < DEMO_CUTOFF) history.push(p);
    else if (hiddenIds.has(e.id) && p.ticketType !== 'free') buyers.get(e.id)!.add(p.customerId);
  }
  const customers: Customer[] = plan.profiles.adsOptOut.map((optOut, i) => ({ id: i + 1, adsOptOut: optOut }));
  return {
    name: `demo ${partner.id}, ${regime}`,
    about: `demo partner ${partner.id} (${partner.language}), demo scale, buyers from regime '${regime}'`,
    cutoffMs: DEMO_CUTOFF,
    endMs: DEMO_NOW,
    pastEvents,
    batches: chunks(hidden, EVENTS_PER_PACKAGE),
    history,
    customers,
    buyers,
    category: new Map(features.map((e) => [e.id, e.category])),
  };
}

// ---------------------------------------------------------------------------------------------
// UCI Online Retail (real purchases; products as events)

/**
 * Daqing Chen, "Online Retail", UCI Machine Learning Repository (2015), doi:10.24432/C5BW33,
 * licensed CC BY 4.0. Transactions of a UK online gift-ware retailer, 1 Dec 2010 – 9 Dec 2011.
 */
export const ONLINE_RETAIL_CITATION =
  'Daqing Chen, "Online Retail", UCI Machine Learning Repository (2015), doi:10.24432/C5BW33, CC BY 4.0';
/** Minute 0 of the reduced file. */
export const RETAIL_EPOCH = Date.UTC(2010, 11, 1);
export const RETAIL_CUTOFF = Date.UTC(2011, 8, 1);
export const RETAIL_END = Date.UTC(2011, 11, 10);
/** A hidden product counts as an "event" with at least this many buyers after the cut. */
export const RETAIL_MIN_BUYERS = 10;
/** Stock codes that are not goods: postage, fees, manual adjustments, samples. */
const NOT_GOODS = new Set(['POST', 'DOT', 'M', 'D', 'C2', 'BANK CHARGES', 'AMAZONFEE', 'CRUK', 'PADS', 'B', 'S', 'm']);

/**
 * A product's category from its description: the first group with a matching word or phrase
 * (order matters: a Christmas mug is 'christmas', a lunch box 'kitchen', not 'storage').
 */
export const RETAIL_CATEGORIES: [string, string[]][] = [
  ['christmas', ['christmas', 'xmas', 'advent', 'santa', 'reindeer', 'snowflake', 'bauble', 'nativity', 'snowman']],
  ['easter', ['easter', 'chick', 'bunny', 'egg']],
  ['party', ['party', 'birthday', 'bunting', 'balloon', 'balloons', 'napkins', 'cake cases', 'straws', 'garland']],
  ['jewellery', ['necklace', 'bracelet', 'earrings', 'ring', 'charm', 'diamante', 'bead', 'beaded', 'hair', 'bling', 'brooch', 'jewelled', 'jewellery']],
  ['toys_games', ['toy', 'game', 'jigsaw', 'puzzle', 'doll', 'playing cards', 'childrens', 'childs', 'kids', 'skipping', 'crayons', 'colouring', 'sewing', 'knitting', 'feltcraft', 'magic', 'dominoes', 'spinning top']],
  ['bags', ['bag', 'bags', 'backpack', 'purse', 'shopper', 'tote']],
  ['stationery', ['card', 'cards', 'wrap', 'paper', 'notebook', 'pen', 'pencil', 'pencils', 'sticker', 'stickers', 'tape', 'tissues', 'envelope', 'envelopes', 'book', 'calendar', 'stamp', 'eraser', 'ribbon', 'ribbons', 'notepad', 'journal']],
  ['lighting', ['candle', 'candles', 't-light', 't-lights', 'tealight', 'lantern', 'light', 'lights', 'lamp', 'incense', 'chandelier']],
  ['kitchen', ['mug', 'cup', 'cups', 'teacup', 'tea', 'coffee', 'plate', 'plates', 'bowl', 'bowls', 'cutlery', 'jar', 'bottle', 'lunch box', 'tray', 'cake', 'baking', 'pan', 'kitchen', 'pantry', 'jam', 'dish', 'spoon', 'spoons', 'teapot', 'apron', 'tea towel', 'napkin', 'glass', 'jug', 'beaker', 'cake stand', 'recipe', 'biscuit', 'egg cup']],
  ['storage', ['box', 'boxes', 'tin', 'tins', 'basket', 'baskets', 'storage', 'drawer', 'cabinet', 'trinket', 'crate', 'hamper', 'bucket']],
  ['garden', ['garden', 'bird', 'birdhouse', 'plant', 'planter', 'watering', 'flower pot', 'parasol', 'umbrella', 'doormat', 'hen', 'gnome', 'trowel']],
  ['home_decor', ['sign', 'frame', 'clock', 'cushion', 'mirror', 'hook', 'hooks', 'hanger', 'knob', 'wall', 'art', 'doorstop', 'decoration', 'hanging', 'heart', 'photo', 'magnets', 'magnet', 'cover', 'blanket', 'hot water bottle', 'vase', 'ornament', 'door', 'wreath', 'chalkboard', 'blackboard', 'letters', 'coat rack', 'towel']],
];

export function retailCategory(description: string): string {
  const text = ` ${description.toLowerCase().replace(/[^a-z0-9'\- ]+/g, ' ').replace(/\s+/g, ' ').trim()} `;
  for (const [category, words] of RETAIL_CATEGORIES) if (words.some((w) => text.includes(` ${w} `))) return category;
  return 'other';
}

/**
 * The published CSV (InvoiceNo, StockCode, Description, Quantity, InvoiceDate, UnitPrice,
 * CustomerID, Country; one file or a folder of per-day files) reduced to what the evaluation
 * reads, gzipped: rows with a customer, no cancellations (invoice 'C…'), positive quantities,
 * goods only; per row the customer, stock code, minute since 2010-12-01 00:00 (the invoice time
 * read as UTC), quantity and unit price in pence; the descriptions once per stock code.
 */
export function reduceOnlineRetail(input: string): { gz: Buffer; rows: number; products: number; customers: number } {
  const files = fs.statSync(input).isDirectory()
    ? fs.readdirSync(input).filter((f) => f.endsWith('.csv')).sort().map((f) => path.join(input, f))
    : [input];
  const description = new Map<string, string>();
  const rows: string[] = [];
  const customers = new Set<string>();
  for (const file of files) {
    const records = parseCsv(fs.readFileSync(file, 'utf8'));
    for (const record of records) {
      if (record[0] === 'InvoiceNo') continue;
      const [invoice = '', code = '', desc = '', quantity, date = '', price, customer] = record;
      const q = Number(quantity);
      if (!customer || invoice.startsWith('C') || !(q > 0) || NOT_GOODS.has(code)) continue;
      const ms = Date.parse(`${date.trim().replace(' ', 'T')}Z`);
      if (!Number.isFinite(ms)) continue;
      const id = String(Math.round(Number(customer)));
      customers.add(id);
      if (desc.trim() && !description.has(code)) description.set(code, desc.trim().replace(/\s+/g, ' '));
      rows.push(`${id}\t${code}\t${Math.round((ms - RETAIL_EPOCH) / 60_000)}\t${q}\t${Math.round(Number(price) * 100)}`);
    }
  }
  const text = [
    `# ${ONLINE_RETAIL_CITATION}. Reduced for bench/packages-eval.ts (bench/packages-eval-data.ts reduceOnlineRetail).`,
    '# products: stock_code, description',
    ...[...description.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([c, d]) => `${c}\t${d}`),
    '# sales: customer_id, stock_code, minute since 2010-12-01T00:00Z, quantity, unit_price_pence',
    ...rows,
  ].join('\n');
  return { gz: gzipSync(text, { level: 9 }), rows: rows.length, products: description.size, customers: customers.size };
}

export interface RetailRow {
  customer: number;
  code: string;
  ms: number;
  quantity: number;
  pence: number;
}

export function readOnlineRetail(gz: Buffer): { description: Map<string, string>; rows: RetailRow[] } {
  const description = new Map<string, string>();
  const rows: RetailRow[] = [];
  let section = '';
  for (const line of gunzipSync(gz).toString('utf8').split('\n')) {
    if (line.startsWith('# products')) section = 'products';
    else if (line.startsWith('# sales')) section = 'sales';
    else if (line.startsWith('#') || !line) continue;
    else if (section === 'products') {
      const [code, d] = line.split('\t');
      description.set(code, d);
    } else if (section === 'sales') {
      const [customer, code, minute, quantity, pence] = line.split('\t');
      rows.push({ customer: Number(customer), code, ms: RETAIL_EPOCH + Number(minute) * 60_000, quantity: Number(quantity), pence: Number(pence) });
    }
  }
  return { description, rows };
}

const medianOf = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};

/**
 * Products as events: each stock code is one event with its description as title, a category
 * from the description (retailCategory), its median unit price as price and its first sale as
 * start. Past events: products first sold before the cut. Hidden events: products first sold in
 * the hidden period (new lines, as a season's shows are new) with at least RETAIL_MIN_BUYERS
 * buyers there, in the order of their first sale, EVENTS_PER_PACKAGE to a package.
 */
export function retailDataset(gz: Buffer): EvalDataset {
  const { description, rows } = readOnlineRetail(gz);
  const first = new Map<string, number>();
  const prices = new Map<string, number[]>();
  for (const r of rows) {
    if (!(first.get(r.code)! <= r.ms)) first.set(r.code, r.ms);
    const own = prices.get(r.code) ?? [];
    own.push(r.pence / 100);
    prices.set(r.code, own);
  }
  const features = new Map<string, EventFeatures>();
  for (const [code, startMs] of first) {
    const title = description.get(code) ?? code;
    features.set(code, {
      id: code,
      title,
      category: retailCategory(title),
      artists: [],
      composers: [],
      venueId: null,
      venueName: '',
      hallId: null,
      hallName: '',
      price: medianOf(prices.get(code)!),
      keywords: [],
      description: '',
      startMs,
      timezone: 'Europe/London',
    });
  }
  const history: Purchase[] = [];
  const buyers = new Map<string, Set<number>>();
  const customerIds = new Set<number>();
  for (const r of rows) {
    customerIds.add(r.customer);
    if (r.ms < RETAIL_CUTOFF) {
      history.push({ customerId: r.customer, eventId: r.code, ticketType: 'regular', tickets: r.quantity, amountMinor: r.quantity * r.pence, soldAtMs: r.ms });
    } else if (first.get(r.code)! >= RETAIL_CUTOFF) {
      const b = buyers.get(r.code) ?? new Set<number>();
      b.add(r.customer);
      buyers.set(r.code, b);
    }
  }
  const all = [...features.values()];
  const pastEvents = all.filter((e) => e.startMs < RETAIL_CUTOFF);
  const hidden = all
    .filter((e) => e.startMs >= RETAIL_CUTOFF && (buyers.get(e.id)?.size ?? 0) >= RETAIL_MIN_BUYERS)
    .sort((a, b) => a.startMs - b.startMs || (a.id < b.id ? -1 : 1));
  for (const code of [...buyers.keys()]) if (!hidden.some((e) => e.id === code)) buyers.delete(code);
  return {
    name: 'UCI Online Retail',
    about: `UK online gift-ware retailer, ${customerIds.size} customers, products as events`,
    cutoffMs: RETAIL_CUTOFF,
    endMs: RETAIL_END,
    pastEvents,
    batches: chunks(hidden, EVENTS_PER_PACKAGE),
    history,
    customers: [...customerIds].sort((a, b) => a - b).map((id) => ({ id, adsOptOut: false })),
    buyers,
    category: new Map(all.map((e) => [e.id, e.category])),
  };
}

export const DAYS = (ms: number) => Math.round(ms / DAY);
