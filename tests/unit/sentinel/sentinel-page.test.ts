// The Sentinel page's rules (spec 3 §2, §4, §5, §8, §9) as the pure functions the islands use.
import { describe, expect, it } from 'vitest';
import { SENTINEL, type SavedQuestion } from '../../../src/lib/contracts/nlq';
import { canAsk, counterBand } from '../../../src/islands/sentinel/model/counter';
import { completionTime, filterValue, isExpired, operatorWordKey, truncateValue } from '../../../src/islands/sentinel/model/summary';
import { pageCount, pageIds, pageItems } from '../../../src/islands/sentinel/model/pagination';
import { nextSelection } from '../../../src/islands/sentinel/model/selection';
import { sentinelErrorKey } from '../../../src/islands/sentinel/model/errors';
import { categoryLabel, cellText, columnsFor, dateLabel, measureText, shownMeasures } from '../../../src/islands/sentinel/model/columns';
import { MEASURES } from '../../../src/lib/sentinel/columns';
import type { CustomerRow, EventRow, TransactionRow } from '../../../src/lib/contracts/nlq';
import { vocabulary } from './vocabulary';
import { filterSaved, shortDescription } from '../../../src/islands/sentinel/model/saved';

import { questionLanguage } from '../../../src/islands/sentinel/model/language';
import { closeDrawerUrl, drawerRedirectsToPage, drawerUrl, readDrawer } from '../../../src/islands/sentinel/drawerUrl';

const tEn = vocabulary('en');

const show = (items: ReturnType<typeof pageItems>) => items.map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');

describe('question counter and Ask', () => {
  it('is green up to 4000 characters, orange up to 4500, red above', () => {
    expect(counterBand(0)).toBe('green');
    expect(counterBand(4000)).toBe('green');
    expect(counterBand(4001)).toBe('orange');
    expect(counterBand(4500)).toBe('orange');
    expect(counterBand(4501)).toBe('red');
    expect(counterBand(SENTINEL.questionMax)).toBe('red');
  });
  it('needs a question that is not only blanks, at most 5000 characters, and an outcome', () => {
    expect(canAsk('Welche Kunden?', 'customers')).toBe(true);
    expect(canAsk('   ', 'customers')).toBe(false);
    expect(canAsk('Welche Kunden?', null)).toBe(false);
    expect(canAsk('x'.repeat(5001), 'events')).toBe(false);
  });
});

describe('query summary', () => {
  it('shows operators as words', () => {
    expect(operatorWordKey('=')).toBe('sentinel.summary.operators.is');
    expect(operatorWordKey('IS NOT')).toBe('sentinel.summary.operators.isNot');
    expect(operatorWordKey('>')).toBe('sentinel.summary.operators.greaterThan');
    expect(operatorWordKey('ILIKE')).toBe('sentinel.summary.operators.contains');
    expect(operatorWordKey('ILIKE', '%Requiem%')).toBe('sentinel.summary.operators.contains');
    expect(operatorWordKey('ILIKE', '51%')).toBe('sentinel.summary.operators.startsWith');
    expect(operatorWordKey('IN')).toBe('sentinel.summary.operators.isIn');
    expect(operatorWordKey('NOT IN')).toBe('sentinel.summary.operators.isNotIn');
  });
  it('cuts values at 100 characters (counting characters, not UTF-16 units)', () => {
    expect(truncateValue('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncateValue('ä'.repeat(101))).toBe(`${'ä'.repeat(100)}…`);
    expect(truncateValue('🎻'.repeat(101))).toBe(`${'🎻'.repeat(100)}…`);
  });
  it('writes a condition\'s day as DD.MM.YYYY and an instant ("seit Montag" runs until now) with its time', () => {
    const t = ((k: string) => k) as unknown as Parameters<typeof filterValue>[1];
    expect(filterValue({ field: 't.date', operator: '>=', value: '2026-11-23' }, t)).toBe('23.11.2026');
    expect(filterValue({ field: 't.date', operator: '<', value: '2026-11-26T14:30:00.000Z' }, t)).toBe('26.11.2026, 14:30');
  });
  it('writes the completion time as DD.MM.YYYY, HH:mm in UTC', () => {
    expect(completionTime(Date.UTC(2026, 0, 5, 7, 3) / 1000)).toBe('05.01.2026, 07:03');
    expect(completionTime(null)).toBe('');
  });
  it('expires an answer older than 48 hours', () => {
    const done = Date.UTC(2026, 10, 1, 12) / 1000;
    expect(isExpired(done, done * 1000 + SENTINEL.expiryMs)).toBe(false);
    expect(isExpired(done, done * 1000 + SENTINEL.expiryMs + 1)).toBe(true);
    expect(isExpired(null, Date.now())).toBe(false);
  });
});

describe('paginator', () => {
  it('shows the pages within 2 of the current one, first/last and ellipses beyond 3 pages', () => {
    expect(show(pageItems(1, 10))).toBe('1 2 3 … 10');
    expect(show(pageItems(5, 10))).toBe('1 … 3 4 5 6 7 … 10');
    expect(show(pageItems(4, 10))).toBe('1 2 3 4 5 6 … 10');
    expect(show(pageItems(10, 10))).toBe('1 … 8 9 10');
    expect(show(pageItems(2, 3))).toBe('1 2 3');
    expect(show(pageItems(1, 1))).toBe('1');
  });
  it('pages 50 ids at a time', () => {
    const ids = Array.from({ length: 120 }, (_, i) => String(i + 1));
    expect(pageCount(120)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageIds(ids, 1)).toEqual(ids.slice(0, 50));
    expect(pageIds(ids, 3)).toEqual(ids.slice(100, 120));
  });
});

describe('selection (spec 3 §4)', () => {
  const all = ['1', '2', '3', '4', '5'];
  const page = ['1', '2', '3'];
  it('selects the whole answer when a change of more than one row covers the page', () => {
    const next = nextSelection({}, { 1: true, 2: true, 3: true }, page, all);
    expect(Object.keys(next).sort()).toEqual(all);
  });
  it('keeps single choices as they are, even when they complete the page', () => {
    expect(nextSelection({ 1: true, 2: true }, { 1: true, 2: true, 3: true }, page, all)).toEqual({ 1: true, 2: true, 3: true });
    expect(nextSelection({ 1: true }, { 1: true, 4: true }, page, all)).toEqual({ 1: true, 4: true });
  });
  it('drops deselected rows', () => {
    expect(nextSelection({ 1: true, 2: true }, { 1: true, 2: false }, page, all)).toEqual({ 1: true });
  });
});

describe('errors (spec 3 §8)', () => {
  it('maps refusals, server failures, task and data failures', () => {
    expect(
      sentinelErrorKey({
        stage: 'ask',
        status: 400,
        code: 'error.nlq.attempt_to_write_detected',
      }),
    ).toBe('sentinel.errors.attemptToWriteDetected');
    expect(
      sentinelErrorKey({
        stage: 'ask',
        status: 400,
        code: 'error.nlq.attempt_to_access_others_data',
      }),
    ).toBe('sentinel.errors.attemptToAccessOthersData');
    expect(
      sentinelErrorKey({
        stage: 'ask',
        status: 400,
        code: 'error.nlq.not_understood',
      }),
    ).toBe('sentinel.errors.notUnderstood');
    expect(
      sentinelErrorKey({
        stage: 'ask',
        status: 400,
        code: 'error.validation.invalid',
      }),
    ).toBe('sentinel.errors.nlqError');
    expect(
      sentinelErrorKey({
        stage: 'ask',
        status: 500,
        code: 'error.common.internal',
      }),
    ).toBe('sentinel.errors.nlqError');
    expect(sentinelErrorKey({ stage: 'task', status: null, code: '' })).toBe('sentinel.errors.nlqError');
    expect(
      sentinelErrorKey({
        stage: 'data',
        status: 404,
        code: 'error.common.notFound',
      }),
    ).toBe('sentinel.errors.dataRetrievalError');
    expect(
      sentinelErrorKey({
        stage: 'ask',
        status: null,
        code: 'cancelled',
        cancelled: true,
      }),
    ).toBe('sentinel.errors.abortTip');
    expect(
      sentinelErrorKey({
        stage: 'ask',
        status: 429,
        code: 'error.nlq.too_many_running',
      }),
    ).toBe('common.serverErrors.error.nlq.too_many_running');
    expect(sentinelErrorKey({ stage: 'ask', status: 502, code: 'bad gateway' })).toBe('common.errors.inServerResponse');
  });
});

describe('result columns (spec 3 §3)', () => {
  it('writes categories with underscores as capitalised words and dates as DD.MM.YYYY', () => {
    expect(categoryLabel('operetta_musical')).toBe('Operetta Musical');
    expect(categoryLabel('rock_pop')).toBe('Rock Pop');
    expect(dateLabel('2026-03-09')).toBe('09.03.2026');
  });
  it('hides the four event percentages for the prisma product type only', () => {
    const keys = (prisma: boolean) => columnsFor('events', prisma).map((c) => c.key);
    expect(keys(false)).toEqual(expect.arrayContaining(['already_sold', 'prediction', 'sales_prediction', 'benchmark']));
    expect(keys(true)).not.toEqual(expect.arrayContaining(['already_sold']));
    expect(keys(true)).not.toContain('benchmark');
    expect(keys(true)).toContain('title');
  });
  it('lists the spec columns of customers and transactions in order', () => {
    expect(columnsFor('customers', false).map((c) => c.key)).toEqual([
      'id',
      'salutation',
      'first_name',
      'last_name',
      'street',
      'zip_code',
      'city',
      'email',
      'email_2',
      'phone1',
      'phone2',
      'ads_opt_out',
    ]);
    expect(columnsFor('transactions', false).map((c) => c.key)).toContain('raw_ticket_category');
  });
});

describe('aggregates bar: each measure aggregated and written in its unit', () => {
  const spec = (type: 'events' | 'transactions', key: string) => MEASURES[type][key]!;
  it('writes counts as integers (averages with one decimal) and money with its currency', () => {
    expect(measureText(spec('events', 'tickets_sold'), 12345, 'sum', 'en')).toBe('12,345');
    expect(measureText(spec('events', 'capacity'), 812.44, 'average', 'de')).toBe('812,4');
    expect(measureText(spec('events', 'revenue'), 63229.5, 'sum', 'de', 'EUR')).toBe('63.229,50\u00a0€');
    expect(measureText(spec('events', 'revenue'), 63229.5, 'sum', 'en', 'EUR')).toBe('€63,229.50');
    expect(measureText(spec('events', 'benchmark'), 41.65, 'average', 'en')).toBe('41.7 %');
  });
  it('shows the forecast\'s predicted tickets as a count, not as a percentage', () => {
    expect(spec('events', 'sales_prediction').unit).toBe('count');
    expect(measureText(spec('events', 'sales_prediction'), 794, 'sum', 'en')).toBe('794');
    const row = { already_sold: 40, prediction: 80, sales_prediction: 794, benchmark: 70 } as unknown as EventRow;
    const byKey = Object.fromEntries(columnsFor('events', false).map((c) => [c.key, c]));
    expect(cellText(byKey.sales_prediction!, row, 'en', tEn)).toBe('794');
    expect(cellText(byKey.already_sold!, row, 'de', tEn)).toBe('40,0 %');
  });
  it('writes "–" when there is no value instead of a 0', () => {
    expect(measureText(spec('events', 'price'), null, 'average', 'en', 'EUR')).toBe('–');
    expect(measureText(spec('transactions', 'discount'), undefined, 'sum', 'en', 'EUR')).toBe('–');
  });
  it('never sums shares of capacity or per-event average prices: those offer the average only', () => {
    const sumKeys = shownMeasures('events', 'sum', false).map(([k]) => k);
    expect(sumKeys).toEqual(['capacity', 'tickets_sold', 'revenue', 'sales_prediction']);
    for (const k of ['already_sold', 'prediction', 'benchmark', 'price']) expect(sumKeys).not.toContain(k);
    expect(shownMeasures('events', 'average', false).map(([k]) => k)).toEqual(expect.arrayContaining(['already_sold', 'prediction', 'benchmark', 'price']));
    // Every percentage, everywhere, is average-only.
    for (const type of ['events', 'transactions'] as const) {
      for (const [, m] of Object.entries(MEASURES[type])) if (m.unit === 'percent') expect(m.aggregations).toEqual(['average']);
    }
  });
  it('hides the forecast figures for the prisma product type', () => {
    expect(shownMeasures('events', 'average', true).map(([k]) => k)).toEqual(['capacity', 'tickets_sold', 'revenue', 'price']);
    expect(shownMeasures('customers', 'sum', false)).toEqual([]);
  });
});

describe('grid cells in the user\'s language', () => {
  const tDe = vocabulary('de');
  it('names categories, ticket types and yes/no from the vocabulary', () => {
    const byKey = (type: 'customers' | 'events' | 'transactions') => Object.fromEntries(columnsFor(type, false).map((c) => [c.key, c]));
    const ev = { category: 'rock_pop' } as unknown as EventRow;
    expect(cellText(byKey('events').category!, ev, 'de', tDe)).toBe('Rock und Pop');
    expect(cellText(byKey('events').category!, ev, 'en', tEn)).toBe('Rock and pop');
    expect(cellText(byKey('events').category!, { category: 'own_thing' } as unknown as EventRow, 'de', tDe)).toBe('Own Thing');
    const tx = { ticket_type: 'cancelled', sold_price: 12.5, currency: 'EUR' } as unknown as TransactionRow;
    expect(cellText(byKey('transactions').ticket_type!, tx, 'de', tDe)).toBe('Storniert');
    expect(cellText(byKey('transactions').ticket_type!, tx, 'en', tEn)).toBe('Cancelled');
    expect(cellText(byKey('transactions').sold_price!, tx, 'de', tDe)).toBe('12,50\u00a0€');
    const c = { ads_opt_out: true } as unknown as CustomerRow;
    expect(cellText(byKey('customers').ads_opt_out!, c, 'de', tDe)).toBe('Ja');
    expect(cellText(byKey('customers').ads_opt_out!, { ads_opt_out: false } as unknown as CustomerRow, 'en', tEn)).toBe('No');
  });
});

describe('saved questions', () => {
  const q = (id: number, name: string, original_description: string): SavedQuestion => ({
    id,
    name,
    original_description,
    result_type: 'customers',
    language: 'de',
    num_results: 1,
    task_completed_at: null,
    created_at: '',
  });
  const list = [q(1, 'Opernfans', 'Welche Kunden haben mehr als drei Opern besucht?'), q(2, 'Big spenders', 'customers who spent over 500 €')];
  it('searches name and question, case-insensitively', () => {
    expect(filterSaved(list, 'OPERN').map((x) => x.id)).toEqual([1]);
    expect(filterSaved(list, 'spent OVER').map((x) => x.id)).toEqual([2]);
    expect(filterSaved(list, '  ').map((x) => x.id)).toEqual([1, 2]);
    expect(filterSaved(list, 'ballet')).toEqual([]);
  });
  it('cuts descriptions at 150 characters', () => {
    expect(shortDescription('x'.repeat(150))).toEqual({
      text: 'x'.repeat(150),
      cut: false,
    });
    expect(shortDescription('x'.repeat(151))).toEqual({
      text: `${'x'.repeat(150)}…`,
      cut: true,
    });
  });
});

describe('question language', () => {
  it('follows the words of the question, not the interface', () => {
    expect(questionLanguage('Welche Kunden haben 2025 mehr als drei Opern besucht?', 'en')).toBe('de');
    expect(questionLanguage('revenue per category last season', 'de')).toBe('en');
    expect(questionLanguage('Umsatz pro Kategorie', 'en')).toBe('de');
    expect(questionLanguage('Mozart 2025', 'de')).toBe('de');
    expect(questionLanguage('Mozart 2025', 'en')).toBe('en');
  });
});

describe('customer drawer URL', () => {
  it('opens at /sentinel/?drawer-open=true&result-id={id} and keeps the task', () => {
    const url = drawerUrl(new URLSearchParams('task_id=abc'), '42');
    expect(url).toBe('/sentinel/?task_id=abc&drawer-open=true&result-id=42');
    expect(readDrawer(new URL(url, 'http://x').searchParams)).toBe('42');
    expect(readDrawer(new URLSearchParams('result-id=42'))).toBeNull();
    expect(closeDrawerUrl(new URL(url, 'http://x').searchParams)).toBe('/sentinel/?task_id=abc');
  });
  it('goes to the result page at 991 px or less', () => {
    expect(drawerRedirectsToPage(991)).toBe(true);
    expect(drawerRedirectsToPage(992)).toBe(false);
  });
});

describe('page constants', () => {
  it('equal the contract (kept apart so zod stays out of the page)', async () => {
    const { PAGE, ERROR_CODES } = await import('../../../src/islands/sentinel/model/constants');
    const { NLQ_ERROR_CODES } = await import('../../../src/lib/contracts/nlq');
    for (const [k, v] of Object.entries(PAGE)) expect(SENTINEL[k as keyof typeof SENTINEL], k).toBe(v);
    for (const [k, v] of Object.entries(ERROR_CODES)) expect(NLQ_ERROR_CODES[k as keyof typeof NLQ_ERROR_CODES], k).toBe(v);
  });
});
