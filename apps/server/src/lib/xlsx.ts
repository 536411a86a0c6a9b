import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { badRequest } from '@/plugins/errors';

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | boolean | Date | null | undefined;
}

export interface XlsxSheet<T> {
  sheet: string;
  columns: XlsxColumn<T>[];
  rows: T[];
}

/** One sheet with a bold header row; the list pages' "Xuất Excel" and the import templates use it. */
export async function xlsxBuffer<T>(opts: XlsxSheet<T>): Promise<Buffer> {
  return xlsxSheetsBuffer([opts]);
}

/** Several such sheets in one workbook (e.g. a survey's summary and its responses). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function xlsxSheetsBuffer(sheets: Array<XlsxSheet<any>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'THPT Chuyên';
  for (const opts of sheets) {
    const ws = wb.addWorksheet(opts.sheet.slice(0, 31));
    ws.columns = opts.columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, Math.min(c.header.length + 4, 60)) }));
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    for (const r of opts.rows) ws.addRow(opts.columns.map((c) => c.value(r) ?? null));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends an .xlsx download; `filename` without extension, may hold Vietnamese. */
export function sendXlsx(reply: FastifyReply, filename: string, body: Buffer) {
  const ascii = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\w.-]+/g, '-');
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${ascii}.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}.xlsx`)
    .send(body);
}

/** Most rows an export or import handles in one go. */
export const MAX_SHEET_ROWS = 50_000;

/**
 * Reads the first sheet of an .xlsx (or a .csv) into objects keyed by the header row's text.
 * Empty rows are skipped; `row` is the sheet's own row number so errors point at the right line.
 */
export async function readSheet(
  buf: Buffer,
  filename: string,
): Promise<{ headers: string[]; rows: Array<{ row: number; values: Record<string, string> }> }> {
  const wb = new ExcelJS.Workbook();
  const isCsv =
    /\.csv$/i.test(filename) ||
    // eslint-disable-next-line no-control-regex -- tab, newline and carriage return are what a text file may hold; the test is meant to name them
    (!isZip(buf) && /^[\x09\x0a\x0d\x20-\x7e\u00a0-\uffff]*$/.test(buf.subarray(0, 200).toString('utf8')));
  try {
    if (isCsv) {
      const text = buf.toString('utf8').replace(/^\uFEFF/, '');
      await wb.csv.read(Readable.from([text]));
    } else {
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
    }
  } catch {
    throw badRequest('Không đọc được tệp. Hãy dùng tệp .xlsx hoặc .csv theo mẫu.');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('Tệp không có trang tính nào.');
  const headers: string[] = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = cellText(cell.value).trim();
  });
  const rows: Array<{ row: number; values: Record<string, string> }> = [];
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const values: Record<string, string> = {};
    let any = false;
    headers.forEach((h, i) => {
      if (!h) return;
      const v = cellText(r.getCell(i + 1).value).trim();
      if (v) any = true;
      values[h] = v;
    });
    if (any) rows.push({ row: n, values });
  });
  if (rows.length > MAX_SHEET_ROWS) throw badRequest(`Tệp có quá nhiều dòng (tối đa ${MAX_SHEET_ROWS}).`);
  return { headers: headers.filter(Boolean), rows };
}

function isZip(buf: Buffer) {
  return buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b;
}

/** Cell values as the text a person typed: dates as YYYY-MM-DD, rich text joined, formulas by result. */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('error' in v) return '';
  }
  return String(v);
}
