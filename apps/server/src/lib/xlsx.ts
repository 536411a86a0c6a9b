import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '@/plugins/errors';

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

/** What a file may unpack to before it is read (imports: IMPORT_MAX_UNPACKED_MB, IMPORT_MAX_ROWS). */
export interface SheetLimits {
  /** The sum of the entries' uncompressed sizes of an .xlsx. */
  maxUnpackedBytes: number;
  /** Data rows (the header row not counted) of any sheet. */
  maxRows: number;
}

const DEFAULT_LIMITS: SheetLimits = { maxUnpackedBytes: 20 * 1024 * 1024, maxRows: MAX_SHEET_ROWS };
const MAX_ZIP_ENTRIES = 10_000;
const unreadable = () => badRequest('Không đọc được tệp. Hãy dùng tệp .xlsx hoặc .csv theo mẫu.');
const tooManyRows = (max: number) =>
  new AppError(
    'IMPORT_TOO_LARGE',
    `Tệp có quá nhiều dòng (tối đa ${max.toLocaleString('vi-VN')} dòng dữ liệu). Hãy chia thành nhiều tệp nhỏ hơn.`,
  );

/**
 * Checks an .xlsx (a ZIP) against the limits BEFORE anything unpacks it for reading: the central
 * directory's uncompressed sizes must add up to at most `maxUnpackedBytes`, and each entry is then
 * inflated with its declared size as a hard bound (zlib stops there), so a header that lies cannot
 * make it grow; the sheets' rows are counted in the inflated XML. Memory stays within the limit,
 * one entry at a time, however far the file would unpack.
 */
function checkXlsx(buf: Buffer, limits: SheetLimits) {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buf.length) throw unreadable();
  const entries = buf.readUInt16LE(eocd + 10);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  // ZIP64 (0xFFFF entries or 0xFFFFFFFF offsets) is for archives far beyond any import.
  if (entries === 0xffff || dirOffset === 0xffffffff || entries > MAX_ZIP_ENTRIES) throw new AppError('IMPORT_TOO_LARGE');
  const tooLarge = () =>
    new AppError(
      'IMPORT_TOO_LARGE',
      `Tệp giải nén ra quá lớn (hơn ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB). Hãy chia thành nhiều tệp nhỏ hơn.`,
    );
  const list: Array<{ name: string; method: number; compressed: number; size: number; local: number }> = [];
  let total = 0;
  for (let p = dirOffset, i = 0; i < entries; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw unreadable();
    const nameLength = buf.readUInt16LE(p + 28);
    const entry = {
      method: buf.readUInt16LE(p + 10),
      compressed: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      local: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
    };
    total += entry.size;
    if (entry.size === 0xffffffff || total > limits.maxUnpackedBytes) throw tooLarge();
    list.push(entry);
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  for (const e of list) {
    if (e.local + 30 > buf.length || buf.readUInt32LE(e.local) !== 0x04034b50) throw unreadable();
    const start = e.local + 30 + buf.readUInt16LE(e.local + 26) + buf.readUInt16LE(e.local + 28);
    const data = buf.subarray(start, start + e.compressed);
    if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(e.name) && e.method === 0) continue;
    let xml: Buffer;
    if (e.method === 0) xml = data;
    else if (e.method === 8) {
      try {
        xml = inflateRawSync(data, { maxOutputLength: Math.max(e.size, 1) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw unreadable();
      }
    } else throw unreadable();
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(e.name) && countRowTags(xml) > limits.maxRows + 1) throw tooManyRows(limits.maxRows);
  }
}

/** `<row …>` elements of a sheet's XML (with or without a namespace prefix), counted on the bytes. */
function countRowTags(xml: Buffer): number {
  let n = 0;
  for (let i = xml.indexOf('row'); i >= 0; i = xml.indexOf('row', i + 3)) {
    const after = xml[i + 3];
    if (after !== 0x20 && after !== 0x3e && after !== 0x2f && after !== 0x09 && after !== 0x0a && after !== 0x0d) continue;
    let j = i - 1;
    if (xml[j] === 0x3a) for (j--; j >= 0 && /[\w.-]/.test(String.fromCharCode(xml[j])); j--);
    if (xml[j] === 0x3c) n++;
  }
  return n;
}

/** Lines of a CSV, counted before it is parsed (a quoted cell holding a line break counts twice: the bound is generous). */
function countLines(buf: Buffer): number {
  let n = 1;
  for (let i = buf.indexOf(0x0a); i >= 0; i = buf.indexOf(0x0a, i + 1)) n++;
  return n;
}

/**
 * Reads the first sheet of an .xlsx (or a .csv) into objects keyed by the header row's text.
 * Empty rows are skipped; `row` is the sheet's own row number so errors point at the right line.
 * Files beyond `limits` are refused before they are unpacked or parsed.
 */
export async function readSheet(
  buf: Buffer,
  filename: string,
  limits: SheetLimits = DEFAULT_LIMITS,
): Promise<{ headers: string[]; rows: Array<{ row: number; values: Record<string, string> }> }> {
  const wb = new ExcelJS.Workbook();
  const isCsv =
    /\.csv$/i.test(filename) ||
    // eslint-disable-next-line no-control-regex -- tab, newline and carriage return are what a text file may hold; the test is meant to name them
    (!isZip(buf) && /^[\x09\x0a\x0d\x20-\x7e\u00a0-\uffff]*$/.test(buf.subarray(0, 200).toString('utf8')));
  if (isCsv) {
    if (countLines(buf) > limits.maxRows + 2) throw tooManyRows(limits.maxRows);
  } else if (isZip(buf)) checkXlsx(buf, limits);
  try {
    if (isCsv) {
      const text = buf.toString('utf8').replace(/^\uFEFF/, '');
      await wb.csv.read(Readable.from([text]));
    } else {
      await wb.xlsx.load(buf as unknown as ArrayBuffer, LOAD_OPTIONS);
    }
  } catch {
    throw unreadable();
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
  if (rows.length > limits.maxRows) throw tooManyRows(limits.maxRows);
  return { headers: headers.filter(Boolean), rows };
}

/**
 * Parts of a sheet an import never reads, left unparsed: ExcelJS expands a data validation's or a
 * merge's range into one entry per cell, so a few bytes (`sqref="C1:Z1048576"`, or a person
 * validating a whole column — the templates carry drop-downs) would cost minutes and gigabytes.
 */
const LOAD_OPTIONS: Partial<ExcelJS.XlsxReadOptions> = { ignoreNodes: ['dataValidations', 'mergeCells', 'conditionalFormatting'] };

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
