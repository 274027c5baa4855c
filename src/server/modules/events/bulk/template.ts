// GET /downloads/events_template_{eu,us}.xlsx (spec 3 §3 "Bulk upload workbook", §9): built from
// code so its sheets and columns are exactly what the upload reads. The example row is dated a
// month ahead (the form refuses dates under 2 days away) and its identifier embeds date and time.
import ExcelJS from 'exceljs';
import { BULK_REGIONS, type BulkRegion } from '../../../../lib/contracts/bulk-upload';
import { ARTIST_ROLES, CITY_MAX, FORM_CATEGORIES } from '../../../../lib/contracts/event-form';
import { addInstructionsSheet } from '../../spreadsheets/instructions';
import { now as clockNow } from '../../../lib/clock';

export const TEMPLATE_SHEETS = { events: 'Events', lineups: 'Lineup Artists', setlists: 'Setlist Works', settings: 'settings', instructions: 'Instructions' } as const;
export const TEMPLATE_EVENT_HEADERS = ['Identifier*', 'Title*', 'Category*', 'Date*', 'Time*', 'Avg Price*', 'City*', 'Venue*', 'Hall*', 'Venue Capacity*', 'Description'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The example's day, one month ahead, written the way the region writes dates. */
function exampleDay(region: BulkRegion, now: Date) {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 14));
  const [y, m, day] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
  return { compact: `${y}${m}${day}`, text: region === 'us' ? `${m}/${day}/${y}` : `${day}.${m}.${y}` };
}

export async function eventsTemplate(region: BulkRegion, now = clockNow()): Promise<Buffer> {
  const format = BULK_REGIONS[region];
  const day = exampleDay(region, now);
  const identifier = `EV-${day.compact}-1930`;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Encore';

  const bold = (ws: ExcelJS.Worksheet) => {
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
  };
  const ev = wb.addWorksheet(TEMPLATE_SHEETS.events);
  ev.columns = TEMPLATE_EVENT_HEADERS.map((header, i) => ({ header, width: i === 1 || i === 10 ? 32 : 18 }));
  // Date and time as text so the file reads the same in every spreadsheet locale.
  ev.getColumn(4).numFmt = '@';
  ev.getColumn(5).numFmt = '@';
  ev.addRow([identifier, 'Beethoven: Symphony No. 9', 'symphony', day.text, '19:30', 42.5, 'Köln', 'Konzerthaus Rheinland', 'Großer Saal', 1800, 'Season finale with choir']);
  bold(ev);
  for (let r = 2; r <= 500; r++) {
    ev.getCell(r, 3).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${FORM_CATEGORIES.join(',')}"`] };
  }

  const lineups = wb.addWorksheet(TEMPLATE_SHEETS.lineups);
  lineups.columns = [
    { header: 'Event Identifier*', width: 24 },
    { header: 'Artist Name*', width: 32 },
    { header: 'Role/Type*', width: 20 },
  ];
  lineups.addRow([identifier, 'Gürzenich-Orchester', 'orchestra']);
  lineups.addRow([identifier, 'Anna Weber', 'conductor']);
  bold(lineups);
  // Excel list validations are limited to 255 characters; the roles fit.
  for (let r = 2; r <= 1000; r++) lineups.getCell(r, 3).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${ARTIST_ROLES.join(',')}"`] };

  const setlists = wb.addWorksheet(TEMPLATE_SHEETS.setlists);
  setlists.columns = [
    { header: 'Event Identifier*', width: 24 },
    { header: 'Composer*', width: 28 },
    { header: 'Work Title*', width: 40 },
  ];
  setlists.addRow([identifier, 'Ludwig van Beethoven', 'Symphony No. 9 in D minor, Op. 125']);
  bold(setlists);

  const settings = wb.addWorksheet(TEMPLATE_SHEETS.settings);
  settings.columns = [{ width: 20 }, { width: 16 }];
  settings.addRow(['aux_date_format', format]);

  const lines = [
    'How to fill in the events template',
    '',
    'One row per event on the Events sheet; artists on Lineup Artists and works on Setlist Works, each pointing at its event by the Event Identifier. This Instructions sheet is ignored.',
    `Identifier* — your own unique code for the event, for example ${identifier} (date and time in it); letters, digits, - _ . only, at most 64 characters. An identifier already uploaded is refused.`,
    'Title*, Venue*, Hall* — text. City* — at most ' + CITY_MAX + ' characters.',
    `Category* — one of: ${FORM_CATEGORIES.join(', ')}.`,
    `Date* — ${format} (as on the settings sheet), at least 2 days from today. Time* — HH:mm in 30-minute steps (19:00, 19:30).`,
    'Avg Price* — a number of 0 or more (no currency sign). Venue Capacity* — a whole number of 0 or more.',
    `Role/Type* — one of: ${ARTIST_ROLES.join(', ')}.`,
    'Sheet and column names may be in English, German or French. Formulas are not accepted.',
    'Every row is checked; if any row has a problem, nothing is created and all problems are listed by sheet and row.',
    'Replace the example rows with your events before uploading. Limits: 10 MB, 1,000 events per file, 5,000 rows per sheet.',
  ];
  addInstructionsSheet(wb, TEMPLATE_SHEETS.instructions, lines);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
