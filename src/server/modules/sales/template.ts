// GET /downloads/sales_template.xlsx (spec 3 §3): the sales template, built from code so its
// columns can never drift from what the upload checks.
import ExcelJS from 'exceljs';
import { SALES_TEMPLATE_COLUMNS, SALES_TICKET_TYPES } from '../../../lib/contracts/sales';
import { addInstructionsSheet } from '../spreadsheets/instructions';

export async function salesTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Encore';
  const sales = wb.addWorksheet('Sales');
  sales.columns = SALES_TEMPLATE_COLUMNS.map((header, i) => ({ header, width: i === 3 ? 22 : 16 }));
  sales.getRow(1).font = { bold: true };
  sales.getColumn(1).numFmt = 'yyyy-mm-dd';
  sales.views = [{ state: 'frozen', ySplit: 1 }];
  // A drop-down of the known types on the rows people will fill.
  for (let r = 2; r <= 1000; r++) {
    sales.getCell(r, 4).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${SALES_TICKET_TYPES.join(',')}"`] };
  }
  const lines = [
    'How to fill in the sales template',
    '',
    'Enter one row per day and ticket type on the Sales sheet (or on further sheets with the same four columns). This Instructions sheet and hidden sheets are ignored.',
    "Date* — the day the tickets were sold (a date cell, or YYYY-MM-DD / DD.MM.YYYY). Not after today and not after the event's date.",
    'Tickets* — number of tickets, a whole number of 0 or more.',
    'Revenue* — total revenue of those tickets in your currency, a number of 0 or more (no currency sign).',
    `Ticket Type — optional; one of: ${SALES_TICKET_TYPES.join(', ')}. Empty means regular.`,
    'Keep the header row as it is. Formulas are read as their last calculated value.',
    'Uploading the same sales twice is refused. Limits: 10 MB, 200,000 rows per sheet.',
    '',
    'Example: 2026-03-01 | 12 | 480 | regular discount',
  ];
  addInstructionsSheet(wb, 'Instructions', lines);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
