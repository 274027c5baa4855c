// The Instructions sheet of our generated templates (sales, bulk events): a bold title line,
// then one wrapped paragraph per line. Readers ignore the sheet by name.
import type ExcelJS from 'exceljs';

export function addInstructionsSheet(wb: ExcelJS.Workbook, name: string, lines: string[]): void {
  const sheet = wb.addWorksheet(name);
  sheet.getColumn(1).width = 110;
  lines.forEach((text, i) => {
    const cell = sheet.getCell(i + 1, 1);
    cell.value = text;
    cell.alignment = { wrapText: true, vertical: 'top' };
    if (i === 0) cell.font = { bold: true, size: 14 };
  });
}
