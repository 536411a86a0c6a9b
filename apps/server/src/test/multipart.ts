import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';

export interface MultipartFile {
  /** Form field name; the import route reads "file". */
  field?: string;
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

/**
 * A multipart/form-data body for `app.inject`: `app.inject({ method: 'POST', url, ...multipart({...}), headers: {...auth} })`
 * needs the headers merged, so use `{ payload, headers: { ...body.headers, ...bearer(token) } }`.
 */
export function multipart(files: MultipartFile | MultipartFile[], fields: Record<string, string> = {}) {
  const boundary = `----apptest${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of Array.isArray(files) ? files : [files]) {
    const type =
      f.contentType ?? (/\.csv$/i.test(f.filename) ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
    );
    parts.push(typeof f.content === 'string' ? Buffer.from(f.content, 'utf8') : f.content);
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An .xlsx with one sheet: the header row, then the rows (a Date cell stays a real Excel date). */
export async function xlsxFile(headers: string[], rows: Array<Array<string | number | Date | null>>, sheet = 'Dữ liệu'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A CSV text (UTF-8, quoted where needed) from a header row and rows. */
export function csvFile(headers: string[], rows: Array<Array<string | number | null>>): string {
  const cell = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [headers, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

/** Reads a downloaded .xlsx (an export or a template) back into rows of cell texts. */
export async function readXlsx(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    const values = row.values as unknown[];
    // `values` is sparse (1-based, holes for empty cells): walk every index so holes read as ''.
    out.push(
      Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => values[i + 1]).map((v) =>
        v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v),
      ),
    );
  });
  return out;
}
