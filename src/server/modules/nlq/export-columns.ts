// The columns of the result tables (spec 3 §3) as the export writes them: the very columns of the
// grid (src/lib/sentinel/columns.ts), headed by the same names (sentinel.columns.* of the locale
// files) and with the same names for categories, ticket types and yes/no (sentinel.values.*), so
// the file says what the screen says, in the user's language. Numbers and dates stay typed until
// the CSV or XLSX writer formats them for a spreadsheet.
import type { ResultType } from '../../../lib/contracts/nlq';
import { pageI18n } from '../../../lib/i18n/server';
import { resultColumns, valueName, type ResultRow, type Translate } from '../../../lib/sentinel/columns';

export type CellValue = string | number | boolean | { date: string } | null;

export interface ExportColumn {
  key: string;
  header: string;
  value: (row: ResultRow) => CellValue;
  /** XLSX width in characters. */
  width: number;
}

const day = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? { date: s } : s);

/** The translate function of the user's interface (product type included: prisma words fall back to common). */
export function exportTranslate(language: 'en' | 'de', product: string): Translate {
  return pageI18n(language, product === 'prisma' ? 'prisma' : 'full-service').t as unknown as Translate;
}

/** The export's columns for an answer; the forecast figures are left out for the prisma type (spec 3 §3). */
export function exportColumns(type: ResultType, product: string, t: Translate): ExportColumn[] {
  return resultColumns(type, product === 'prisma').map((spec) => ({
    key: spec.key,
    header: t(`sentinel.columns.${spec.key}`),
    width: Math.max(8, Math.round(spec.width / 9)),
    value: (row: ResultRow): CellValue => {
      const v = spec.value(row);
      if (v === null || v === '') return null;
      if (spec.unit === 'date') return day(String(v));
      return valueName(spec.unit, v, t) ?? v;
    },
  }));
}
