// Uploaded files are checked by content against their declared type (issue 6).
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { contentMatches, isAllowedContentType, SIGNATURES, TEXT_TYPES } from '../../../src/server/modules/storage/content-types';
import { safeObjectName } from '../../../src/server/modules/storage/uploads';
import { UPLOAD_TYPES_BY_EXTENSION } from '../../../src/lib/contracts/storage';

const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('contentMatches', () => {
  it('accepts files whose signature fits the declared type', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sales').addRow(['Date*', 'Tickets*']);
    expect(await contentMatches(XLSX, Buffer.from(await wb.xlsx.writeBuffer()))).toBe(true);
    expect(await contentMatches('application/pdf', PDF)).toBe(true);
    expect(await contentMatches('image/png', PNG)).toBe(true);
    expect(await contentMatches('text/csv', Buffer.from('Datum;Tickets\n01.12.2026;4\n'))).toBe(true);
  });

  it('refuses a signature of another type, binary posing as text, and unknown types', async () => {
    expect(await contentMatches('application/pdf', PNG)).toBe(false);
    expect(await contentMatches(XLSX, PDF)).toBe(false);
    expect(await contentMatches('text/plain', Buffer.from([0x41, 0x00, 0x42]))).toBe(false);
    expect(await contentMatches('text/csv', PDF)).toBe(false);
    expect(await contentMatches('application/x-msdownload', Buffer.from('MZ'))).toBe(false);
    expect(isAllowedContentType('application/x-msdownload')).toBe(false);
    expect(isAllowedContentType('application/pdf')).toBe(true);
  });
});

it('has a content rule for every type the browser may declare', () => {
  for (const type of Object.values(UPLOAD_TYPES_BY_EXTENSION)) expect(type in SIGNATURES || TEXT_TYPES.has(type), type).toBe(true);
});

describe('safeObjectName', () => {
  it('keeps the last segment, drops leading dots and odd characters, never empty', () => {
    expect(safeObjectName('../../etc/passwd')).toBe('passwd');
    expect(safeObjectName('..\\..\\win.ini')).toBe('win.ini');
    expect(safeObjectName('...hidden')).toBe('hidden');
    expect(safeObjectName('Saison 2027 – Übersicht.pdf')).toBe('Saison 2027 _ Übersicht.pdf');
    expect(safeObjectName('a<script>.pdf')).toBe('a_script_.pdf');
    expect(safeObjectName('..')).toBe('file');
    expect(safeObjectName('x'.repeat(300) + '.pdf')).toHaveLength(120);
  });
});
