import type { Db } from '@/db/client';
import type { Actor } from '@/plugins/actor';
import { write } from '@/lib/write';
import { readSheet, type SheetLimits } from '@/lib/xlsx';
import { AppError, badRequest, notFound } from '@/plugins/errors';
import type { ImportKind, RowIssue } from '../core/import-kind';

export interface ImportRowResult {
  row: number;
  action: 'create' | 'update' | 'error';
  values: Record<string, string>;
  issues: RowIssue[];
}
export interface ImportResult {
  kind: string;
  dryRun: boolean;
  total: number;
  valid: number;
  invalid: number;
  created: number;
  updated: number;
  rows: ImportRowResult[];
}

/** The importable kinds, registered where the areas are put together (routes.ts), in the order the import pages list them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind parses its own row type; the mechanism never reads a row
export type ImportKinds = readonly ImportKind<any>[];

export function kindOf(kinds: ImportKinds, kind: string): ImportKind {
  const k = kinds.find((x) => x.kind === kind);
  if (!k) throw notFound('Loại dữ liệu nhập không được hỗ trợ.');
  return k;
}

/** Reads, parses and checks a file; the real run writes only when no row has an issue. */
export async function runImport(opts: {
  db: Db;
  kind: ImportKind;
  file: Buffer;
  filename: string;
  dryRun: boolean;
  actor: Actor;
  /** Unpacked size and rows (config: IMPORT_MAX_UNPACKED_MB, IMPORT_MAX_ROWS): beyond them the file is refused unread. */
  limits: SheetLimits;
}): Promise<ImportResult> {
  const { kind } = opts;
  const sheet = await readSheet(opts.file, opts.filename, opts.limits);
  const byHeader = new Map(kind.columns.map((c) => [normHeader(c.header), c]));
  const missing = kind.columns.filter((c) => c.required && !sheet.headers.some((h) => normHeader(h) === normHeader(c.header)));
  if (missing.length) {
    throw badRequest(`Thiếu cột bắt buộc: ${missing.map((c) => c.header).join(', ')}. Hãy dùng tệp mẫu.`, {
      missingColumns: missing.map((c) => c.header),
    });
  }
  if (!sheet.rows.length) throw badRequest('Tệp không có dòng dữ liệu nào.');

  const results: ImportRowResult[] = [];
  const parsed: Array<{ index: number; data: unknown }> = [];
  for (const r of sheet.rows) {
    const input: Record<string, string> = {};
    const values: Record<string, string> = {};
    for (const [h, v] of Object.entries(r.values)) {
      const col = byHeader.get(normHeader(h));
      if (!col) continue;
      input[col.key] = v;
      values[col.header] = v;
    }
    for (const c of kind.columns) input[c.key] ??= '';
    const res = kind.row.safeParse(input);
    const issues: RowIssue[] = res.success
      ? []
      : res.error.issues.map((i) => ({ column: kind.columns.find((c) => c.key === i.path[0])?.header ?? null, message: i.message }));
    results.push({ row: r.row, action: issues.length ? 'error' : 'create', values, issues });
    if (res.success) parsed.push({ index: results.length - 1, data: res.data });
  }

  const checks = await kind.check(
    opts.db,
    parsed.map((p) => p.data),
  );
  parsed.forEach((p, i) => {
    const c = checks[i];
    const r = results[p.index];
    r.issues.push(...c.issues);
    r.action = r.issues.length ? 'error' : c.action;
  });

  const invalid = results.filter((r) => r.action === 'error').length;
  const summary: ImportResult = {
    kind: kind.kind,
    dryRun: opts.dryRun,
    total: results.length,
    valid: results.length - invalid,
    invalid,
    created: 0,
    updated: 0,
    rows: results,
  };
  if (opts.dryRun) return summary;
  if (invalid) {
    throw new AppError('IMPORT_INVALID', `Tệp có ${invalid} dòng lỗi; chưa có dòng nào được nhập. Hãy sửa rồi nhập lại.`, summary);
  }
  const done = await write(opts.db, opts.actor, async (ctx) => {
    const out = await kind.apply(
      ctx,
      parsed.map((p) => p.data),
    );
    await ctx.log({ action: 'import', entity: kind.kind, after: { file: opts.filename, rows: results.length, ...out } });
    return out;
  });
  return { ...summary, ...done };
}

/** Headers match ignoring case, spaces and a trailing "*" (the template marks required columns). */
function normHeader(h: string) {
  return h.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

export async function templateBuffer(kind: ImportKind): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(kind.title.slice(0, 31));
  ws.columns = kind.columns.map((c) => ({ header: c.required ? `${c.header} *` : c.header, width: Math.max(14, c.header.length + 6) }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const guide = wb.addWorksheet('Hướng dẫn');
  guide.columns = [
    { header: 'Cột', width: 24 },
    { header: 'Bắt buộc', width: 10 },
    { header: 'Ví dụ', width: 28 },
    { header: 'Ghi chú', width: 60 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const c of kind.columns) guide.addRow([c.header, c.required ? 'Có' : '', c.example ?? '', c.note ?? '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
