// Question → typed query. The words become items (./lexicon/match.ts); the items are read clause
// by clause into conditions: values and field comparisons on the outcome become filters, values
// on other entities join a "related" condition counted over the outcome's transactions ("mehr als
// drei Opern", "spent over 500 €", "never bought"), superlatives and "top N" become ordering and
// limit, "pro Sparte" a grouping. No guessing: a word that is neither understood nor a stop word
// refuses the question as not understood, naming what was understood (docs/NLQ-ENGINE.md).
import { hasContradiction } from './contradictions';
import { CATEGORY_WORDS, field as semanticField, PAYMENT_WORDS, PROPERTY_LABEL_WORDS, PROPERTY_VALUE_WORDS, type SemanticField } from './semantic';
import { matchQuestion, type Item } from './lexicon/match';
import { fold, INPUT_BOUNDS, inputBreach, shortWord, stems } from './lexicon/normalise';
import type { Cmp } from './lexicon/keywords';
import { detectOthers, detectStrayOperators, detectWrite } from './refuse';
import { numberProblems } from './numbers';
import type { DateRange } from './time';
import type { Condition, Entity, FieldFilter, Measure, ParseOptions, ParseResult, RelatedFilter, TypedQuery, Vocabulary } from './typed-query';

type DateTarget = 'e' | 't';

interface Anchor {
  pos: number;
  measure?: Measure;
  op: Cmp;
  value: number;
  where: FieldFilter[];
  verb?: 'visit' | 'buy' | 'spend';
  /** The upper end of a "zwischen … und …": shares the conditions of the lower end. */
  twin?: boolean;
}

interface Loose {
  pos: number;
  cond: FieldFilter;
  negated: boolean;
}

const FLIP: Record<Cmp, Cmp> = { '>': '<=', '>=': '<', '<': '>=', '<=': '>', '=': '!=', '!=': '=' };

const ff = (tag: FieldFilter['field']['tag'], field: string, op: FieldFilter['op'], value: FieldFilter['value']): FieldFilter =>
  ({ kind: 'field', field: { tag, field }, op, value });

function rangeFilters(tag: DateTarget, range: DateRange, fieldName = 'date'): FieldFilter[] {
  const out: FieldFilter[] = [];
  if (range.from) out.push(ff(tag, fieldName, '>=', range.from));
  if (range.to) out.push(ff(tag, fieldName, '<', range.to));
  return out;
}

/** A comparison applied to a time span: "ab 1990" from its start, "nach 1990" from its end, "vor 1990" up to its start. */
function bound(op: Exclude<Cmp, '=' | '!='>, range: DateRange): DateRange {
  if (op === '>=') return { from: range.from };
  if (op === '>') return { from: range.to };
  if (op === '<') return { to: range.from };
  return { to: range.to };
}

function negate(c: FieldFilter): FieldFilter {
  const op = c.op === '=' ? '!=' : c.op === 'in' ? 'not in' : c.op === 'is' ? 'is not' : c.op === 'is not' ? 'is' : c.op === 'contains' ? 'contains' : FLIP[c.op as Cmp] ?? c.op;
  if (c.op === 'contains') return c; // "enthält nicht" is not offered; keep the positive form
  if (typeof c.value === 'boolean' && c.op === '=') return { ...c, value: !c.value };
  return { ...c, op };
}

const isTag = (c: FieldFilter, tags: string[]) => tags.includes(c.field.tag);

/** "etwas", "anything": an object of its own — with a negation, nothing at all. */
const isIndefinite = (x: Item) => x.k === 'stop' && /^(etwas|irgendetwas|irgendwas|anything|something)$/i.test(x.raw);

/** Items of one clause: split at "aber/but", and at "und"/"," when a new count or negation follows. */
function clauses(items: Item[], tokensPunct: string[]): Item[][] {
  const out: Item[][] = [[]];
  for (let j = 0; j < items.length; j++) {
    const it = items[j];
    if (it.k === 'boundary') {
      // "Hamlet gesehen, The Tempest aber nie", "letzte Saison gebucht, diese Saison aber gar
      // nichts": after the boundary only a negation, so what stands between the last comma and
      // "aber" is what the negated clause is about.
      const after: Item[] = [];
      for (let m = j + 1; m < items.length && items[m].k !== 'boundary'; m++) after.push(items[m]);
      // "…storniert, aber nie etwas gekauft": "etwas" is the negated clause's own object.
      const bare = after.some((x) => x.k === 'neg') && after.every((x) => x.k === 'neg' || x.k === 'stop' || x.k === 'verb' || x.k === 'with') && !after.some(isIndefinite);
      const current = out[out.length - 1];
      const comma = bare ? current.findLastIndex((x, p) => p < current.length - 1 && /,/.test(tokensPunct[x.end - 1] ?? '')) : -1;
      const moved = comma >= 0 ? current.slice(comma + 1) : [];
      if (moved.some((x) => x.k !== 'stop' && x.k !== 'conj')) {
        current.splice(comma + 1);
        out.push([...moved]);
      } else out.push([]);
      continue;
    }
    const nextMeaningful: Item[] = [];
    for (let m = j + 1; m < items.length && nextMeaningful.length < 3; m++) if (items[m].k !== 'stop') nextMeaningful.push(items[m]);
    const startsRelated = nextMeaningful.some((x) => x.k === 'neg' || x.k === 'cmp' || x.k === 'num') && out[out.length - 1].some((x) => x.k === 'neg' || x.k === 'num');
    // "zwischen 100 und 200", "between £200 and £500", "zwischen 100 € und 200 €": one range.
    const betweenNumber = items[j - 2]?.k === 'between' || (items[j - 3]?.k === 'between' && (items[j - 2]?.k === 'money' || items[j - 1]?.k === 'money'));
    if (it.k === 'conj' && startsRelated && !betweenNumber) { out.push([]); continue; }
    out[out.length - 1].push(it);
    if (/[,;]/.test(tokensPunct[it.end - 1] ?? '') && startsRelated) out.push([]);
  }
  return out.filter((c) => c.length > 0);
}

function measureOf(it: Item | undefined): Measure | undefined {
  if (!it) return undefined;
  if (it.k === 'noun') return it.measure;
  if (it.k === 'money') return 'revenue';
  if (it.k === 'category') return 'events';
  if (it.k === 'value' && it.tag === 'e') return 'events';
  // "mehr als 5 Freikarten", "10 Abo-Tickets": ticket types and price categories count tickets.
  if (it.k === 'value' && it.tag === 't') return 'tickets';
  if (it.k === 'times') return 'transactions';
  if (it.k === 'verb' && it.v === 'spend') return 'revenue';
  if (it.k === 'verb' && it.v === 'visit') return 'events';
  return undefined;
}

export function parseQuestion(text: string, opts: ParseOptions): ParseResult {
  const { outcome, vocabulary, now } = opts;
  // Bounds first (issue 21 §1): the raw words are measured before anything folds or matches them,
  // so no question costs more than its bounded words do.
  const breach = inputBreach(text);
  if (breach?.kind === 'word') return { ok: false, refusal: 'not_understood', understood: [], reason: `no word of a question is this long ("${breach.word}")`, problems: [breach.word], hard: true };
  if (breach?.kind === 'words') return { ok: false, refusal: 'not_understood', understood: [], reason: `${breach.count} words are more than one question (at most ${INPUT_BOUNDS.words})`, problems: [], hard: true };
  const write = detectWrite(text);
  if (write) return { ok: false, refusal: 'write', understood: [], reason: `asks to change data ("${write}")` };
  const others = detectOthers(text);
  if (others) return { ok: false, refusal: 'others_data', understood: [], reason: `names data of other partners ("${others}")` };

  // Injection residue is no condition ("Köln' OR '1'='1" read as "exactly 1 transaction").
  const stray = detectStrayOperators(text);
  if (stray) return { ok: false, refusal: 'not_understood', understood: [], reason: `stray quotes or operators ("${shortWord(stray)}")`, problems: [shortWord(stray)], hard: true };

  const { tokens, items } = matchQuestion(text, vocabulary, now);
  if (items.some((i) => i.k === 'other')) {
    const o = items.find((i) => i.k === 'other')!;
    return { ok: false, refusal: 'others_data', understood: [], reason: `names another partner ("${o.raw}")` };
  }
  // "2025-02-30", "am 31.02.2025": no such day — refused naming it, never rolled over to March.
  const impossible = items.filter((i) => i.k === 'invalid');
  if (impossible.length > 0) {
    const named = impossible.map((i) => shortWord(i.raw));
    const understoodSoFar = [...new Set(items.filter((i) => i.k !== 'stop' && i.k !== 'unknown' && i.k !== 'invalid' && i.k !== 'conj' && i.k !== 'eq').map((i) => i.raw))];
    return { ok: false, refusal: 'not_understood', understood: understoodSoFar, reason: `no such date: ${named.join(', ')}`, problems: named, hard: true };
  }
  // "2024 da waren, aber seitdem nicht mehr", "came in 2024 but haven't been back since": from the
  // end of the time named before, with no end (RULES.md open-ended dates).
  for (let j = 0; j < items.length; j++) {
    const it = items[j];
    if ((it.k !== 'stop' && it.k !== 'unknown') || !SINCE_THEN.has(fold(it.raw))) continue;
    const before = items.slice(0, j).reverse().find((x) => x.k === 'time');
    if (!before || before.k !== 'time' || !before.range.to) continue;
    // "since" is also the head of "since March": only a lone one at a clause's end means "since then".
    if (fold(it.raw) === 'since' && items.slice(j + 1).some((x) => x.k !== 'stop')) continue;
    items[j] = { k: 'time', range: { from: before.range.to }, start: it.start, end: it.end, raw: it.raw };
  }
  // "Buchungen mit Gutschein", "paid by voucher": how a sale was paid, not the voucher products
  // (before anything reads the word as an event's genre, e.g. which date a time means).
  const content = items.filter((i) => i.k !== 'stop');
  content.forEach((it, n) => {
    const method = paidWith(it, content[n - 1], content[n + 1], vocabulary);
    if (method) items[items.indexOf(it)] = { k: 'value', tag: 't', field: 'payment_method', value: method, op: '=', start: it.start, end: it.end, raw: it.raw };
  });
  // What the refusal shows as understood: the words that carry meaning, not connectives such as
  // "haben", "mit", "aus", "oder" (a fresh-eyes finding: the list read like the question back).
  const understood = [...new Set(items.filter((i) => !FILLER_KINDS.has(i.k)).map((i) => i.raw))];
  const used = new Set<Item>();
  const use = (...xs: (Item | undefined)[]) => xs.forEach((x) => x && used.add(x));

  // "nicht vor dem 1. Dezember", "not after March" on events and transactions: the other side of
  // the date. A span cannot be excluded by one condition ("Veranstaltungen nicht im Oktober"):
  // refused naming it — read as "no sales" it answered another question. On customers "nicht im
  // Oktober gekauft" stays a count of none in October.
  /** An event date outside a span ("nicht 2024"): one of two alternatives (the query's anyOf). */
  let outside: Condition[][] | undefined;
  if (outcome !== 'customers') {
    for (let j = 0; j + 1 < items.length; j++) {
      const n = items[j];
      // "nicht im Jahr 2025": the word "Jahr" belongs to the time.
      const at = items.findIndex((x, k) => k > j && x.k !== 'stop' && !(x.k === 'age' && /^(jahr|year)$/.test(fold(x.raw))));
      const t = items[at];
      if (n.k !== 'neg' || t?.k !== 'time') continue;
      use(...items.slice(j + 1, at).filter((x) => x.k === 'age'));
      const flip = (r: DateRange): DateRange | undefined => (r.from && !r.to ? { to: r.from } : r.to && !r.from ? { from: r.to } : undefined);
      const range = flip(t.range);
      // "Comedy in der Arena, aber nicht 2024", "not in October" on events: before it or after it.
      if (!range && outcome === 'events' && t.range.from && t.range.to && !outside) {
        outside = [[ff('e', 'date', '<', t.range.from)], [ff('e', 'date', '>=', t.range.to)]];
        use(n, t);
        continue;
      }
      if (!range) {
        const named = shortWord(tokens.slice(n.start, t.end).map((x) => x.raw).join(' '));
        return { ok: false, refusal: 'not_understood', understood, reason: `a time span cannot be excluded ("${named}")`, problems: [named], hard: true };
      }
      const earlier = t.earlier && flip(t.earlier);
      items[at] = { ...t, range, ...(earlier ? { earlier } : {}) } as Item;
      use(n);
    }
  }
  const filters: Condition[] = [];
  const anyOf: Condition[][] = [];
  let orderBy: TypedQuery['orderBy'];
  /** The noun a ranking is by ("nach Umsatz"): it still tells which date a time means (dateTarget). */
  let orderNoun: Item | undefined;
  let limit: number | undefined;
  let groupBy: TypedQuery['groupBy'];
  const related: RelatedFilter[] = [];
  const direct = (c: FieldFilter) => filters.push(c);
  const nowYear = now.getUTCFullYear();

  // Ordering and limit are read on the whole question.
  const all = items.filter((i) => i.k !== 'stop');
  for (let j = 0; j < all.length; j++) {
    const it = all[j];
    const next = all[j + 1];
    const prev = all[j - 1];
    if (it.k === 'top' || it.k === 'super') {
      if (next?.k === 'num' && it.k === 'top') { limit = Math.round(next.value); use(next); }
      else if (prev?.k === 'num' && !(all[j - 2]?.k === 'cmp')) { limit = Math.round(prev.value); use(prev); }
      use(it);
      let dir: 'asc' | 'desc' = it.k === 'super' ? it.dir : 'desc';
      let measure: Measure | undefined = it.k === 'super' ? it.measure : undefined;
      let fieldName: string | undefined = it.k === 'super' ? it.field : undefined;
      // What is ranked: the next measure or field word ("höchste Auslastung", "most tickets", "nach Umsatz").
      for (const look of all.slice(j + 1, j + 6)) {
        if (measure || fieldName) break;
        if (look.k === 'field' && look.field.type === 'number') { fieldName = look.field.name; use(look); break; }
        if (look.k === 'noun' && look.measure !== outcomeMeasure(outcome)) { measure = look.measure; orderNoun = look; use(look); break; }
        if (look.k === 'money') { measure = 'revenue'; orderNoun = look; use(look); break; }
      }
      if (!measure && !fieldName) measure = outcome === 'transactions' ? undefined : 'revenue';
      if (!measure && !fieldName) fieldName = 'amount';
      const d = all.slice(j).find((x) => x.k === 'dir');
      if (d && d.k === 'dir') { dir = d.dir; use(d); }
      orderBy = fieldOrder(outcome, measure, fieldName, dir);
      // "die nächsten 5 Vorstellungen", "the next 5 events": the ones still ahead, soonest first.
      if (it.k === 'super' && it.upcoming && outcome === 'events') direct(ff('e', 'date', '>=', now.toISOString().slice(0, 10)));
      // "die 3 Opern mit dem meisten Umsatz", "the 5 customers who spent most": the number before the noun.
      const nounAt = all.findIndex((x) => (x.k === 'noun' && x.entity === outcome) || (outcome === 'events' && x.k === 'category'));
      const countBefore = nounAt > 0 ? all[nounAt - 1] : undefined;
      if (limit === undefined && countBefore?.k === 'num' && Number.isInteger(countBefore.value) && all[nounAt - 2]?.k !== 'cmp' && !used.has(countBefore)) {
        limit = countBefore.value;
        use(countBefore);
      }
      // "welcher Kunde war am häufigsten da", "which musical made the most money": one asked for.
      if (limit === undefined && singularOutcome(all, outcome)) limit = 1;
    }
    // "nach Besuchen" reads "besuchen" as the verb: ordered by visits (events), "nach Ausgaben" by spend.
    const visitOrSpend = next?.k === 'verb' && (next.v === 'visit' || next.v === 'spend');
    // "by % sold", "nach Auslastung in %": the sold share.
    const afterPercent = all[j + 2];
    const bySoldShare = outcome === 'events' && next?.k === 'percent' && (afterPercent?.k === 'verb' && afterPercent.v === 'buy' || afterPercent?.k === 'soldout');
    if (it.k === 'sortby' || (it.k === 'by' && (next?.k === 'noun' || next?.k === 'money' || visitOrSpend || bySoldShare || (next?.k === 'field' && next.field.type !== 'text')) && (orderBy || limit || all.some((x) => x.k === 'sortby')))) {
      use(it);
      const what = next;
      // "the 2 worst-selling events … by % sold": the superlative's direction, by this measure.
      let dir: 'asc' | 'desc' = orderBy?.direction ?? 'desc';
      const d = all.slice(j).find((x) => x.k === 'dir');
      if (d && d.k === 'dir') { dir = d.dir; use(d); }
      if (bySoldShare) { orderBy = fieldOrder(outcome, undefined, 'already_sold', dir); use(what, all[j + 2]); }
      else if (what?.k === 'noun' || what?.k === 'money') { orderBy = fieldOrder(outcome, measureOf(what), undefined, dir); orderNoun = what; use(what); }
      // The verb stays for its clause: it still says which date a time means ("by spend in 2025").
      else if (what?.k === 'verb' && visitOrSpend) orderBy = fieldOrder(outcome, what.v === 'visit' ? 'events' : 'revenue', undefined, dir);
      else if (what?.k === 'field') { orderBy = fieldOrder(outcome, undefined, what.field.name, dir, what.field.tag); use(what); }
      else if (what?.k === 'super') { /* handled by the superlative */ }
    }
    if ((it.k === 'group' || it.k === 'by') && !used.has(it) && next?.k === 'field' && next.field.type === 'text') {
      groupBy = { tag: next.field.tag, field: next.field.name };
      use(it, next);
    }
    if ((it.k === 'group' || it.k === 'by') && !used.has(it) && next?.k === 'category' && /^(sparte|kategorie|genre|category)/.test(next.raw.toLowerCase())) {
      groupBy = { tag: 'e', field: 'category' };
      use(it, next);
    }
    if (it.k === 'group' && !used.has(it) && next?.k === 'noun' && (next.entity === 'customers' || next.entity === 'events')) use(it);
  }

  const punct = tokens.map((t) => t.punctAfter);
  let previousWhat: FieldFilter[] = [];
  /** "weder 2025 noch 2026": the negation went into one count per time. */
  let negatedTimes = false;
  let lastVerb: Item | undefined;
  /** A customer's city has been named ("Kunden aus Köln"): a later place of a visit is the event's. */
  let customerCitySeen = false;
  for (const clause of clauses(items.filter((i) => !used.has(i)), punct)) {
    const anchors: Anchor[] = [];
    const loose: Loose[] = [];
    const cs = clause.filter((i) => i.k !== 'stop');
    const verbs = cs.filter((i) => i.k === 'verb');
    const verb = verbs.length > 0 ? (verbs[0] as Extract<Item, { k: 'verb' }>).v : undefined;
    // "im Oktober gekauft, aber im November nicht mehr": a clause without its own verb keeps the
    // previous clause's (the November is a sale time too). Appended, so positions stay.
    const csVerb = verbs.length === 0 && lastVerb ? [...cs, lastVerb] : cs;
    if (verbs.length > 0) lastVerb = verbs[0];
    let pendingNeg: Item | undefined;
    let customerPlace = false;
    for (let j = 0; j < cs.length; j++) {
      const it = cs[j];
      const next = cs[j + 1];
      const prev = cs[j - 1];
      if (used.has(it)) continue;
      switch (it.k) {
        case 'neg': {
          pendingNeg = it;
          use(it);
          // "nie/never/keine Tickets": a related count of zero unless a customer field follows.
          // "nicht aus Köln", "not in Bonn": the place words are skipped to find what is negated.
          // "nicht auf der Studiobühne": "auf" here is a place word, not "endet auf".
          // "payments that were not for comedy": "for" leads to what is negated.
          let target = cs.slice(j + 1).find((x) => x.k !== 'with' && x.k !== 'eq' && x.k !== 'conj' && x.k !== 'from' && x.k !== 'for' && !(x.k === 'contains' && /^(auf|on|at|in)$/i.test(x.raw)));
          // "ohne Abo Gold": the ticket-type word names the property whose value follows.
          const valueAfter = target ? cs[cs.indexOf(target) + 1] : undefined;
          if (target && namesProperty(target, valueAfter)) target = valueAfter;
          // "weder 2025 noch 2026 gekauft": the times decide the counts (one per time, below).
          if (it.k === 'neg' && it.both && target?.k === 'time' && outcome === 'customers') break;
          const customerSide = target && (target.k === 'field' && (target.field.tag === 'c') || target?.k === 'ccpLabel' || target?.k === 'ccpValue' || target?.k === 'city' || target?.k === 'adsAllowed' || target?.k === 'zipPrefix');
          // "nicht ausverkauft", "nicht abgesagt": the event's own state, negated where it is read.
          if (target?.k === 'soldout' || target?.k === 'status' || outcome === 'events' && target?.k === 'value' && target.field === 'ticket_type' && target.value === 'cancelled'
            || outcome === 'transactions' && target?.k === 'value') break;
          // "hasn't sold half its seats", "nicht zu 50 % verkauft": a share not reached (read with the number).
          const afterTarget = target ? cs.indexOf(target) : -1;
          if (outcome === 'events' && target?.k === 'verb' && cs[afterTarget + 1]?.k === 'num' && cs[afterTarget + 2]?.k === 'percent') break;
          // A sale's or an event's own genre or title is negated where it is read ("not for comedy").
          if (!customerSide && !(target?.k === 'field') && !(target?.k === 'cmp') && !(target?.k === 'num') && !(outcome !== 'customers' && target && (target.k === 'category' || (target.k === 'value' && target.tag === 'e')))) {
            // A bare "none" counts rows whatever its noun: "no sales", "keine Tickets", "kein Umsatz"
            // mean no such transaction at all (tests/nlq-accuracy/RULES.md), not a sum that nets
            // to zero, and a count of zero compiles to an index probe instead of a sum over every sale.
            const noun = measureOf(target && target.k !== 'value' ? target : undefined);
            anchors.push({ pos: it.start, op: '=', value: 0, where: [], measure: noun === 'revenue' || noun === 'tickets' ? 'transactions' : noun ?? 'transactions' });
            pendingNeg = undefined;
          }
          break;
        }
        case 'cmp':
        case 'num':
        case 'times': {
          // A comparison with its number and what is counted.
          let op: Cmp = '>=';
          let num: Item | undefined;
          let k = j;
          let moneyFirst: Item | undefined;
          // "Auslastung unter dem Benchmark", "events below benchmark": the sold share against the
          // benchmark (benchmark_gap, percentage points), with or without "Auslastung" before.
          if (it.k === 'cmp' && next?.k === 'field' && next.field.name === 'benchmark' && next.field.tag === 'e' && cs[j + 2]?.k !== 'num') {
            const sold = prev?.k === 'field' && prev.field.name === 'already_sold' ? prev : prev?.k === 'eq' && cs[j - 2]?.k === 'field' && (cs[j - 2] as { field: { name: string } }).field.name === 'already_sold' ? cs[j - 2] : undefined;
            loose.push({ pos: it.start, cond: ff('e', 'benchmark_gap', it.op, 0), negated: false });
            use(it, next, sold, sold && prev?.k === 'eq' ? prev : undefined);
            break;
          }
          if (it.k === 'cmp') {
            op = it.op;
            if (next?.k === 'num') { num = next; k = j + 1; }
            else if ((next?.k === 'money') && cs[j + 2]?.k === 'num') { num = cs[j + 2]; moneyFirst = next; k = j + 2; }
          }
          else if (it.k === 'num') { num = it; op = prev?.k === 'cmp' ? prev.op : '>='; }
          if (it.k === 'times') {
            // "mehr als einmal", "zweimal", "3 mal"
            if (it.n === 0 && prev?.k === 'num') break;
            // "zeig mir mal …": "mal" without a number is a filler, not "once".
            if (it.n === 0 && !(prev?.k === 'num' || prev?.k === 'cmp')) { use(it); break; }
            const cmpBefore = prev?.k === 'cmp' ? prev.op : prev?.k === 'num' && cs[j - 2]?.k === 'cmp' ? (cs[j - 2] as { op: Cmp }).op : '>=';
            const n = it.n || (prev?.k === 'num' ? prev.value : 1);
            // "5 mal da gewesen" counts visits (events); "mehr als einmal gekauft" purchases.
            anchors.push({ pos: it.start, op: cmpBefore, value: n, where: [], measure: verb === 'buy' || verb === 'spend' ? 'transactions' : 'events' });
            use(it, prev);
            break;
          }
          if (!num) break;
          if (it.k === 'num' && prev?.k === 'money' && cs[j - 2]?.k === 'cmp') break; // read from the comparison
          const after = cs[k + 1];
          const post = after?.k === 'cmp' && after.postfix ? after : undefined;
          if (post && post.k === 'cmp') op = post.op;
          let unitItem: Item | undefined = moneyFirst ?? (post ? cs[k + 2] : after);
          // "the average ticket price is over £50": the field before its verb.
          const before = it.k === 'cmp' ? (prev?.k === 'eq' && cs[j - 2]?.k === 'field' ? cs[j - 2] : prev) : prev?.k === 'cmp' ? cs[j - 2] : prev;
          // "80 % Auslastung", "1000 Plätzen", "200 seats": a number field after the number.
          const afterUnit = unitItem?.k === 'percent' || unitItem?.k === 'money' ? cs[cs.indexOf(unitItem) + 1] : unitItem;
          // "more than £10 discount", "über 5 € Rabatt": the transaction's discount amount.
          const discountWord = unitItem?.k === 'money' ? [afterUnit, cs[cs.findIndex((x) => x === num) + 1]].find((x) => x?.k === 'value' && x.field === 'ticket_type' && x.value === 'discount' && !used.has(x)) : undefined;
          if (discountWord) {
            loose.push({ pos: discountWord.start, cond: ff('t', 'discount', op, num.k === 'num' ? num.value : 0), negated: false });
            use(it, num, post, unitItem, discountWord);
            break;
          }
          if (afterUnit?.k === 'field' && afterUnit.field.type === 'number' && !used.has(afterUnit)) {
            loose.push({ pos: afterUnit.start, cond: ff(afterUnit.field.tag, afterUnit.field.name, op, num.k === 'num' ? num.value : 0), negated: false });
            use(it, num, post, unitItem, afterUnit);
            break;
          }
          // "mehr als 50 % verkauft", "more than 90% sold": the event's sold share.
          // A field before it owns the percent ("Auslastung unter 50 %") unless "sold" follows or the
          // field is no share ("1,500 seats that are under 30 % sold", "opera dates below 50% sold").
          const afterPercent = unitItem?.k === 'percent' ? cs[cs.indexOf(unitItem) + 1] : undefined;
          const soldAfter = afterPercent?.k === 'soldout' || (afterPercent?.k === 'verb' && afterPercent.v === 'buy');
          const fieldOwnsPercent = before?.k === 'field' && before.field.type === 'number' && !used.has(before) && !soldAfter;
          if (unitItem?.k === 'percent' && (before?.k !== 'field' || !fieldOwnsPercent)) {
            // "hasn't sold half its seats", "noch nicht zu 50 % verkauft": the share is not reached.
            const notReached = !!pendingNeg && outcome === 'events';
            if (notReached) pendingNeg = undefined;
            loose.push({ pos: unitItem.start, cond: ff('e', 'already_sold', op, num.k === 'num' ? num.value : 0), negated: notReached });
            use(it, num, post, unitItem);
            const v = cs[cs.indexOf(unitItem) + 1];
            if (v?.k === 'verb' || v?.k === 'soldout') use(v);
            break;
          }
          // "Auslastung über 80 %": the field's own unit (taken, so a mistyped "porzent" is not left over).
          if (unitItem?.k === 'percent') {
            use(unitItem);
            unitItem = undefined;
          }
          // "Kapazität über 500", "Auslastung unter 50 %", "Geburtsjahr nach 1960"
          if (before?.k === 'field' && (before.field.type === 'number') && !used.has(before)) {
            const v = num.k === 'num' ? num.value : 0;
            loose.push({ pos: before.start, cond: ff(before.field.tag, before.field.name, op, v), negated: false });
            use(it, num, before, post, unitItem?.k === 'money' ? unitItem : undefined);
            break;
          }
          // Age: "älter als 60", "über 60 Jahre (alt)", "Alter unter 30"
          // "60 Jahre oder älter", "30 or younger": the age and everything above / below it.
          const orLater = unitItem?.k === 'later' ? unitItem : unitItem?.k === 'age' && cs[cs.indexOf(unitItem) + 1]?.k === 'later' ? cs[cs.indexOf(unitItem) + 1] : undefined;
          const ageWord = orLater && /aelter|older|juenger|younger/.test(fold(orLater.raw)) && num.k === 'num' && num.value <= 120;
          // "Kunden über 60", "customers under 25 who bought comedy": a bare age right after the
          // customer noun or a form of address ("Frauen über 60") — a count of 60 purchases is nobody's reading.
          const person = before?.k === 'noun' && before.entity === 'customers' || before?.k === 'value' && before.tag === 'c' && before.field === 'salutation';
          const bareAge = outcome === 'customers' && it.k === 'cmp' && AGE_CMP.has(fold(it.raw)) && person
            && num.k === 'num' && Number.isInteger(num.value) && num.value >= 12 && num.value <= 110
            && !(unitItem && ['money', 'percent', 'noun', 'times', 'field', 'num', 'cmp', 'value', 'category', 'later'].includes(unitItem.k));
          const ageAfter = unitItem?.k === 'age' || !!ageWord || bareAge;
          const older = prev?.k === 'older' ? prev : before?.k === 'older' ? before : undefined;
          const ageBefore = before?.k === 'age' || !!older;
          if (ageAfter || ageBefore) {
            let aop = op;
            if (older && older.k === 'older') aop = older.op;
            if (orLater?.k === 'later') { aop = orLater.later ? '<=' : '>='; use(orLater); }
            use(older);
            const n = num.k === 'num' ? num.value : 0;
            const by = nowYear - n;
            const yop: Cmp = aop === '>' ? '<' : aop === '>=' ? '<=' : aop === '<' ? '>' : aop === '<=' ? '>=' : aop;
            loose.push({ pos: it.start, cond: ff('c', 'birth_year', yop, by), negated: false });
            use(it, num, before?.k === 'age' || before?.k === 'older' ? before : undefined, unitItem?.k === 'age' ? unitItem : undefined, post);
            // "Jahre alt": the second word of the age
            const alt = cs[k + 2];
            if (ageAfter && alt?.k === 'age') use(alt);
            break;
          }
          // A count or amount over related rows.
          const measureBefore = before?.k === 'noun' || before?.k === 'money' || (before?.k === 'verb' && before.v === 'spend') ? measureOf(before) : undefined;
          // "mehr als 5 mal da waren" counts visits (events), "mehr als 5 mal gekauft" purchases.
          // "mehr als 2 stornierte Buchungen", "more than 3 cancelled bookings": the noun after the
          // ticket type says what is counted (purchases), the type only which ones.
          const typedNoun = unitItem?.k === 'value' && unitItem.field === 'ticket_type' ? cs[cs.indexOf(unitItem) + 1] : undefined;
          let measure = unitItem?.k === 'times' ? (verb === 'buy' || verb === 'spend' ? 'transactions' : 'events')
            : typedNoun?.k === 'noun' && typedNoun.measure !== 'customers' ? typedNoun.measure : measureOf(unitItem) ?? measureBefore;
          if (typedNoun?.k === 'noun') use(typedNoun);
          if (unitItem?.k === 'money') {
            use(unitItem);
            const then = cs[cs.indexOf(unitItem) + 1];
            if (then?.k === 'noun' && then.measure === 'revenue') use(then);
          }
          if (measure === 'customers' && outcome === 'customers') measure = undefined;
          // On transactions a count of tickets or an amount is the transaction's own field.
          if (outcome === 'transactions' && (measure === 'tickets' || measure === 'revenue')) {
            loose.push({ pos: num.start, cond: ff('t', measure === 'tickets' ? 'tickets' : 'amount', op, num.k === 'num' ? num.value : 0), negated: false });
            use(it, num, post);
            if (unitItem?.k === 'noun' || unitItem?.k === 'money') use(unitItem);
            if (before && measureBefore) use(before);
            break;
          }
          if (unitItem?.k === 'noun' && unitItem.measure === outcomeMeasure(outcome) && !measureBefore) {
            // "5 Kunden" on the customers outcome is a limit, not a condition.
            if (limit === undefined && num.k === 'num') limit = Math.round(num.value);
            use(it, num, post);
            break;
          }
          anchors.push({ pos: num.start, op, value: num.k === 'num' ? num.value : 0, where: [], measure, verb });
          use(it, num, post);
          if (unitItem && (unitItem.k === 'noun') && measure) use(unitItem);
          if (before && measureBefore) use(before);
          if (unitItem?.k === 'verb' && unitItem.v === 'spend') use(unitItem);
          if (pendingNeg) {
            const a = anchors[anchors.length - 1];
            a.op = FLIP[a.op];
            pendingNeg = undefined;
          }
          break;
        }
        case 'between': {
          // "zwischen 400 und 500 Plätzen", "Kapazität zwischen 400 und 500": both ends included.
          // "between £200 and £500": a currency sign before each number is the unit.
          {
            // Currency signs around the two numbers ("£200 and £500", "100 € und 200 €") become
            // one unit after the second, as in "zwischen 100 und 200 €".
            const end = Math.min(cs.length, j + 7);
            const span = cs.slice(j + 1, end);
            const sign = span.find((x) => x.k === 'money');
            const rest = span.filter((x) => x.k !== 'money');
            if (sign && rest[0]?.k === 'num' && rest[1]?.k === 'conj' && rest[2]?.k === 'num') {
              let taken = 0;
              let seen = 0;
              for (const x of span) { taken++; if (x.k !== 'money') seen++; if (seen === 3) break; }
              while (cs[j + 1 + taken]?.k === 'money') taken++;
              for (const x of span.slice(0, taken)) if (x.k === 'money') use(x);
              cs.splice(j + 1, taken, rest[0], rest[1], rest[2], sign);
            }
          }
          const a = cs[j + 1];
          const joiner = cs[j + 2];
          const bnum = cs[j + 3];
          if (a?.k !== 'num' || !(joiner?.k === 'conj') || bnum?.k !== 'num') break;
          // The word after the unit says what is counted ("200 € Umsatz"); a unit alone is its own measure ("50 und 80 €").
          const unit = cs[j + 4]?.k === 'money' || cs[j + 4]?.k === 'percent' ? (cs[j + 5]?.k === 'noun' && measureOf(cs[j + 5]) ? cs[j + 5] : cs[j + 4]) : cs[j + 4];
          const target = prev?.k === 'field' && prev.field.type === 'number' ? prev : unit?.k === 'field' && unit.field.type === 'number' ? unit : undefined;
          if (target && target.k === 'field') {
            loose.push({ pos: target.start, cond: ff(target.field.tag, target.field.name, '>=', a.value), negated: false });
            loose.push({ pos: target.start, cond: ff(target.field.tag, target.field.name, '<=', bnum.value), negated: false });
            use(it, a, joiner, bnum, target, cs[j + 4]?.k === 'money' || cs[j + 4]?.k === 'percent' ? cs[j + 4] : undefined);
            break;
          }
          // "zwischen 50 und 80 % verkauft", "between 50 and 80 percent sold": the event's sold share.
          if (cs[j + 4]?.k === 'percent' && outcome === 'events') {
            loose.push({ pos: a.start, cond: ff('e', 'already_sold', '>=', a.value), negated: false });
            loose.push({ pos: a.start, cond: ff('e', 'already_sold', '<=', bnum.value), negated: false });
            use(it, a, joiner, bnum, cs[j + 4], cs[j + 5]?.k === 'verb' || cs[j + 5]?.k === 'soldout' ? cs[j + 5] : undefined);
            break;
          }
          if (prev?.k === 'age' || unit?.k === 'age') {
            // "aged between 30 and 40": born between now − 40 and now − 30.
            loose.push({ pos: a.start, cond: ff('c', 'birth_year', '>=', nowYear - bnum.value), negated: false });
            loose.push({ pos: a.start, cond: ff('c', 'birth_year', '<=', nowYear - a.value), negated: false });
            use(it, a, joiner, bnum, prev?.k === 'age' ? prev : unit);
            break;
          }
          const measure = measureOf(unit) ?? measureOf(prev);
          if (outcome === 'transactions' && (measure === 'tickets' || measure === 'revenue')) {
            const fname = measure === 'tickets' ? 'tickets' : 'amount';
            loose.push({ pos: a.start, cond: ff('t', fname, '>=', a.value), negated: false });
            loose.push({ pos: a.start, cond: ff('t', fname, '<=', bnum.value), negated: false });
          } else {
            anchors.push({ pos: a.start, op: '>=', value: a.value, where: [], measure, verb });
            anchors.push({ pos: a.start, op: '<=', value: bnum.value, where: [], measure, verb, twin: true });
          }
          use(it, a, joiner, bnum);
          if (unit && measureOf(unit) && unit.k !== 'category' && unit.k !== 'value') use(unit);
          break;
        }
        case 'status': {
          loose.push({ pos: it.start, cond: ff('e', 'frontend_status', pendingNeg ? '!=' : '=', it.value), negated: false });
          pendingNeg = undefined;
          use(it);
          break;
        }
        case 'newCustomers':
          use(it);
          break;
        case 'firstTime':
          break; // read with the clause's counts, below
        case 'zipPrefix':
          // A postal-code area (./postal.ts): the customer's code starts with it. "Not in the
          // area" has no operator yet: refused naming it, never answered as its opposite.
          if (pendingNeg) return { ok: false, refusal: 'not_understood', understood, reason: `a negated postal area ("${shortWord(it.raw)}")`, problems: [shortWord(it.raw)], hard: true };
          {
            // "starting 50 or 51", "PLZ 50, 51 oder 53": one condition, any of the prefixes.
            const prefixes = [it.value];
            use(it);
            let m = j + 1;
            // "LS oder NG": a British area in capitals is a prefix too when the list began with one.
            const lettersArea = /^[A-Z]{1,2}$/.test(it.value);
            while ((cs[m]?.k === 'or' || cs[m]?.k === 'conj') && (cs[m + 1]?.k === 'zipPrefix' || cs[m + 1]?.k === 'num' && /^\d{1,5}$/.test(cs[m + 1].raw)
              || lettersArea && /^[A-Z]{1,2}\d{0,2}$/.test(cs[m + 1]?.raw ?? '') && cs[m + 1]?.k !== 'time')) {
              const x = cs[m + 1];
              prefixes.push(x.k === 'zipPrefix' ? x.value : x.raw);
              use(cs[m], x);
              m += 2;
            }
            loose.push({ pos: it.start, cond: prefixes.length === 1 ? ff('c', 'zip_code', 'starts', it.value) : ff('c', 'zip_code', 'starts', prefixes), negated: false });
          }
          pendingNeg = undefined;
          break;
        case 'time': {
          // "2000 oder später", "in 2024 or earlier": the time and everything after / before it.
          const orLater = next?.k === 'later' || next?.k === 'field' && cs[j + 2]?.k === 'later' ? (next.k === 'later' ? next : cs[j + 2]) : undefined;
          const openEnded = (r: DateRange): DateRange => {
            if (orLater?.k !== 'later') return r;
            use(orLater);
            return orLater.later ? { from: r.from } : { to: r.to };
          };
          // Which date: a date field named just before, else the rule of dateTarget().
          if (prev?.k === 'field' && (prev.field.type === 'date' || prev.field.type === 'timestamp')) {
            for (const c of rangeFilters(prev.field.tag as DateTarget, it.range, prev.field.name)) loose.push({ pos: it.start, cond: c, negated: false });
            use(it, prev);
            break;
          }
          // A year of birth only when the question speaks of birth or age ("Jahrgang 1980",
          // "geboren 1980", "born in 1980", "im Alter"); "Kunden im Jahr 2026" is a year of visits.
          const birthField = (x: Item | undefined) => x?.k === 'field' && x.field.name === 'birth_year';
          // "geboren" / "born" after the year, also mistyped ("gebohren": a typo keeps the first letter).
          if (birthField(prev) || prev?.k === 'age' && (BIRTH_OR_AGE.test(fold(prev.raw)) || birthField(cs[j - 2])) || birthField(next) && /^geb|^bor/.test(fold(next.raw))) {
            if (birthField(cs[j - 2])) use(cs[j - 2]);
            if (birthField(next)) use(next);
            // "ab Jahrgang 1980", "before birth year 1960": the comparison stands before the field.
            const before = birthField(prev) ? cs[j - 2] : undefined;
            const yearRange = before?.k === 'cmp' && before.op !== '=' && before.op !== '!=' ? bound(before.op, it.range) : openEnded(it.range);
            if (before?.k === 'cmp' && before.op !== '=' && before.op !== '!=') use(before);
            if (yearRange.from) loose.push({ pos: it.start, cond: ff('c', 'birth_year', '>=', Number(yearRange.from.slice(0, 4))), negated: false });
            if (yearRange.to) loose.push({ pos: it.start, cond: ff('c', 'birth_year', '<', Number(yearRange.to.slice(0, 4))), negated: false });
            use(it, prev);
            break;
          }
          if (prev?.k === 'age') use(prev); // "im Jahr 2026": the word "Jahr" belongs to the time
          if (cs.some((x) => x.k === 'newCustomers') && outcome === 'customers') {
            for (const c of rangeFilters('c' as DateTarget, it.range, 'created_at')) loose.push({ pos: it.start, cond: c, negated: false });
            use(it);
            break;
          }
          // "die 10 besten Kunden nach Umsatz dieses Jahr": the ranking's noun is read as in the clause (appended: positions stay).
          const target = dateTarget(outcome, orderNoun && outcome === 'customers' ? [...csVerb, orderNoun] : csVerb, j, clause, punct, it.range, it.earlier, now);
          // A date without its year still ahead ("ab 1.12." in November) is last year's on sale dates.
          const range = openEnded(target === 't' && it.earlier ? it.earlier : it.range);
          for (const c of rangeFilters(target, range)) loose.push({ pos: it.start, cond: c, negated: false });
          use(it);
          if (prev?.k === 'for') use(prev);
          break;
        }
        case 'upcoming': {
          // "kommende Veranstaltungen", "past events": relative to today.
          const today = now.toISOString().slice(0, 10);
          loose.push({ pos: it.start, cond: ff('e', 'date', it.dir === 'future' ? '>=' : '<', today), negated: false });
          use(it);
          break;
        }
        case 'clock':
          // "vor 15 Uhr", "at 8pm or later": the event's start time (HH:MM compares as text).
          loose.push({ pos: it.start, cond: ff('e', 'start_time', it.op, it.value), negated: !!pendingNeg && outcome === 'events' });
          if (outcome === 'events') pendingNeg = undefined;
          use(it);
          break;
        case 'weekday': {
          // "samstags und sonntags", "Fridays or Saturdays": one list of ISO weekdays.
          const days = [...it.days];
          use(it);
          let m = j + 1;
          while ((cs[m]?.k === 'or' || cs[m]?.k === 'conj') && cs[m + 1]?.k === 'weekday') {
            days.push(...(cs[m + 1] as Extract<Item, { k: 'weekday' }>).days);
            use(cs[m], cs[m + 1]);
            m += 2;
          }
          const uniq = [...new Set(days)].sort();
          loose.push({ pos: it.start, cond: uniq.length === 1 ? ff('e', 'weekday', '=', uniq[0]) : ff('e', 'weekday', 'in', uniq), negated: !!pendingNeg && outcome === 'events' });
          if (outcome === 'events') pendingNeg = undefined;
          break;
        }
        case 'soldout':
          loose.push({ pos: it.start, cond: ff('e', 'already_sold', '>=', 100), negated: !!pendingNeg });
          pendingNeg = undefined;
          use(it);
          break;
        case 'adsAllowed':
          loose.push({ pos: it.start, cond: ff('c', 'ads_opt_out', '=', false), negated: !!pendingNeg });
          pendingNeg = undefined;
          use(it);
          break;
        case 'category': {
          // "Konzert" next to another genre word is only the noun ("Rockkonzert", "Opernkonzert").
          if (it.weak && cs.some((x) => x !== it && x.k === 'category' && !x.weak)) { use(it); break; }
          const values = [...it.categories];
          use(it);
          // "Oper oder Ballett", "Oper, Ballett und Tanz": one IN list.
          let m = j + 1;
          // For customers "Oper und Ballett" means both (each its own count); "oder" one list.
          while (cs[m] && (cs[m].k === 'or' || (cs[m].k === 'conj' && outcome !== 'customers')) && cs[m + 1]?.k === 'category') {
            values.push(...(cs[m + 1] as Extract<Item, { k: 'category' }>).categories);
            use(cs[m], cs[m + 1]);
            m += 2;
          }
          while (cs[m]?.k === 'category' && outcome !== 'customers') { values.push(...(cs[m] as Extract<Item, { k: 'category' }>).categories); use(cs[m]); m++; }
          const uniq = [...new Set(values)];
          loose.push({ pos: it.start, cond: uniq.length === 1 ? ff('e', 'category', '=', uniq[0]) : ff('e', 'category', 'in', uniq), negated: !!pendingNeg && outcome !== 'customers' });
          if (outcome !== 'customers') pendingNeg = undefined;
          if (prev?.k === 'field' && prev.field.name === 'category') use(prev);
          break;
        }
        case 'city': {
          const values = [it.value];
          use(it);
          let m = j + 1;
          // "Köln oder Bonn", "weder aus Köln noch aus Bonn": one list.
          while (cs[m] && (cs[m].k === 'or' || cs[m].k === 'conj') && (cs[m + 1]?.k === 'city' || cs[m + 1]?.k === 'from' && cs[m + 2]?.k === 'city')) {
            const at = cs[m + 1].k === 'city' ? m + 1 : m + 2;
            values.push((cs[at] as { value: string }).value); use(cs[m], cs[m + 1], cs[at]); m = at + 1;
          }
          while (cs[m]?.k === 'city') { values.push((cs[m] as { value: string }).value); use(cs[m]); m++; }
          // "aus" within three words before — but not one that belonged to an earlier place ("aus Manchester, … nie in Cardiff").
          const back = cs.slice(Math.max(0, j - 3), j);
          const lastPlace = back.map((x) => x.k).lastIndexOf('city');
          const fromWord = back.slice(lastPlace + 1).some((x) => x.k === 'from') || (prev?.k === 'field' && prev.field.tag === 'c');
          // "bei einer Show in Cardiff", "a concert in Leeds": the place of the event named before it.
          // "aus Manchester, die noch nie in Cardiff waren": a second place with a verb of visiting is where they went.
          const visitedPlace = !fromWord && outcome === 'customers' && customerCitySeen
            && (csVerb.some((x) => x.k === 'verb' && x.v === 'visit') || clause.some((x) => x.start > it.start && /^(war|waren|gewesen|been|was|were)$/.test(fold(x.raw))));
          // "nie Tickets für Comedy in Essen gekauft": the place right after what they bought is the event's.
          const boughtThere = !fromWord && outcome === 'customers' && (prev?.k === 'category' || prev?.k === 'value' && prev.tag === 'e')
            && csVerb.some((x) => x.k === 'verb' && (x.v === 'buy' || x.v === 'visit'));
          const eventWord = prev?.k === 'field' && prev.field.tag === 'e' || (!fromWord && prev?.k === 'noun' && prev.entity === 'events') || visitedPlace || boughtThere;
          const tag = eventWord ? 'e' : fromWord || outcome === 'customers' ? 'c' : 'e';
          if (fromWord || tag === 'c') { customerPlace = true; customerCitySeen = true; }
          loose.push({ pos: it.start, cond: values.length === 1 ? ff(tag, 'city', '=', values[0]) : ff(tag, 'city', 'in', values), negated: !!pendingNeg && (tag === 'c' || outcome !== 'customers') });
          if (tag === 'c' || outcome !== 'customers') pendingNeg = undefined;
          if (prev?.k === 'field') use(prev);
          break;
        }
        case 'value': {
          // "abgesagte/cancelled events": the event's status, not a cancelled ticket.
          // A noun of the act ("Stornierungen", "Stornos", "cancellations") is about cancelled
          // tickets: "Hamlet-Vorstellungen mit Stornos" are those with a cancelled sale.
          if (outcome === 'events' && it.field === 'ticket_type' && it.value === 'cancelled' && !CANCELLATION_NOUN.test(fold(it.raw)) && !items.some((x) => x.k === 'noun' && (x.measure === 'tickets' || x.measure === 'transactions'))) {
            loose.push({ pos: it.start, cond: ff('e', 'frontend_status', pendingNeg ? '!=' : '=', 'CANCELLED'), negated: false });
            pendingNeg = undefined;
            use(it);
            break;
          }
          // "Abo Gold", "gold subscription": the ticket-type word names the custom property
          // (Abonnement, Subscription) whose value stands beside it.
          if (namesProperty(it, next) || namesProperty(it, prev)) { use(it); break; }
          // "Rechnung RE-1001-…": the word names the invoice, not the payment method.
          if (it.field === 'payment_method' && next?.k === 'value' && next.field === 'invoice_id') { use(it); break; }
          // "a discount of more than £15": the transaction's discount amount.
          if (it.field === 'ticket_type' && it.value === 'discount' && (next?.k === 'cmp' || next?.k === 'num')) {
            const n = next.k === 'num' ? next : cs.slice(j + 1, j + 4).find((x) => x.k === 'num');
            if (n && n.k === 'num') {
              loose.push({ pos: it.start, cond: ff('t', 'discount', next.k === 'cmp' ? next.op : '=', n.value), negated: false });
              use(it, next, n, ...cs.slice(j + 1, j + 4).filter((x) => x.k === 'money'));
              break;
            }
          }
          const values = [...(it.values ?? [it.value])];
          use(it);
          let m = j + 1;
          // "im Großen Saal oder auf der Studiobühne": a place word may stand between.
          const alt = (n: number) => (cs[n + 1]?.k === 'value' ? n + 1 : (cs[n + 1]?.k === 'contains' || cs[n + 1]?.k === 'from') && cs[n + 2]?.k === 'value' ? n + 2 : -1);
          while (cs[m] && (cs[m].k === 'or' || (cs[m].k === 'conj' && (outcome !== 'customers' || it.tag === 't'))) && alt(m) > 0 && (cs[alt(m)] as { field: string }).field === it.field && (cs[alt(m)] as { op: string }).op === it.op) {
            const at = alt(m);
            values.push((cs[at] as { value: string }).value); use(...cs.slice(m, at + 1)); m = at + 1;
          }
          const uniq = [...new Set(values)];
          const cond = it.op === 'contains' ? ff(it.tag, it.field, 'contains', it.value)
            : uniq.length === 1 ? ff(it.tag, it.field, '=', uniq[0]) : ff(it.tag, it.field, 'in', uniq);
          const directNeg = !!pendingNeg && (outcome === 'events' ? it.tag === 'e' : outcome === 'transactions');
          loose.push({ pos: it.start, cond, negated: directNeg });
          if (directNeg) pendingNeg = undefined;
          if (prev?.k === 'field') use(prev);
          break;
        }
        case 'ccpLabel':
        case 'ccpValue': {
          use(it);
          if (it.k === 'ccpValue') {
            if (it.short && !(prev?.k === 'ccpLabel' && prev.label === it.label)) { used.delete(it); break; }
            // "Gold- oder Silber-Abonnenten": one list of the property's values.
            const vals = [it.value];
            let m = j + 1;
            const sameProperty = (x: Item | undefined) => x?.k === 'ccpValue' && x.label === it.label;
            for (;;) {
              if (cs[m]?.k !== 'or' && cs[m]?.k !== 'conj') break;
              // "weder Abo Gold noch Abo Silber": the property's word may stand before the next value.
              const at = sameProperty(cs[m + 1]) ? m + 1 : namesProperty(cs[m + 1], cs[m + 2]) && sameProperty(cs[m + 2]) ? m + 2 : -1;
              if (at < 0) break;
              vals.push((cs[at] as { value: string }).value); use(...cs.slice(m, at + 1)); m = at + 1;
            }
            loose.push({ pos: it.start, cond: vals.length > 1 ? ff('ccp', it.label, 'in', vals) : ff('ccp', it.label, '=', it.value), negated: !!pendingNeg });
            pendingNeg = undefined;
            break;
          }
          const v = cs.slice(j + 1, j + 3).find((x) => x.k === 'ccpValue' && x.label === it.label);
          if (v) break; // the value item carries the condition
          // "Newsletter ja", "Lieblingssparte Oper", "Mitglied seit 2019": the label's own value after it.
          const known = vocabulary.customProperties.find((p) => p.label === it.label)?.values ?? [];
          const after = clause.filter((x) => x.start >= it.end).slice(0, 3).find((x) => x.k !== 'eq' && x.k !== 'contains' && !(x.k === 'stop' && !known.some((v) => fold(v) === fold(x.raw))));
          const knownHit = after && (known.find((v) => fold(v) === fold(after.raw) || fold(v).startsWith(fold(after.raw)) && after.raw.length >= 4)
            // "favourite genre is opera" for the value "Oper", "Abo Silver" for "Silber": the same genre or word in the other language.
            ?? (after.k === 'category' ? known.find((v) => genreOf(v).some((c) => after.categories.includes(c))) : undefined)
            ?? known.find((v) => PROPERTY_VALUE_WORDS.some((g) => g.includes(fold(v)) && g.includes(fold(after.raw)))));
          if (after && knownHit) {
            loose.push({ pos: it.start, cond: ff('ccp', it.label, '=', knownHit), negated: !!pendingNeg });
            pendingNeg = undefined;
            use(after);
            break;
          }
          // "said yes to the newsletter": the label's value before it, with only small words between.
          const lead = clause.filter((x) => x.end <= it.start).slice(-3);
          const firstValue = lead.findIndex((x) => (x.k === 'unknown' || x.k === 'stop') && known.some((v) => fold(v) === fold(x.raw)));
          if (firstValue >= 0 && lead.slice(firstValue + 1).every((x) => x.k === 'stop')) {
            const value = known.find((v) => fold(v) === fold(lead[firstValue].raw))!;
            loose.push({ pos: it.start, cond: ff('ccp', it.label, '=', value), negated: !!pendingNeg });
            pendingNeg = undefined;
            use(lead[firstValue]);
            break;
          }
          // "Newsletter-Empfänger", "newsletter subscribers": those whose property says yes.
          const yes = known.find((v) => /^(ja|yes|true|1|y|j)$/i.test(v.trim()));
          // "said no to the newsletter", "beim Newsletter nein angegeben": the recorded answer no;
          // "bekommen keinen Newsletter" stays "not yes" (no answer recorded is no newsletter either).
          const answered = clause.some((x) => ANSWER_WORDS.has(fold(x.raw)));
          const no = answered ? known.find((v) => /^(nein|no|false|0|n)$/i.test(v.trim())) : undefined;
          const holder = clause.filter((x) => x.start >= it.end).slice(0, 1).find((x) => /^(empfaenger|empfaengerin|bezieher|abonnenten|abonnent|subscribers?|recipients?|leser|readers?)$/.test(fold(x.raw)));
          const lit = cs.slice(j + 1, j + 3).find((x) => x.k === 'unknown' || x.k === 'num');
          // A yes/no property named alone ("den Newsletter bekommen", "get the newsletter") is its
          // yes: "has any value" would count the customers whose answer is no.
          if (yes && (holder || !lit)) {
            loose.push({ pos: it.start, cond: pendingNeg && no ? ff('ccp', it.label, '=', no) : ff('ccp', it.label, pendingNeg ? '!=' : '=', yes), negated: false });
            pendingNeg = undefined;
            if (holder) use(holder);
            break;
          }
          if (lit) { loose.push({ pos: it.start, cond: ff('ccp', it.label, '=', lit.raw), negated: !!pendingNeg }); use(lit); }
          else loose.push({ pos: it.start, cond: ff('ccp', it.label, pendingNeg ? 'is' : 'is not', null), negated: false });
          pendingNeg = undefined;
          break;
        }
        case 'field': {
          const fd = it.field;
          if (fd.type === 'boolean') {
            loose.push({ pos: it.start, cond: ff(fd.tag, fd.name, '=', !pendingNeg), negated: false });
            // "opt out of marketing": a second word for the same field is the same mention.
            for (const same of cs.slice(j + 1, j + 3)) if (same.k === 'field' && same.field.name === fd.name && same.field.tag === fd.tag) use(same);
            pendingNeg = undefined;
            use(it);
            break;
          }
          // "Kapazität über 500", "average ticket price under £20": the comparison reads the field.
          // "… price is over £50": past its verb too.
          const cmpAt = next?.k === 'eq' ? cs[j + 2] : next;
          if (fd.type === 'number' && (cmpAt?.k === 'cmp' || cmpAt?.k === 'num' || cmpAt?.k === 'between')) break;
          // "opera dates below 50% sold": a share in percent is no date, the comparison reads it.
          const numAt = cmpAt?.k === 'cmp' ? cs[cs.indexOf(cmpAt) + 1] : cmpAt;
          if (fd.type !== 'number' && numAt?.k === 'num' && cs[cs.indexOf(numAt) + 1]?.k === 'percent') break;
          // The value after the field word: a literal, a number, or a known value of the same field.
          let m = j + 1;
          let op: FieldFilter['op'] = '=';
          while (cs[m] && (cs[m].k === 'eq' || cs[m].k === 'contains' || cs[m].k === 'cmp' || cs[m].k === 'name')) {
            const c = cs[m];
            if (c.k === 'contains') op = 'contains';
            if (c.k === 'cmp') op = c.op;
            use(c);
            m++;
          }
          const val = cs[m];
          if (val && (val.k === 'category' || val.k === 'value' || val.k === 'city' || val.k === 'time' || (val.k === 'num' && fd.type === 'number') || val.k === 'cmp')) break; // handled by the value
          // "Zahlart Gift Voucher" where the partner's method is "Gutschein": the known value right
          // after the unknown word is the value; the unknown word was part of its name.
          const after = cs[m + 1];
          if (val?.k === 'unknown' && after?.k === 'value' && after.field === fd.name && after.start === val.end) { use(it, val); break; }
          if (val && (val.k === 'unknown' || val.k === 'num')) {
            const lit = fd.name === 'zip_code' || fd.name === 'phone1' || fd.name === 'email' ? tokens[val.start].raw : val.raw;
            const value = fd.type === 'number' ? (val.k === 'num' ? val.value : Number(lit)) : lit;
            if (fd.type === 'number' && !Number.isFinite(value)) break;
            // "Nachname Schulze oder Arnold", "surname Khan or Harrison": each of the literals.
            const more: Item[] = [];
            if (fd.type === 'text' && op === '=') for (let n = m + 1; cs[n]?.k === 'or' && cs[n + 1]?.k === 'unknown'; n += 2) more.push(cs[n], cs[n + 1]);
            const alternatives = [value as string, ...more.filter((x) => x.k === 'unknown').map((x) => x.raw)];
            const cond = fd.name === 'price_category' && /^\d+$/.test(lit) ? ff('t', 'price_category', '=', lit)
              : alternatives.length > 1 ? ff(fd.tag, fd.name, 'in', alternatives) : ff(fd.tag, fd.name, op, value as string | number);
            loose.push({ pos: it.start, cond, negated: !!pendingNeg });
            pendingNeg = undefined;
            use(it, val, ...more);
            break;
          }
          // "mit E-Mail", "ohne Telefonnummer": present or missing.
          if (fd.tag === 'c' && fd.type === 'text') {
            loose.push({ pos: it.start, cond: ff('c', fd.name, pendingNeg ? 'is' : 'is not', null), negated: false });
            pendingNeg = undefined;
            use(it);
          }
          break;
        }
        case 'name': {
          // "Kunden namens Schmidt": first or last name.
          const val = cs[j + 1];
          if (val && val.k === 'unknown') {
            // "namens Meier oder Schulz", "named Smith or Jones": each name, first or last.
            const names: Item[] = [val];
            for (let m = j + 2; (cs[m]?.k === 'or' || cs[m]?.k === 'conj') && cs[m + 1]?.k === 'unknown'; m += 2) { names.push(cs[m + 1]); use(cs[m]); }
            anyOf.push(names.flatMap((n) => [ff('c', 'first_name', '=', n.raw), ff('c', 'last_name', '=', n.raw)]));
            use(it, ...names);
          }
          break;
        }
        case 'noun':
          // "Kundin Vanessa Stein", "find customer Patricia Turner": first and last name.
          if (it.entity === 'customers' && outcome === 'customers' && next?.k === 'unknown' && cs[j + 2]?.k === 'unknown' && /^\p{Lu}/u.test(next.raw) && /^\p{Lu}/u.test(cs[j + 2].raw)) {
            loose.push({ pos: next.start, cond: ff('c', 'first_name', '=', next.raw), negated: false });
            loose.push({ pos: next.start, cond: ff('c', 'last_name', '=', cs[j + 2].raw), negated: false });
            use(it, next, cs[j + 2]);
            break;
          }
          if (it.entity === outcome || it.measure === outcomeMeasure(outcome)) use(it);
          else if (it.measure === 'revenue' && cs.some((x) => x.k === 'group')) use(it);
          break;
        case 'or': {
          use(it);
          // "weder mit Abo Gold noch mit Abo Silber", "neither X subscription nor Y subscription": the
          // negation the first alternative took holds for the one after "noch"/"nor" as well.
          const both = cs.slice(0, j).find((x) => x.k === 'neg' && x.both);
          if (both && !pendingNeg && /^(noch|nor)$/.test(fold(it.raw))) pendingNeg = both;
          break;
        }
        case 'verb': case 'for': case 'from': case 'with': case 'conj': case 'eq': case 'by':
          use(it);
          break;
        default:
          break;
      }
    }
    // The nouns a count was about ("Opern" after "mehr als drei") may sit before the number.
    // A noun found only as a typo ("Gold" for "Geld") counts when the clause has a count to be about.
    // A typo'd outcome or count noun ("tikets", "custmers") is safe to read; a typo'd money noun
    // only with a count ("Gold" is not "Geld").
    for (const it of cs) if (!used.has(it) && it.k === 'noun' && !(it.fuzzy && anchors.length === 0 && it.measure === 'revenue')) use(it);

    // Distribute the loose conditions: on the outcome directly, or into the nearest related count.
    const onOutcome = (c: FieldFilter) => (outcome === 'customers' ? isTag(c, ['c', 'ccp']) : outcome === 'events' ? isTag(c, ['e']) : true);
    const relatedOnes: Loose[] = [];
    for (const l of loose) {
      if (onOutcome(l.cond)) direct(l.negated ? negate(l.cond) : l.cond);
      else relatedOnes.push(l);
    }
    const isDate = (c: FieldFilter) => c.field.field === 'date' || c.field.field === 'start_date_time';
    // "Season Pass holders who never bought musicals", "comedy customers who never bought
    // musicals": what stands before the customers noun is what they bought; the negation after
    // the noun is about the rest of the clause only.
    const customerNoun = outcome === 'customers' ? cs.find((x) => x.k === 'noun' && x.entity === 'customers') : undefined;
    const negatedAfterNoun = !!customerNoun && anchors.length > 0 && anchors.every((a) => a.op === '=' && a.value === 0 && a.pos > customerNoun.start);
    const beforeNoun = negatedAfterNoun ? relatedOnes.filter((l) => l.pos < customerNoun!.start && !l.negated && !isDate(l.cond)) : [];
    if (beforeNoun.length > 0 && beforeNoun.length < relatedOnes.length) relatedOnes.splice(0, relatedOnes.length, ...relatedOnes.filter((l) => !beforeNoun.includes(l)));
    else beforeNoun.length = 0;
    if (relatedOnes.length > 0 && anchors.length === 0) {
      // "Schwanensee und die Zauberflöte gesehen": several values of one field, each must hold.
      const byField = new Map<string, Loose[]>();
      for (const l of relatedOnes) if (!isDate(l.cond) && (l.cond.op === '=' || l.cond.op === 'in' || l.cond.op === 'contains')) {
        const key = `${l.cond.field.tag}.${l.cond.field.field}`;
        byField.set(key, [...(byField.get(key) ?? []), l]);
      }
      const several = outcome === 'customers' ? [...byField.values()].find((ls) => ls.length > 1) : undefined;
      // "sowohl 2024 als auch 2025 gekauft", "2024 und 2025 da gewesen": two times, each its own
      // count — in one count they were a day in both years at once, and nobody.
      const datePos = [...new Set(relatedOnes.filter((l) => isDate(l.cond)).map((l) => l.pos))];
      // "weder 2025 noch 2026 gekauft", "neither in 2025 nor in 2026": none in each of the times.
      const bothNeg = pendingNeg?.k === 'neg' && pendingNeg.both === true;
      if (outcome === 'customers' && !several && (!pendingNeg || bothNeg) && datePos.length > 1) {
        const rest = relatedOnes.filter((l) => !isDate(l.cond)).map((l) => (l.negated ? negate(l.cond) : l.cond));
        for (const pos of datePos) anchors.push({ pos, op: bothNeg ? '=' : '>', value: 0, where: [...rest, ...relatedOnes.filter((l) => l.pos === pos).map((l) => l.cond)], measure: 'transactions' });
        if (bothNeg) { negatedTimes = true; pendingNeg = undefined; }
        relatedOnes.length = 0;
      } else if (several) {
        for (const l of several) anchors.push({ pos: l.pos, op: '>', value: 0, where: [l.cond], measure: 'transactions' });
        const rest = relatedOnes.filter((l) => !several.includes(l));
        // "went to Fidelio this month and also has tickets for Tosca": with a verb between the
        // values each is its own purchase, and a time belongs to the value before it.
        const first = Math.min(...several.map((l) => l.pos));
        const last = Math.max(...several.map((l) => l.pos));
        const ownVerbs = cs.some((x) => (x.k === 'verb' || x.k === 'with') && x.start > first && x.start < last);
        for (const l of rest) {
          const cond = l.negated ? negate(l.cond) : l.cond;
          if (ownVerbs && isDate(l.cond)) {
            const before = anchors.filter((a) => a.pos <= l.pos).at(-1) ?? anchors[0];
            before.where.push(cond);
          } else for (const a of anchors) a.where.push(cond);
        }
        relatedOnes.length = 0;
      } else {
        anchors.push({ pos: relatedOnes[0].pos, op: '>', value: 0, where: [], measure: 'transactions' });
        if (pendingNeg) { anchors[0].op = '='; anchors[0].value = 0; }
      }
    }
    // "who already bought something", "die schon mal da waren": a verb of buying or visiting with
    // nothing it is about is a purchase at all — dropped, the answer held those who never bought.
    if (outcome === 'customers' && verb && anchors.length === 0 && relatedOnes.length === 0 && !pendingNeg) {
      anchors.push({ pos: verbs[0].start, op: '>', value: 0, where: [], measure: 'transactions' });
    }
    for (const l of relatedOnes) {
      let best = anchors.filter((a) => !a.twin)[0] ?? anchors[0];
      for (const a of anchors) if (!a.twin && Math.abs(a.pos - l.pos) < Math.abs(best.pos - l.pos)) best = a;
      best.where.push(l.negated ? negate(l.cond) : l.cond);
    }
    if (beforeNoun.length > 0) anchors.push({ pos: beforeNoun[0].pos, op: '>', value: 0, where: beforeNoun.map((l) => l.cond), measure: 'transactions' });
    anchors.forEach((a, n) => { if (a.twin && n > 0) a.where = [...anchors[n - 1].where]; });
    // "…beim Ballett waren, aber diese Saison noch nicht": a bare negation repeats what the
    // previous clause was about, with its own time.
    // "…, diese Saison aber gar nichts": "nichts" names its object — nothing at all, of anything.
    const namesSomething = cs.some((x) => x.k === 'noun' || x.k === 'category' || x.k === 'value' || (x.k === 'neg' && /^(nichts|nothing|nix)$/i.test(x.raw))) || clause.some(isIndefinite);
    for (const a of anchors) {
      if (a.op === '=' && a.value === 0 && !namesSomething && a.where.every(isDate) && previousWhat.length > 0) a.where.unshift(...previousWhat);
    }
    // "nichts mehr gekauft", "no longer buys": they did buy once — outside the stated time.
    if (cs.some((x) => x.k === 'neg' && /\b(mehr|longer|anymore)\b/i.test(x.raw))) {
      for (const a of [...anchors]) if (a.op === '=' && a.value === 0 && a.where.some(isDate)) anchors.push({ pos: a.pos, op: '>', value: 0, where: a.where.filter((w) => !isDate(w)), measure: 'transactions' });
    }
    // "im Oktober zum ersten Mal gekauft", "first-time buyers in October": bought in the time and
    // never before it. Without a sale time to go before it stays unplaced (refused).
    const firstTime = cs.find((x) => x.k === 'firstTime' && !used.has(x));
    if (firstTime && outcome === 'customers') {
      const inTime = anchors.find((a) => a.op === '>' && a.value === 0 && a.where.some((w) => w.field.tag === 't' && w.field.field === 'date' && w.op === '>='));
      const from = inTime?.where.find((w) => w.field.tag === 't' && w.field.field === 'date' && w.op === '>=')?.value;
      if (inTime && typeof from === 'string') {
        anchors.push({ pos: firstTime.start, op: '=', value: 0, where: [ff('t', 'date', '<', from)], measure: 'transactions' });
        use(firstTime);
      }
    }
    // "Kunden, die nur Comedy gekauft haben", "who only ever bought opera": some of it, and
    // nothing of any other genre (under the same other conditions).
    const only = clause.find((x) => x.k === 'stop' && ONLY_WORDS.has(fold(x.raw)));
    if (only && outcome === 'customers') {
      const after = cs.filter((x) => x.start > only.start && x.k !== 'verb' && x.k !== 'with');
      // The genre, or a ticket type ("nur stornierte Tickets": cancelled ones and no other).
      const kind = after[0]?.k === 'category' ? { tag: 'e', field: 'category' } : after[0]?.k === 'value' && after[0].field === 'ticket_type' ? { tag: 't', field: 'ticket_type' } : undefined;
      const isKind = (w: FieldFilter) => !!kind && w.field.tag === kind.tag && w.field.field === kind.field;
      const inAnchor = kind && anchors.find((a) => a.op === '>' && a.value === 0 && a.where.some((w) => isKind(w) && (w.op === '=' || w.op === 'in')));
      if (inAnchor) {
        const other = inAnchor.where.map((w) => (isKind(w) ? negate(w) : w));
        anchors.push({ pos: only.start, op: '=', value: 0, where: other, measure: 'transactions' });
      }
    }
    const what = anchors.flatMap((a) => a.where.filter((w) => !isDate(w)));
    if (what.length > 0) previousWhat = what;
    void customerPlace;
    for (const a of anchors) {
      let measure: Measure = a.measure ?? (outcome === 'events' ? 'tickets' : a.where.some((w) => w.field.tag === 'e') ? 'events' : 'transactions');
      if (outcome === 'customers' && measure === 'customers') measure = 'transactions';
      if (outcome === 'events' && measure === 'events') measure = 'tickets';
      related.push({ kind: 'related', measure, where: a.where, op: a.op, value: a.value });
    }
  }
  // "über 500 £ in einer einzigen Buchung", "more than 6 tickets in one order": the amount is one
  // transaction's, not the total — at least one such transaction.
  const single = items.find((x) => x.k === 'single');
  if (single) {
    for (const [n, r] of related.entries()) {
      if (r.kind !== 'related' || (r.measure !== 'revenue' && r.measure !== 'tickets') || (r.op !== '>' && r.op !== '>=') || r.value <= 0) continue;
      related[n] = { kind: 'related', measure: 'transactions', where: [...r.where, ff('t', r.measure === 'revenue' ? 'amount' : 'tickets', r.op, r.value)], op: '>', value: 0 };
      used.add(single);
    }
  }
  filters.push(...related);

  // A word read only as a typo of a field name ("Bonn" → "born") that no condition, order or
  // grouping took is not understood: dropped silently, it would answer a wider question than the
  // one asked (every customer for "Kunden aus Bonn" when Bonn is not among the partner's cities).
  const misread = items.filter((i) => i.fuzzy && !used.has(i));
  const unknown = [...items.filter((i) => (i.k === 'unknown' || i.k === 'firstTime') && !used.has(i)), ...misread];
  // A number or comparison no condition took ("the price is over £50" before it was read): the
  // answer would be wider than the question, with confidence. Refused naming it.
  // An equals sign is no condition of its own ("newsletter = yes": the value carries it).
  unknown.push(...items.filter((i) => (i.k === 'num' || i.k === 'cmp' && i.op !== '=') && !used.has(i)));
  const meaningful = items.filter((i) => i.k !== 'stop' && i.k !== 'unknown');
  if (unknown.length > 0 || meaningful.length === 0) {
    const words = unknown.map((u) => u.raw);
    const known = understood.filter((u) => !unknown.some((m) => m.raw === u));
    return { ok: false, refusal: 'not_understood', understood: known, reason: unknown.length > 0 ? `unknown words: ${words.join(', ')}` : 'nothing recognisable', problems: [...new Set(words.map(shortWord))].slice(0, 20) };
  }
  // A question needs something about the data, not only a time or filler ("Wie wird das Wetter morgen?").
  // "wer hat im Oktober gekauft", "who bought …": a verb of buying or visiting is about sales.
  const DATA_KINDS = new Set([...(outcome === 'events' ? ['time'] : []), 'verb', 'noun', 'category', 'city', 'value', 'field', 'ccpLabel', 'ccpValue', 'money', 'super', 'top', 'upcoming', 'soldout', 'status', 'newCustomers', 'adsAllowed', 'name', 'zipPrefix', 'clock', 'weekday']);
  if (!items.some((i) => DATA_KINDS.has(i.k))) {
    return { ok: false, refusal: 'not_understood', understood, reason: 'nothing about customers, events or sales' };
  }
  // "top 5 customers by spend in 2025": the ranking counts the same rows as the condition.
  if (orderBy?.measure) {
    const scope = related.filter((r) => r.op === '>' && r.value === 0);
    if (scope.length === 1 && scope[0].where.length > 0) orderBy = { ...orderBy, where: scope[0].where };
  }
  // The typed query holds at most 30 conditions (typed-query.ts): more is no longer one question.
  if (filters.length > 30 || related.some((r) => r.where.length > 20)) {
    return { ok: false, refusal: 'not_understood', understood, reason: 'too many conditions for one question' };
  }
  const query: TypedQuery = { outcome, filters };
  // One "namens X" gives the alternatives first name = X or last name = X.
  if (anyOf.length > 0 && outside) {
    return { ok: false, refusal: 'not_understood', understood, reason: 'a name and an excluded time span in one question', problems: [] };
  }
  if (anyOf.length > 0) query.anyOf = anyOf[0].map((c) => [c]);
  else if (outside) query.anyOf = outside;
  if (orderBy) query.orderBy = orderBy;
  if (limit !== undefined) query.limit = Math.max(1, Math.min(10_000, limit));
  if (groupBy) query.groupBy = groupBy;
  // "weder … noch" / "neither … nor" carries a negation: if no condition of the query holds one,
  // the answer would be the opposite of the question — refused naming the words instead.
  const both = items.find((i) => i.k === 'neg' && i.both);
  // It negates the alternatives after it: a time, number or comparison there ("weder im Oktober
  // noch im November") is no value to exclude and became "no sales" instead.
  const afterBoth = both && items.find((i) => i.start > both.start && !['stop', 'from', 'with', 'eq'].includes(i.k));
  if (both && !negatedTimes && (!hasNegation(query) || !afterBoth || ['time', 'num', 'cmp', 'unknown', 'between'].includes(afterBoth.k))) {
    const named = shortWord(`${both.raw} … ${items.find((i) => i.k === 'or' && i.start > both.start)?.raw ?? ''}`.trim());
    return { ok: false, refusal: 'not_understood', understood, reason: `the negation "${named}" fits no condition`, problems: [named], hard: true };
  }
  // A number no column holds, or a fraction against a count or whole-number field ("mehr als
  // 99999999999999999999 Tickets", "mehr als 1.9 Transaktionen"): refused naming the number as
  // typed — the schema refuses the same (./numbers.ts), so the database never sees it.
  const badNumbers = numberProblems(query);
  if (badNumbers.length > 0) {
    const typed = (v: number) => items.find((i) => i.k === 'num' && i.value === v)?.raw ?? String(v);
    const named = [...new Set(badNumbers.map((b) => shortWord(typed(b.value))))];
    return { ok: false, refusal: 'not_understood', understood, reason: badNumbers.map((b) => b.problem).join('; '), problems: named, hard: true };
  }
  // Conditions no row meets together would answer 0 rows as if that were the answer.
  if (hasContradiction(query)) {
    return { ok: false, refusal: 'not_understood', understood, reason: 'two conditions of the question contradict each other' };
  }
  return { ok: true, query, understood };
}

/** Whether some condition of the query says "not", "none" or "without". */
function hasNegation(q: TypedQuery): boolean {
  const neg = (c: Condition): boolean => c.kind === 'related'
    ? (c.op === '=' && c.value === 0) || (c.op === '<' && c.value <= 1) || (c.op === '<=' && c.value === 0) || c.where.some(neg)
    : c.op === '!=' || c.op === 'not in' || (c.op === 'is' && c.value === null) || c.value === false;
  return [...q.filters, ...(q.anyOf ?? []).flat()].some(neg);
}

/** Item kinds that carry no meaning of their own in the "understood" list of a refusal. */
const FILLER_KINDS = new Set(['stop', 'unknown', 'conj', 'eq', 'with', 'from', 'for', 'by', 'or', 'boundary']);

/** Comparisons that read a bare number after the customer noun as an age ("Kunden über 60"). */
const AGE_CMP = new Set(['ueber', 'unter', 'over', 'under', 'above', 'below', 'ab']);

/** Words that make a year a year of birth ("Jahrgang", "Alter", "born" are the field or the age word). */
const BIRTH_OR_AGE = /^(alter|age|aged|alt|old|jahre alt|years old|year old|lebensjahr|geboren|born|jahrgang)$/;

/** Words saying an event takes place ("stattfinden", "take place", "gespielt"): a time with them is the event's. */
const EVENT_TIME_WORDS = new Set(['stattfinden', 'stattfindet', 'stattfanden', 'stattgefunden', 'stattfand', 'statt', 'laufen', 'laeuft', 'lief', 'liefen', 'gelaufen',
  'gespielt', 'spielt', 'spielen', 'spielte', 'aufgefuehrt', 'place', 'happen', 'happens', 'happened', 'happening', 'occur', 'occurs', 'occurred', 'staged', 'performed', 'played', 'playing', 'runs', 'ran', 'running']);

/** Singular nouns of the outcomes and the genres (folded): "welcher Kunde", "which musical". */
const SINGULAR: Record<Entity, Set<string>> = {
  customers: new Set(['kunde', 'kundin', 'besucherin', 'gast', 'kaeuferin', 'customer', 'buyer', 'visitor', 'attendee', 'patron', 'person', 'client', 'fan']),
  events: new Set(['konzert', 'veranstaltung', 'vorstellung', 'auffuehrung', 'event', 'show', 'performance', 'concert', 'termin', 'produktion', 'abend', 'gig', 'gastspiel', 'auftritt',
    'oper', 'opera', 'ballett', 'ballet', 'musical', 'operette', 'operetta', 'theaterstueck', 'play', 'lesung', 'reading', 'liederabend', 'recital', 'sinfoniekonzert', 'symphoniekonzert', 'kammerkonzert', 'produkt', 'product', 'gutschein', 'voucher']),
  transactions: new Set(['transaktion', 'kauf', 'einkauf', 'buchung', 'bestellung', 'transaction', 'purchase', 'order', 'booking', 'verkauf', 'sale', 'zahlung', 'payment']),
};

/** Whether the question names its outcome in the singular (the first outcome noun or, for events, genre). */
function singularOutcome(all: Item[], outcome: Entity): boolean {
  const noun = all.find((x) => (x.k === 'noun' && x.entity === outcome) || (outcome === 'events' && x.k === 'category'));
  return !!noun && noun.end - noun.start === 1 && SINGULAR[outcome].has(fold(noun.raw));
}

/** Words for "since then": the time after the one named before. */
const SINCE_THEN = new Set(['seitdem', 'seither', 'danach', 'since', 'afterwards', 'thereafter', 'anschliessend']);

/** A time phrase that runs up to now ("seit September", "since 1 September"). */
const sinceNow = (x: Item | undefined) => !!x && x.k === 'time' && /^(seit|since)\b/.test(fold(x.raw));

/** The event fields that say where it takes place. */
const PLACE_FIELDS = new Set(['venue', 'hall', 'city']);
/** A time phrase that names a season ("letzte Saison", "season 2024/25", "last season's"). */
/** Verbs of giving an answer on a form: a yes/no property's negation is then its recorded no. */
const ANSWER_WORDS = new Set(['said', 'say', 'says', 'answered', 'replied', 'stated', 'indicated', 'angegeben', 'angeben', 'gesagt', 'geantwortet']);

/** "nur", "only", "ausschließlich": nothing but what follows. */
const ONLY_WORDS = new Set(['nur', 'only', 'ausschliesslich', 'exclusively', 'solely', 'lediglich']);
const isSeason = (x: Item | undefined) => !!x && x.k === 'time' && /\b(saison|season|spielzeit)/.test(fold(x.raw));

const isEventNoun = (x: Item | undefined) => !!x && (x.k === 'noun' && x.entity === 'events' || x.k === 'category');
// Revenue is no sale word here: "Umsatz pro Sparte letzte Saison" is the season's events' revenue —
// but "no sales in the last 7 days" counts sales, so "sales" after a negation is one.
const isSaleWord = (x: Item | undefined, prev?: Item) => !!x && (x.k === 'verb' && (x.v === 'buy' || x.v === 'spend') || x.k === 'noun' && (x.measure === 'tickets' || x.measure === 'transactions')
  || x.k === 'noun' && fold(x.raw) === 'sales' && prev?.k === 'neg'
  // "Stornierungen im Oktober", "cancellations last month": when the tickets were cancelled.
  || x.k === 'value' && x.field === 'ticket_type' && CANCELLATION_NOUN.test(fold(x.raw)));

/**
 * Which date a time phrase means (docs/NLQ-ENGINE.md "Which date"): the noun it qualifies. The
 * item just before it (a compound such as "Theatervorstellungen" is its event noun) or, for a
 * time before its verb ("im Oktober gekauft"), the item just after:
 * - events: the event's date, unless the phrase qualifies a sale ("mit Verkäufen im Oktober",
 *   "tickets sold last week") — an aggregate elsewhere ("mit weniger als 150 verkauften Karten")
 *   does not move it;
 * - transactions: the sale date, unless the phrase qualifies events ("Tickets für Veranstaltungen
 *   nächste Woche") or says they take place ("stattfinden", "take place") or visits; a title
 *   between ("Transaktionen für Fidelio im Oktober") names no date of its own;
 * - customers: the verb decides — "gekauft/bought" the sale date, "besucht/attended/waren bei" the
 *   event's; without a verb, purchases, revenue and money the sale date, anything else the event's.
 * Sale dates are never in the future: a time wholly ahead ("nächste Woche") is the event's.
 */
function dateTarget(outcome: Entity, cs: Item[], j: number, clause: Item[], punct: string[], range: DateRange, earlier: DateRange | undefined, now: Date): DateTarget {
  const ahead = !!(earlier ?? range).from && (earlier ?? range).from! > now.toISOString().slice(0, 10);
  // A comma starts a relative clause ("Veranstaltungen, für die im Oktober Tickets verkauft
  // wurden"): the noun before it is not what the phrase qualifies.
  let clauseStart = -1;
  for (let k = cs[j].start - 1; k >= 0; k--) if (/,/.test(punct[k] ?? '')) { clauseStart = k; break; }
  const before = cs.slice(0, j).reverse().find((x) => x.start > clauseStart && x.k !== 'for' && x.k !== 'with' && x.k !== 'eq' && x.k !== 'from');
  const beforeAll = cs.slice(0, j).filter((x) => x.start === before?.start);
  const after = cs[j + 1];
  const eventTime = clause.some((x) => x.k === 'stop' && EVENT_TIME_WORDS.has(fold(x.raw)));
  const visit = cs.some((x) => x.k === 'verb' && x.v === 'visit');
  const buy = cs.some((x) => x.k === 'verb' && (x.v === 'buy' || x.v === 'spend') || x.k === 'firstTime');
  const qualifiesEvents = beforeAll.some(isEventNoun);
  // "last season's shows", "October's concerts": the time qualifies the event noun right after it.
  const eventsAfter = after?.k === 'noun' && after.entity === 'events';
  const placeOfEvents = () => {
    let k = before ? cs.indexOf(before) : -1;
    while (k >= 0 && cs[k].k === 'value' && (cs[k] as { tag?: string }).tag === 'e' && PLACE_FIELDS.has((cs[k] as { field?: string }).field ?? '')) k--;
    return k >= 0 && k < cs.indexOf(before!) && isEventNoun(cs[k]) && cs[k].k === 'noun';
  };
  const performanceOn = () => {
    const stop = clause.filter((x) => x.end <= cs[j].start).at(-1);
    const oneDay = !!range.from && !!range.to && Date.parse(range.to) - Date.parse(range.from) === 86_400_000;
    return oneDay && stop?.k === 'stop' && /^(am|on)$/.test(fold(stop.raw)) && before?.k === 'value' && before.tag === 'e' && (before.field === 'title' || before.field === 'artists');
  };
  let t: boolean;
  // "80 percent sold this season", "zu 90 % verkauft": a sold share, not a sale — the time is the event's.
  const soldShare = !!before && before.k === 'verb' && cs[cs.indexOf(before) - 1]?.k === 'percent';
  const saleBefore = beforeAll.some((x) => isSaleWord(x, cs[cs.indexOf(x) - 1]));
  // A season is the programme's (RULES.md): "gigs that sold worst last season" are last season's gigs.
  if (outcome === 'events') t = !soldShare && !isSeason(cs[j]) && (saleBefore && !beforeAll.some(isEventNoun) || !beforeAll.some(isEventNoun) && isSaleWord(after) && !eventTime);
  // "Tickets für nächste Woche", "Buchungen für den 12. Dezember": "für" + a time is the event's.
  // "seit September" / "since September" runs up to now: it tells when something was sold, also
  // after "für Opern" ("ermäßigte Tickets für Opern seit September", "sold for opera since …").
  // "bookings for events at the Festhalle this season": a place of the events between the event
  // noun and the time still qualifies the events (a title does not: "für Fidelio im Oktober").
  // "Tickets für Die Kapitäne am 11. November", "for Fidelio on 3 October": one day after a named
  // event is its performance that day ("für Fidelio im Oktober" stays the sale month).
  else if (outcome === 'transactions') t = !(eventTime || visit || eventsAfter || performanceOn() || (!sinceNow(cs[j]) && (qualifiesEvents || placeOfEvents() || cs[j - 1]?.k === 'for')));
  else {
    // Customers: the verb decides ("eine Oper im Oktober gekauft" = bought in October), unless the
    // phrase sits inside a "für" + event phrase ("Tickets für Konzerte im Oktober gekauft").
    // An event noun itself ("comedy shows last season", "Vorstellungen der letzten Saison") takes
    // the time too; a genre alone does not ("eine Oper im Oktober gekauft").
    let k = before ? cs.indexOf(before) : -1;
    while (k > 0 && isEventNoun(cs[k - 1])) k--;
    const inForPhrase = qualifiesEvents && k > 0 && cs[k - 1]?.k === 'for';
    const eventNoun = beforeAll.some((x) => x.k === 'noun' && x.entity === 'events');
    // A season is the programme's (RULES.md): "bought chamber music last season" means last
    // season's chamber concerts, not what was sold between August and July.
    // Paying is a sale: "paid with PayPal in October" is the sale month.
    // Cancelling is an act on the sale too: "cancelled tickets in the last 30 days" is when.
    const paying = cs.some((x) => x.k === 'field' && x.field.name === 'payment_method' || x.k === 'value' && (x.field === 'payment_method' || x.field === 'ticket_type' && x.value === 'cancelled'));
    // "since the start of the season" runs up to now: when they bought, as "seit September" does.
    t = !(inForPhrase || eventNoun || eventsAfter || eventTime || visit || (isSeason(cs[j]) && !sinceNow(cs[j]))) && (buy || paying || !qualifiesEvents && cs.some((x) => x.k === 'money' || x.k === 'noun' && (x.measure === 'revenue' || x.measure === 'transactions')));
  }
  return t && !ahead ? 't' : 'e';
}

function anchorsOrCountIn(cs: Item[]): boolean {
  return cs.some((x) => x.k === 'num' || x.k === 'noun' && (x.measure === 'tickets' || x.measure === 'revenue'));
}

function outcomeMeasure(outcome: Entity): Measure {
  return outcome === 'customers' ? 'customers' : outcome === 'events' ? 'events' : 'transactions';
}

/** Order of the outcome by a measure over related rows or by one of its fields. */
function fieldOrder(outcome: Entity, measure: Measure | undefined, fieldName: string | undefined, dir: 'asc' | 'desc', tag?: string): TypedQuery['orderBy'] {
  const own = outcome === 'customers' ? 'c' : outcome === 'events' ? 'e' : 't';
  if (fieldName) {
    const f: SemanticField | undefined = semanticField((tag as 'c' | 'e' | 't') ?? own, fieldName) ?? semanticField(own, fieldName);
    if (f && f.tag === own) return { field: { tag: f.tag, field: f.name }, direction: dir };
    if (f && f.tag === 't' && (f.name === 'tickets' || f.name === 'amount')) return { measure: f.name === 'tickets' ? 'tickets' : 'revenue', direction: dir };
    if (outcome === 'transactions' && fieldName === 'price') return { field: { tag: 't', field: 'amount' }, direction: dir };
    return { measure: 'revenue', direction: dir };
  }
  let m = measure ?? 'revenue';
  if (outcome === 'transactions') return { field: { tag: 't', field: m === 'tickets' ? 'tickets' : 'amount' }, direction: dir };
  if (outcome === 'customers' && m === 'customers') m = 'revenue';
  if (outcome === 'events' && m === 'events') m = 'tickets';
  return { measure: m, direction: dir };
}

/** The categories a custom property value names through its genre words ("Musical & Operette" → operetta_musical). */
function genreOf(value: string): string[] {
  const words = fold(value).split(/[^a-z]+/).filter(Boolean);
  const whole = words.join(' ');
  return [...new Set(CATEGORY_WORDS.filter((c) => c.words.some((w) => w === whole || words.includes(w))).flatMap((c) => c.categories))];
}

/**
 * The partner's payment method a product word names after "mit/with/per/by/via" or before
 * "bezahlt/paid" ("Buchungen mit Gutschein", "paid by voucher"), else undefined.
 */
function paidWith(it: Item, prev: Item | undefined, next: Item | undefined, vocabulary: Vocabulary): string | undefined {
  if (it.k !== 'category' || !it.categories.includes('product')) return undefined;
  const paying = prev?.k === 'with' || prev?.k === 'by' || prev?.k === 'group' && /^(per|pro)$/.test(fold(prev.raw)) || /^(via|using|mittels)$/.test(fold(prev?.raw ?? ''))
    || next?.k === 'verb' && next.v === 'spend';
  if (!paying) return undefined;
  const word = fold(it.raw);
  const group = PAYMENT_WORDS.find((p) => p.words.some((w) => word === w || stems(word).includes(w)));
  return group && vocabulary.paymentMethods.find((m) => group.keys.some((k) => fold(m).includes(k)));
}

/** Nouns of cancelling (not the adjective of a cancelled event). */
const CANCELLATION_NOUN = /^(sto?r?n(os?|ierung|ierungen)|cancell?ations?|refunds?)$/;

/** "Abo Gold", "gold subscription": a ticket-type word that names the custom property (Abonnement, Subscription) of the value `x` beside it. */
function namesProperty(word: Item | undefined, x: Item | undefined): boolean {
  return word?.k === 'value' && word.field === 'ticket_type' && x?.k === 'ccpValue' && (fold(x.label).slice(0, 3) === fold(word.raw).slice(0, 3) || sameLabelGroup(x.label, word.raw));
}

/** Whether a property label and a typed word are words of one label group (PROPERTY_LABEL_WORDS): "Abo" names "Subscription". */
function sameLabelGroup(label: string, word: string): boolean {
  return PROPERTY_LABEL_WORDS.some((g) => g.some((w) => fold(w) === fold(label)) && g.some((w) => fold(w) === fold(word)));
}
