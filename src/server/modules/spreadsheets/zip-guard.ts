// An uploaded .xlsx is a zip whose own size says little about what it inflates to. Before any
// spreadsheet library sees it, every entry is inflated here with a hard output cap (so a lying
// header or a zip bomb stops at the cap), entries and sheets are counted, and the rows of each
// sheet are counted in its XML, so 1,000,000 rows are refused without building a workbook.
import { inflateRawSync } from 'node:zlib';
import { SpreadsheetError } from './errors';

export interface ZipLimits {
  maxUncompressedBytes: number;
  maxEntries: number;
  maxSheets: number;
  maxRows: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function findEndOfCentralDirectory(buf: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes at the very end.
  const stop = Math.max(0, buf.length - 22 - 65_535);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === EOCD) return i;
  throw new SpreadsheetError('unreadable', 'Not a readable xlsx file (no zip directory)');
}

/** Counts `<row` elements (any namespace prefix) in a worksheet's XML without parsing it. */
function countRows(xml: Buffer): number {
  let n = 0;
  for (let i = xml.indexOf('row', 0, 'latin1'); i !== -1; i = xml.indexOf('row', i + 3, 'latin1')) {
    const before = xml[i - 1];
    const after = xml[i + 3];
    // `<row ` / `<row>` or a prefixed `<x:row `; not `</row>`, `<rows`, or `row` inside text.
    if (!(after === 0x20 || after === 0x3e || after === 0x2f || after === 0x09 || after === 0x0a || after === 0x0d)) continue;
    if (before === 0x3c) n++;
    else if (before === 0x3a) {
      let j = i - 2;
      while (j > 0 && /[A-Za-z0-9_.-]/.test(String.fromCharCode(xml[j]!))) j--;
      if (xml[j] === 0x3c) n++;
    }
  }
  return n;
}

/** Throws SpreadsheetError when the zip breaks a limit; otherwise returns how many bytes it inflates to. */
export function guardZip(buf: Buffer, limits: ZipLimits): number {
  const eocd = findEndOfCentralDirectory(buf);
  const entries = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) throw new SpreadsheetError('unreadable', 'zip64 workbooks are not supported');
  if (entries > limits.maxEntries) throw new SpreadsheetError('too_many_entries', `The workbook has more than ${limits.maxEntries} parts`);
  let budget = limits.maxUncompressedBytes;
  let sheets = 0;
  let workbook = false;
  let p = cdOffset;
  for (let k = 0; k < entries; k++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new SpreadsheetError('unreadable', 'Corrupt zip directory');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (flags & 1) throw new SpreadsheetError('encrypted', 'Encrypted workbooks are not supported');
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) throw new SpreadsheetError('unreadable', 'Corrupt zip entry');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) throw new SpreadsheetError('unreadable', 'Truncated zip entry');
    const raw = buf.subarray(start, start + compressed);
    let data: Buffer;
    if (method === 0) data = raw;
    else if (method === 8) {
      try {
        // One byte over the budget proves the budget is exceeded.
        data = inflateRawSync(raw, { maxOutputLength: budget + 1 });
      } catch (err) {
        if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw new SpreadsheetError('uncompressed_too_large', `The workbook inflates to more than ${limits.maxUncompressedBytes} bytes`);
        }
        throw new SpreadsheetError('unreadable', 'Corrupt compressed data');
      }
    } else throw new SpreadsheetError('unreadable', `Unsupported zip compression ${method}`);
    if (data.length > budget) throw new SpreadsheetError('uncompressed_too_large', `The workbook inflates to more than ${limits.maxUncompressedBytes} bytes`);
    budget -= data.length;
    if (name === 'xl/workbook.xml') workbook = true;
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) {
      if (++sheets > limits.maxSheets) throw new SpreadsheetError('too_many_sheets', `The workbook has more than ${limits.maxSheets} sheets`);
      if (countRows(data) > limits.maxRows) throw new SpreadsheetError('too_many_rows', `A sheet has more than ${limits.maxRows} rows`);
    }
  }
  if (!workbook) throw new SpreadsheetError('unreadable', 'The zip holds no workbook');
  return limits.maxUncompressedBytes - budget;
}
