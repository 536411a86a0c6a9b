import ExcelJS from 'exceljs';
import type { DbOrTx } from '@/db/client';
import type { ImportColumn, ImportKind, RowIssue } from '../core/import-kind';

/** Rows below the data that still get the drop-downs, so a person can keep typing. */
const SPARE_ROWS = 1000;
const LISTS_SHEET = 'Danh sách';
const GUIDE_SHEET = 'Hướng dẫn';
/** The column the errors file adds after the kind's columns; the importer ignores it (not a header it knows). */
const ERRORS_HEADER = 'Lỗi';
const SOURCE_ROW_HEADER = 'Dòng trong tệp đã nhập';
export const EXAMPLE_NOTE = 'Dòng ví dụ: hãy ghi đè hoặc xoá. Nếu giữ nguyên, hệ thống bỏ qua dòng này khi nhập.';

const GREY = { argb: 'FF7F7F7F' };
const RED = { argb: 'FFC00000' };
const ERROR_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE2E1' } };

/** A header as the template writes it: required columns end in " *" (the importer ignores the star). */
const templateHeader = (c: ImportColumn) => (c.required ? `${c.header} *` : c.header);

/**
 * The values a column's drop-down offers: its fixed choices, or what the database holds now.
 * Each list is read once per workbook.
 */
async function listsOf(db: DbOrTx, columns: ImportColumn[]): Promise<Map<string, string[]>> {
  const entries = await Promise.all(
    columns.map(async (c) => [c.key, c.choices ? [...c.choices] : c.lookup ? await c.lookup(db) : []] as const),
  );
  return new Map(entries.filter(([, values]) => values.length > 0));
}

/** ExcelJS 4 has `worksheet.dataValidations` (a range as one address) but leaves it out of its typings. */
const validations = (ws: ExcelJS.Worksheet) =>
  (ws as unknown as { dataValidations: { add(address: string, v: ExcelJS.DataValidation): void } }).dataValidations;

function columnLetter(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

function validationOf(c: ImportColumn, ref: string): ExcelJS.DataValidation {
  // A fixed list refuses other text; a database list only warns (a code works as well as a name);
  // a cell of several values can only be typed, so the list is offered and nothing is refused.
  const style = c.multiple ? 'information' : c.choices ? 'stop' : 'warning';
  return {
    type: 'list',
    allowBlank: true,
    formulae: [ref],
    showErrorMessage: true,
    errorStyle: style,
    errorTitle: c.header,
    error: c.multiple
      ? 'Có thể nhập nhiều giá trị trong danh sách, cách nhau bởi dấu phẩy.'
      : c.choices
        ? `Hãy chọn một giá trị trong danh sách: ${c.choices.join(', ')}.`
        : 'Giá trị không có trong danh sách. Vẫn giữ nếu đó là mã hoặc tên đúng.',
  };
}

function noteOf(c: ImportColumn, list: string[] | undefined): string {
  const lines = [c.required ? 'Bắt buộc.' : 'Không bắt buộc.'];
  if (c.note) lines.push(c.note);
  if (list) lines.push(c.multiple ? 'Chọn trong danh sách hoặc gõ nhiều giá trị, cách nhau bởi dấu phẩy.' : 'Chọn trong danh sách.');
  return lines.join('\n');
}

function allowedText(c: ImportColumn, list: string[] | undefined): string {
  if (c.choices) return c.choices.join(', ');
  if (!list) return '';
  return list.length <= 12 ? list.join(', ') : `${list.slice(0, 12).join(', ')}, … (${list.length} giá trị, xem danh sách chọn)`;
}

/** An errors file's row: the cells as they were read, and what is wrong with them. */
interface ErrorRow {
  row: number;
  values: Record<string, string>;
  issues: RowIssue[];
}

/**
 * The template of a kind (`rows` absent: a header, one example row, drop-downs) or the file of a
 * preview's bad rows (`rows`: the same sheet holding those rows, their cells marked, and a "Lỗi"
 * column with their messages). Either goes back to the importer as it is: the sheet is first,
 * the example row is skipped when left unchanged, and "Lỗi" is not a column the importer knows.
 * A guide sheet explains each column; a hidden "Danh sách" sheet holds the drop-downs' values.
 */
export async function importWorkbook(db: DbOrTx, kind: ImportKind, rows?: ErrorRow[]): Promise<Buffer> {
  const lists = await listsOf(db, kind.columns);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'THPT Chuyên';
  const ws = wb.addWorksheet(kind.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const guide = wb.addWorksheet(GUIDE_SHEET);
  const listSheet = wb.addWorksheet(LISTS_SHEET, { state: 'hidden' });

  const headers = kind.columns.map(templateHeader);
  if (rows) headers.push(ERRORS_HEADER, SOURCE_ROW_HEADER);
  ws.columns = headers.map((h, i) => ({
    header: h,
    width: i >= kind.columns.length ? (h === ERRORS_HEADER ? 60 : 14) : Math.max(14, h.length + 6),
    // Text cells: codes keep their leading zeros and typed dates stay as typed (the importer reads dd/mm/yyyy).
    style: i < kind.columns.length ? { numFmt: '@' } : {},
  }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  kind.columns.forEach((c, i) => {
    head.getCell(i + 1).note = noteOf(c, lists.get(c.key));
  });

  const lastRow = 1 + (rows?.length ?? 1) + SPARE_ROWS;
  let listCol = 0;
  kind.columns.forEach((c, i) => {
    const values = lists.get(c.key);
    if (!values) return;
    listCol++;
    const letter = columnLetter(listCol);
    listSheet.getCell(`${letter}1`).value = c.header;
    values.forEach((v, j) => {
      listSheet.getCell(`${letter}${j + 2}`).value = v;
    });
    const target = columnLetter(i + 1);
    validations(ws).add(`${target}2:${target}${lastRow}`, validationOf(c, `'${LISTS_SHEET}'!$${letter}$2:$${letter}$${values.length + 1}`));
  });

  if (rows) {
    for (const r of rows) {
      const bad = new Set(r.issues.map((i) => i.column));
      const messages = r.issues.map((i) => (i.column ? `${i.column}: ${i.message}` : i.message)).join('\n');
      const row = ws.addRow([...kind.columns.map((c) => r.values[c.header] ?? ''), messages, r.row]);
      kind.columns.forEach((c, i) => {
        if (bad.has(c.header)) row.getCell(i + 1).fill = ERROR_FILL;
      });
      const cell = row.getCell(kind.columns.length + 1);
      cell.font = { color: RED };
      cell.alignment = { wrapText: true, vertical: 'top' };
    }
  } else {
    const example = ws.addRow(kind.columns.map((c) => (c.lookup ? lists.get(c.key)?.[0] : undefined) ?? c.example ?? ''));
    example.font = { italic: true, color: GREY };
    example.getCell(1).note = EXAMPLE_NOTE;
  }

  guide.columns = [
    { header: 'Cột', width: 24 },
    { header: 'Bắt buộc', width: 10 },
    { header: 'Ví dụ', width: 28 },
    { header: 'Giá trị hợp lệ', width: 48 },
    { header: 'Ghi chú', width: 70 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const c of kind.columns) {
    const list = lists.get(c.key);
    guide.addRow([c.header, c.required ? 'Có' : '', c.example ?? '', allowedText(c, list), c.note ?? '']);
  }
  guide.addRow([]);
  for (const line of [
    `Nhập dữ liệu vào trang "${ws.name}", từ dòng 2; dòng 1 là tiêu đề, giữ nguyên. Cột có dấu * là bắt buộc.`,
    rows
      ? `Đây là các dòng lỗi của lần nhập trước: sửa các ô được tô đỏ theo cột "${ERRORS_HEADER}" rồi nhập lại tệp này; hai cột cuối không được nhập.`
      : `Dòng 2 là dòng ví dụ (chữ nghiêng, màu xám): hãy ghi đè hoặc xoá; nếu giữ nguyên, hệ thống bỏ qua dòng này.`,
    'Các cột có danh sách chọn lấy giá trị từ dữ liệu hiện có của trường (tải lại tệp mẫu khi danh sách thay đổi).',
    'Trước khi ghi, hệ thống kiểm tra mọi dòng và báo tất cả lỗi một lần; có thể nhập riêng các dòng hợp lệ và tải các dòng lỗi về để sửa.',
  ])
    guide.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
