// Workbooks for the spreadsheet tests, built from code: well-formed ones through exceljs and
// hostile ones (zip bombs, a million rows) written byte by byte, so nothing relies on fixtures.
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

export type Cells = (string | number | boolean | Date | null | { formula: string; result?: unknown })[];

/** An .xlsx with the given sheets (name → rows, header first); `hidden` sheets are hidden. */
export async function xlsx(sheets: Record<string, Cells[]>, opts: { hidden?: string[] } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name, { state: opts.hidden?.includes(name) ? 'hidden' : 'visible' });
    for (const r of rows) ws.addRow(r as unknown[]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A zip from raw entries (deflated unless `store`). */
export function zip(entries: { name: string; data: Buffer | string; store?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data);
    const body = e.store ? raw : deflateRawSync(raw, { level: 9 });
    const name = Buffer.from(e.name);
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.store ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.store ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A minimal xlsx around one worksheet XML body (the part between <sheetData> tags). */
export function rawXlsx(sheetData: Buffer | string): Buffer {
  const data = Buffer.isBuffer(sheetData) ? sheetData : Buffer.from(sheetData);
  return zip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>' },
    { name: '_rels/.rels', data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>' },
    { name: 'xl/workbook.xml', data: '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sales" sheetId="1" r:id="rId1"/></sheets></workbook>' },
    { name: 'xl/_rels/workbook.xml.rels', data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.concat([Buffer.from('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'), data, Buffer.from('</sheetData></worksheet>')]),
    },
  ]);
}

/** `n` rows of inline-string/number cells (Date, Tickets, Revenue), header first. */
export function manyRowsXml(n: number): Buffer {
  const head = '<row r="1"><c r="A1" t="inlineStr"><is><t>Date*</t></is></c><c r="B1" t="inlineStr"><is><t>Tickets*</t></is></c><c r="C1" t="inlineStr"><is><t>Revenue*</t></is></c></row>';
  const parts: string[] = [head];
  // Rows without r= are consecutive (identical rows keep the file tiny).
  const row = '<row><c><v>45000</v></c><c><v>1</v></c><c><v>1</v></c></row>';
  for (let i = 0; i < n; i++) parts.push(row);
  return Buffer.from(parts.join(''));
}

/** multipart body with the field `file`. */
export function fileForm(buf: Buffer, name = 'sales.xlsx'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(buf)]), name);
  return form;
}
