// issue 20 §3 "One vocabulary, both languages": the grid's headers, the export's headers, the query
// summary's parameter names, the enum values and yes/no all come from sentinel.* of the locale
// files, per language; the engine's labels are the same words.
import { describe, expect, it } from 'vitest';
import { RESULT_TYPES, type CustomerRow } from '../../../src/lib/contracts/nlq';
import { FIELDS, MEASURE_LABELS, CATEGORY_WORDS, TICKET_TYPE_WORDS } from '../../../src/server/engines/nlq/semantic';
import { exportColumns } from '../../../src/server/modules/nlq/export-columns';
import { toCsv, toXlsx } from '../../../src/server/modules/nlq/export';
import { columnsFor } from '../../../src/islands/sentinel/model/columns';
import { filterParameter, filterValue } from '../../../src/islands/sentinel/model/summary';
import { FILTER_VALUE_UNITS, resultColumns } from '../../../src/lib/sentinel/columns';
import { vocabulary } from './vocabulary';
import ExcelJS from 'exceljs';

const LANGS = ['en', 'de'] as const;
const gridHeaders = (type: (typeof RESULT_TYPES)[number], prisma: boolean, lng: 'en' | 'de') => {
  const t = vocabulary(lng);
  // As ResultsGrid names its columns.
  return columnsFor(type, prisma).map((c) => t(`sentinel.columns.${c.key}`));
};
const csvHeader = (buf: Buffer, sep: string) => buf.subarray(3).toString('utf8').split('\r\n')[0]!.split(sep);

describe('grid header = export header, per language', () => {
  for (const lng of LANGS) {
    for (const type of RESULT_TYPES) {
      for (const prisma of [false, true]) {
        it(`${type}${prisma ? ' (prisma)' : ''} in ${lng}: the CSV and XLSX header rows are the grid's headers`, async () => {
          const t = vocabulary(lng);
          const columns = exportColumns(type, prisma ? 'prisma' : 'full-service', t);
          const grid = gridHeaders(type, prisma, lng);
          expect(columns.map((c) => c.header)).toEqual(grid);
          expect(csvHeader(toCsv(columns, [], lng), lng === 'de' ? ';' : ',')).toEqual(grid);
          const wb = new ExcelJS.Workbook();
          await wb.xlsx.load(toXlsx(columns, [], lng) as unknown as ArrayBuffer);
          expect((wb.getWorksheet('Sentinel')!.getRow(1).values as unknown[]).slice(1)).toEqual(grid);
          // Every header is a name, not a missing key.
          for (const h of grid) expect(h).not.toMatch(/^sentinel\./);
        });
      }
    }
  }
  it('says "Stadt" in German and "City" in English in both places', () => {
    expect(gridHeaders('customers', false, 'de')).toContain('Stadt');
    expect(gridHeaders('customers', false, 'de')).not.toContain('Ort');
    expect(exportColumns('customers', 'full-service', vocabulary('en')).find((c) => c.key === 'city')!.header).toBe('City');
  });
  it('writes categories, ticket types and yes/no as the grid does', () => {
    const de = exportColumns('customers', 'full-service', vocabulary('de'));
    const opt = de.find((c) => c.key === 'ads_opt_out')!;
    expect(opt.value({ ads_opt_out: true } as CustomerRow)).toBe('Ja');
    expect(opt.value({ ads_opt_out: false } as CustomerRow)).toBe('Nein');
    const tx = exportColumns('transactions', 'full-service', vocabulary('de')).find((c) => c.key === 'ticket_type')!;
    expect(tx.value({ ticket_type: 'regular' } as never)).toBe('Vollpreis');
    const ev = exportColumns('events', 'full-service', vocabulary('en')).find((c) => c.key === 'category')!;
    expect(ev.value({ category: 'rock_pop' } as never)).toBe('Rock and pop');
  });
});

describe('summary parameter names are the vocabulary', () => {
  for (const lng of LANGS) {
    const t = vocabulary(lng);
    it(`names every field and measure of the semantic layer in ${lng}, with the engine's own label`, () => {
      for (const f of FIELDS) expect(t(`sentinel.fields.${f.tag}.${f.name}`)).toBe(f.label[lng]);
      for (const [m, label] of Object.entries(MEASURE_LABELS)) expect(t(`sentinel.fields.measure.${m}`)).toBe(label[lng]);
    });
    it(`names a field that is also a result column like its column in ${lng}`, () => {
      const outcome = { c: 'customers', e: 'events', t: 'transactions' } as const;
      // Which date, time, city or id a condition is about needs saying in the summary; in a grid
      // the table says it.
      const qualified = new Set(['e.date', 't.date', 't.time', 'e.city', 'e.id']);
      let compared = 0;
      for (const f of FIELDS) {
        const key = `${f.tag}.${f.name}`;
        if (qualified.has(key) || !resultColumns(outcome[f.tag], false).some((c) => c.key === f.name)) continue;
        expect(t(`sentinel.fields.${key}`), key).toBe(t(`sentinel.columns.${f.name}`));
        compared++;
      }
      expect(compared).toBeGreaterThan(15);
    });
  }
  it('shows the name in the user\'s language whatever language the answer was stored in', () => {
    const f = { field: 'c.city', parameter: 'City' };
    expect(filterParameter(f, vocabulary('de'))).toBe('Stadt');
    expect(filterParameter({ field: 'measure.tickets', parameter: 'Number of tickets' }, vocabulary('de'))).toBe('Anzahl Tickets');
    // A custom property keeps the partner's label; an old answer without a field its stored name.
    expect(filterParameter({ field: 'ccp.Abo', parameter: 'Abo' }, vocabulary('en'))).toBe('Abo');
    expect(filterParameter({ parameter: 'Event date' }, vocabulary('de'))).toBe('Event date');
  });
  it('reads an alternative to the rows before it as "or …" in the user’s language', () => {
    expect(filterParameter({ field: 'e.date', parameter: 'Event date', alternative: true }, vocabulary('de'))).toBe('oder Veranstaltungsdatum');
    expect(filterParameter({ field: 'e.date', parameter: 'Event date', alternative: true }, vocabulary('en'))).toBe('or Event date');
  });
  it('names enum values, yes/no, dates and NULL in the user\'s language', () => {
    const de = vocabulary('de');
    expect(filterValue({ field: 'e.category', operator: 'IN', value: 'symphony, rock_pop' }, de)).toBe('Sinfonik, Rock und Pop');
    expect(filterValue({ field: 't.ticket_type', operator: '=', value: 'cancelled' }, de)).toBe('Storniert');
    // A pattern shows what it matches: the operator word says "starts with" / "contains".
    expect(filterValue({ field: 'c.zip_code', operator: 'ILIKE', value: '50%' }, de)).toBe('50');
    expect(filterValue({ field: 'e.title', operator: 'ILIKE', value: '%Mozart%' }, de)).toBe('Mozart');
    expect(filterValue({ field: 'e.title', operator: 'ILIKE', value: '%100\\% Jazz%' }, de)).toBe('100% Jazz');
    expect(filterValue({ field: 'c.ads_opt_out', operator: '=', value: 'true' }, de)).toBe('Ja');
    expect(filterValue({ field: 'e.date', operator: '>=', value: '2026-01-31' }, de)).toBe('31.01.2026');
    expect(filterValue({ field: 'c.city', operator: 'IS', value: 'NULL' }, vocabulary('en'))).toBe('nothing (empty)');
    expect(filterValue({ field: 'c.city', operator: '=', value: 'Köln' }, de)).toBe('Köln');
  });
});

describe('named values cover the engine\'s vocabulary', () => {
  for (const lng of LANGS) {
    const t = vocabulary(lng);
    it(`has a ${lng} name for every category and ticket type the parser can produce`, () => {
      for (const c of new Set(CATEGORY_WORDS.flatMap((w) => w.categories))) expect(t(`sentinel.values.category.${c}`, { defaultValue: '' }), c).not.toBe('');
      for (const v of new Set(TICKET_TYPE_WORDS.map((w) => w.value))) expect(t(`sentinel.values.ticket_type.${v}`, { defaultValue: '' }), v).not.toBe('');
    });
  }
  it('names the values of every yes/no and date field of the semantic layer', () => {
    for (const f of FIELDS) {
      if (f.type === 'boolean') expect(FILTER_VALUE_UNITS[`${f.tag}.${f.name}`]).toBe('boolean');
      if (f.type === 'date') expect(FILTER_VALUE_UNITS[`${f.tag}.${f.name}`]).toBe('date');
    }
  });
});
