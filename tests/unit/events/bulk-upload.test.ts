// spec 3 §3 "Bulk upload workbook", §5 "Bulk upload", §9 date formats: name normalisation, EU/US
// dates and times, and row validation of the bulk events upload.
import { describe, expect, it } from 'vitest';
import { eventColumn, lineupColumn, normaliseName, setlistColumn, sheetKey } from '../../../src/server/modules/events/bulk/names';
import { parseAuxDateFormat, parseBulkDate, parseBulkTime } from '../../../src/server/modules/events/bulk/values';
import { validateBulkWorkbook } from '../../../src/server/modules/events/bulk/validate';
import type { Cell, Sheet } from '../../../src/server/modules/spreadsheets/read';

describe('sheet and column names', () => {
  it('normalises case, accents, whitespace, underscores and asterisks', () => {
    expect(normaliseName('  Événements_ ')).toBe('evenements');
    expect(normaliseName('Venue   Capacity*')).toBe('venue capacity');
    expect(normaliseName('Titre de l’Œuvre')).toBe("titre de l'oeuvre");
  });

  it.each([
    ['Events', 'events'], ['VERANSTALTUNGEN', 'events'], ['Événements', 'events'],
    ['Lineup Artists', 'lineups'], ['Künstler', 'lineups'], ['Artistes', 'lineups'],
    ['Setlist Works', 'setlists'], ['Werke', 'setlists'], ['Œuvres', 'setlists'],
    ['settings', 'settings'], ['Einstellungen', 'settings'], ['Paramètres', 'settings'],
    ['Instructions', 'instructions'], ['Anleitung', 'instructions'],
  ])('sheet %s → %s', (raw, key) => expect(sheetKey(raw)).toBe(key));

  it.each([
    ['Identifier*', 'identifier'], ['Veranstaltungskennung', 'identifier'], ["Identifiant de l'événement", 'identifier'],
    ['Title', 'title'], ['Titel', 'title'], ['Titre', 'title'],
    ['Kategorie', 'category'], ['Catégorie', 'category'], ['Datum', 'date'], ['Heure', 'time'], ['Uhrzeit', 'time'],
    ['Avg Price', 'price'], ['Durchschnittspreis', 'price'], ['Prix moyen', 'price'],
    ['Stadt', 'city'], ['Ville', 'city'], ['Spielstätte', 'venue'], ['Lieu', 'venue'], ['Saal', 'hall'], ['Salle', 'hall'],
    ['Venue Capacity', 'capacity'], ['Kapazität', 'capacity'], ['Capacité', 'capacity'],
  ])('event column %s → %s', (raw, key) => expect(eventColumn(raw)).toBe(key));

  it('maps lineup and setlist columns in all three languages and refuses unknown ones', () => {
    expect(['Artist Name', 'Künstlername', "Nom de l'artiste"].map(lineupColumn)).toEqual(['artist', 'artist', 'artist']);
    expect(['Role/Type', 'Rolle', 'Rôle'].map(lineupColumn)).toEqual(['role', 'role', 'role']);
    expect(['Composer', 'Komponist', 'Compositeur'].map(setlistColumn)).toEqual(['composer', 'composer', 'composer']);
    expect(['Work Title', 'Werktitel', "Titre de l'œuvre"].map(setlistColumn)).toEqual(['work', 'work', 'work']);
    expect(eventColumn('__proto__')).toBeUndefined();
    expect(eventColumn('constructor')).toBeUndefined();
    expect(sheetKey('Sheet1')).toBeUndefined();
  });
});

describe('dates and times', () => {
  it('reads typed dates by the workbook format', () => {
    expect(parseBulkDate('03.04.2027', 'dd.mm.yyyy')).toBe('2027-04-03');
    expect(parseBulkDate('03/04/2027', 'dd.mm.yyyy')).toBe('2027-04-03');
    expect(parseBulkDate('03/04/2027', 'mm/dd/yyyy')).toBe('2027-03-04');
    expect(parseBulkDate('2027-03-04', 'mm/dd/yyyy')).toBe('2027-03-04');
    expect(parseBulkDate('13/25/2027', 'mm/dd/yyyy')).toBeUndefined();
    expect(parseBulkDate('31.02.2027', 'dd.mm.yyyy')).toBeUndefined();
    expect(parseBulkDate('tomorrow', 'dd.mm.yyyy')).toBeUndefined();
    expect(parseBulkDate(true, 'dd.mm.yyyy')).toBeUndefined();
  });
  it('reads date cells and serial numbers whatever the format', () => {
    expect(parseBulkDate(new Date(Date.UTC(2027, 2, 4)), 'mm/dd/yyyy')).toBe('2027-03-04');
    expect(parseBulkDate(46450, 'dd.mm.yyyy')).toBe('2027-03-04');
  });
  it('reads times as HH:mm', () => {
    expect(parseBulkTime('19:30')).toBe('19:30');
    expect(parseBulkTime('9.00')).toBe('09:00');
    expect(parseBulkTime('7:30 PM')).toBe('19:30');
    expect(parseBulkTime('12:00 am')).toBe('00:00');
    expect(parseBulkTime(0.8125)).toBe('19:30');
    expect(parseBulkTime(new Date(Date.UTC(1899, 11, 30, 20, 0)))).toBe('20:00');
    expect(parseBulkTime('25:00')).toBeUndefined();
    expect(parseBulkTime('13:00 pm')).toBeUndefined();
    expect(parseBulkTime('soon')).toBeUndefined();
  });
  it('reads aux_date_format', () => {
    expect(parseAuxDateFormat('dd.mm.yyyy')).toBe('dd.mm.yyyy');
    expect(parseAuxDateFormat(' MM/DD/YYYY ')).toBe('mm/dd/yyyy');
    expect(parseAuxDateFormat('yyyy')).toBeUndefined();
  });
});

const ahead = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d;
};
const eu = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
const HEADER = ['Identifier', 'Title', 'Category', 'Date', 'Time', 'Avg Price', 'City', 'Venue', 'Hall', 'Venue Capacity'];
const sheet = (name: string, rows: Cell[][]): Sheet => ({ name, rows: rows.map((cells, i) => ({ number: i + 1, cells })) });
const good = (id: string, over: Partial<Record<string, Cell>> = {}): Cell[] => {
  const v: Record<string, Cell> = { id, title: 'Gala', category: 'symphony', date: eu(ahead(30)), time: '19:30', price: 40, city: 'Köln', venue: 'KH', hall: 'Saal 1', capacity: 1000, ...over };
  return [v.id!, v.title!, v.category!, v.date!, v.time!, v.price!, v.city!, v.venue!, v.hall!, v.capacity!];
};

describe('row validation', () => {
  it('accepts a valid workbook with lineups and setlists', () => {
    const r = validateBulkWorkbook(
      [
        sheet('Events', [HEADER, good('EV-1'), good('EV-2', { category: 'Rock Pop' })]),
        sheet('Lineup Artists', [['Event Identifier', 'Artist Name', 'Role/Type'], ['EV-1', 'Anna', 'Conductor'], ['EV-1', 'Chor', 'choir']]),
        sheet('Setlist Works', [['Event Identifier', 'Composer', 'Work Title'], ['EV-2', 'Beethoven', 'Nr. 9']]),
        sheet('settings', [['aux_date_format', 'dd.mm.yyyy']]),
      ],
      'fdlive',
    );
    expect(r.issues).toEqual([]);
    expect(r.events.map((e) => e.identifier)).toEqual(['EV-1', 'EV-2']);
    expect(r.events[0]!.form.lineups).toEqual([{ artist_name: 'Anna', artist_type: 'conductor' }, { artist_name: 'Chor', artist_type: 'choir' }]);
    expect(r.events[1]!.form.category).toBe('rock_pop');
    expect(r.events[1]!.form.setlists).toEqual([{ artist_name: 'Beethoven', track: 'Nr. 9' }]);
  });

  it('lists every problem of every row with sheet, row, column and reason, and keeps no event', () => {
    const r = validateBulkWorkbook(
      [
        sheet('Events', [
          HEADER,
          good('EV-1', { title: '', city: 'x'.repeat(35) }),
          good('EV-1', { capacity: 10.5, price: -1 }),
          good('EV-3', { date: eu(ahead(1)), time: '19:15' }),
          good('EV 4', { category: 'circus', date: '31.02.2030', capacity: 'many' }),
          good('EV-5', { title: '=HYPERLINK("x")', time: 'late' }),
          good('EV-6'),
        ]),
        sheet('Lineup Artists', [['Event Identifier', 'Artist Name', 'Role/Type'], ['EV-6', '', 'wizard'], ['EV-9', 'Anna', 'choir']]),
        sheet('Setlist Works', [['Event Identifier', 'Composer', 'Work Title'], ['EV-6', 'Bach', '']]),
      ],
      'fdlive',
    );
    expect(r.events).toEqual([]);
    const seen = r.issues.map((i) => `${i.sheet}:${i.row}:${i.field}:${i.column}:${i.reason}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'events:2:title:B:required',
        'events:2:city:G:tooLong',
        'events:3:identifier:A:duplicateIdentifier',
        'events:3:capacity:J:decimalError',
        'events:3:price:F:negativeError',
        'events:4:date:D:tooEarly',
        'events:4:time:E:timeStep',
        'events:5:identifier:A:badIdentifier',
        'events:5:category:C:badCategory',
        'events:5:date:D:badDate',
        'events:5:capacity:J:notANumber',
        'events:6:title:B:formula',
        'events:6:time:E:badTime',
        'lineups:2:artist:B:required',
        'lineups:2:role:C:badRole',
        'lineups:3:identifier:A:unknownIdentifier',
        'setlists:2:work:C:required',
      ]),
    );
    expect(seen).toHaveLength(17);
  });

  it('reports a formula in a lineup or setlist cell once, not again as empty', () => {
    const r = validateBulkWorkbook(
      [
        sheet('Events', [HEADER, good('EV-1')]),
        sheet('Lineup Artists', [['Event Identifier', 'Artist Name', 'Role/Type'], ['EV-1', { formula: 'A1' }, 'choir']]),
        sheet('Setlist Works', [['Event Identifier', 'Composer', 'Work Title'], ['EV-1', 'Bach', '@SUM(1)']]),
      ],
      'fdlive',
    );
    expect(r.issues.map((i) => `${i.sheet}:${i.row}:${i.field}:${i.column}:${i.reason}`)).toEqual(['lineups:2:artist:B:formula', 'setlists:2:work:C:formula']);
    expect(r.events).toEqual([]);
  });

  it('reads US dates by the settings sheet and refuses an unknown format', () => {
    const d = ahead(40);
    const us = `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
    const ok = validateBulkWorkbook([sheet('Veranstaltungen', [HEADER, good('A', { date: us })]), sheet('Einstellungen', [['aux_date_format'], ['mm/dd/yyyy']])], 'fdlive');
    expect(ok.issues).toEqual([]);
    expect(ok.events[0]!.form.date).toBe(d.toISOString().slice(0, 10));
    const bad = validateBulkWorkbook([sheet('Events', [HEADER, good('A')]), sheet('settings', [['aux_date_format', 'yyyy/dd/mm']])], 'fdlive');
    expect(bad.issues).toEqual([{ sheet: 'settings', row: 1, field: 'aux_date_format', column: 'B', reason: 'badDateFormat' }]);
  });

  it('refuses unknown, duplicate and missing columns and a missing Events sheet', () => {
    const r = validateBulkWorkbook([sheet('Events', [[...HEADER.slice(0, 9), '__proto__', 'Titel'], good('A')])], 'fdlive');
    expect(r.issues.map((i) => `${i.field}:${i.column}:${i.reason}`)).toEqual([':J:unknownColumn', 'title:K:duplicateColumn', 'capacity::missingColumn']);
    expect(validateBulkWorkbook([sheet('Sheet1', [HEADER])], 'fdlive').issues[0]!.reason).toBe('missingSheet');
    const twice = validateBulkWorkbook([sheet('Events', [HEADER, good('A')]), sheet('Veranstaltungen', [HEADER, good('B')])], 'fdlive');
    expect(twice.issues).toEqual([{ sheet: 'events', row: 0, field: '', column: '', reason: 'duplicateSheet' }]);
    expect(twice.events).toEqual([]);
  });

  it('makes product events from name, category and date only for event_type prisma', () => {
    const r = validateBulkWorkbook([sheet('Events', [['Identifier', 'Title', 'Date'], ['P-1', 'Gift card', eu(ahead(10))]])], 'prisma');
    expect(r.issues).toEqual([]);
    expect(r.events[0]!.form).toMatchObject({ name: 'Gift card', category: 'product', capacity: 0, price: null });
  });
});

describe('translations', () => {
  it('every reason, field, sheet and error code of the bulk upload has an English and a German text', async () => {
    const { readFile } = await import('node:fs/promises');
    const { BULK_REASONS, BULK_ERROR_CODES, BULK_SHEETS, EVENT_COLUMNS, LINEUP_COLUMNS, SETLIST_COLUMNS } = await import('../../../src/lib/contracts/bulk-upload');
    for (const lng of ['en', 'de']) {
      const d = JSON.parse(await readFile(`public/locales/${lng}/common.json`, 'utf8'));
      for (const r of BULK_REASONS) expect(d.bulkUpload.reasons[r], `${lng} reason ${r}`).toBeTruthy();
      for (const s of [...BULK_SHEETS, 'workbook']) expect(d.bulkUpload.sheets[s], `${lng} sheet ${s}`).toBeTruthy();
      for (const f of [...EVENT_COLUMNS, ...LINEUP_COLUMNS, ...SETLIST_COLUMNS, 'aux_date_format']) expect(d.bulkUpload.fields[f], `${lng} field ${f}`).toBeTruthy();
      for (const code of BULK_ERROR_CODES) expect(d.common.serverErrors.error.bulk_upload[code.split('.')[2]!], `${lng} ${code}`).toBeTruthy();
    }
  });
});
