import ExcelJS from 'exceljs';
import { saveBlob } from '@/lib/download';

export interface SheetSpec {
  sheetName: string;
  /** A title row above the table. */
  title: string;
  /** The first row is the header. */
  rows: string[][];
  fileName: string;
}

/** Writes one sheet (title, bold header, wrapped cells) and hands it to the browser. Imported lazily. */
export async function writeXlsx({ sheetName, title, rows, fileName }: SheetSpec): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName, { pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1 } });
  ws.addRow([title]).font = { bold: true, size: 14 };
  ws.addRow([]);
  rows.forEach((r, i) => {
    const row = ws.addRow(r);
    row.alignment = { wrapText: true, vertical: 'top' };
    if (i === 0) row.font = { bold: true };
  });
  const width = Math.max(...rows.map((r) => r.length));
  for (let c = 1; c <= width; c++) ws.getColumn(c).width = c <= 3 ? 12 : 30;
  const buf = await wb.xlsx.writeBuffer();
  saveBlob(new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}
