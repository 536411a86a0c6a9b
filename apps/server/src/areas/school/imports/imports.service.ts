import { createHash } from 'node:crypto';
import type { Db } from '@/db/client';
import type { Actor } from '@/plugins/actor';
import { write } from '@/lib/write';
import { readSheet, type SheetLimits } from '@/lib/xlsx';
import { AppError, badRequest, notFound } from '@/plugins/errors';
import { fold, type CheckedRow, type ImportKind, type RowIssue } from '../core/import-kind';
import { EXAMPLE_NOTE, importWorkbook } from './import-workbook';

export interface ImportRowResult {
  row: number;
  action: 'create' | 'update' | 'error';
  values: Record<string, string>;
  issues: RowIssue[];
}
export interface ImportResult {
  kind: string;
  dryRun: boolean;
  /** The run wrote only the rows without issues. */
  validOnly: boolean;
  total: number;
  valid: number;
  invalid: number;
  created: number;
  updated: number;
  rows: ImportRowResult[];
  /** Rows read but not imported, with why (the template's example row left in). */
  skipped: Array<{ row: number; reason: string }>;
  /**
   * The file's bytes and the check's verdict on each row, hashed: a run that imports only the
   * valid rows must name the preview it was shown, and is refused when the file or the verdicts
   * (the database changed meanwhile) are no longer the same.
   */
  fingerprint: string;
}

/** The importable kinds, registered where the areas are put together (routes.ts), in the order the import pages list them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind parses its own row type; the mechanism never reads a row
export type ImportKinds = readonly ImportKind<any>[];

export function kindOf(kinds: ImportKinds, kind: string): ImportKind {
  const k = kinds.find((x) => x.kind === kind);
  if (!k) throw notFound('Loại dữ liệu nhập không được hỗ trợ.');
  return k;
}

/** "Học sinh" → "hoc-sinh": the kind's part of the template's and errors file's names. */
export function fileSlug(kind: ImportKind): string {
  return fold(kind.title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface FileInput {
  db: Db;
  kind: ImportKind;
  file: Buffer;
  filename: string;
  /** Unpacked size and rows (config: IMPORT_MAX_UNPACKED_MB, IMPORT_MAX_ROWS): beyond them the file is refused unread. */
  limits: SheetLimits;
}

/** Recognises the row the template carries as an example, sent back unchanged: equal in every column with a fixed example. */
function exampleMatcher(kind: ImportKind): (input: Record<string, string>) => boolean {
  const fixed = kind.columns.flatMap((c) => (c.example !== undefined && !c.lookup ? [{ key: c.key, value: fold(c.example) }] : []));
  return (input) => fixed.length > 0 && fixed.every((c) => fold(input[c.key] ?? '') === c.value);
}

/**
 * Reads a file and checks every row in one pass: each cell is parsed on its own (a bad grade does
 * not stop the campus from being looked up), then the kind checks every row — the cells that did
 * parse — against the database and the other rows. Every problem of every row is in the answer.
 */
async function checkFile(opts: FileInput) {
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
  const checked: Array<CheckedRow<Record<string, unknown>>> = [];
  const complete: Array<unknown> = [];
  const skipped: ImportResult['skipped'] = [];
  const isExample = exampleMatcher(kind);
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
    if (isExample(input)) {
      skipped.push({ row: r.row, reason: EXAMPLE_NOTE });
      continue;
    }
    const res = kind.row.safeParse(input);
    let data: Record<string, unknown> = {};
    const issues: RowIssue[] = [];
    if (res.success) data = res.data as Record<string, unknown>;
    else {
      for (const i of res.error.issues) {
        issues.push({ column: kind.columns.find((c) => c.key === i.path[0])?.header ?? null, message: i.message });
      }
      // The cells that parse on their own still go to the kind's checks.
      for (const [key, field] of Object.entries(kind.row.shape)) {
        const one = field.safeParse(input[key]);
        if (one.success) data[key] = one.data;
      }
    }
    results.push({ row: r.row, action: issues.length ? 'error' : 'create', values, issues });
    checked.push(data);
    complete.push(res.success ? res.data : undefined);
  }
  if (!results.length) {
    throw badRequest('Tệp chỉ có dòng ví dụ của tệp mẫu. Hãy ghi đè hoặc xoá dòng ví dụ rồi nhập dữ liệu.');
  }

  const checks = await kind.check(opts.db, checked);
  results.forEach((r, i) => {
    const c = checks[i];
    r.issues.push(...c.issues);
    r.action = r.issues.length ? 'error' : c.action;
  });

  const hash = createHash('sha256').update(opts.file);
  hash.update(`|${kind.kind}|${results.map((r) => `${r.row}:${r.action}`).join(',')}`);
  const invalid = results.filter((r) => r.action === 'error').length;
  const summary: ImportResult = {
    kind: kind.kind,
    dryRun: true,
    validOnly: false,
    total: results.length,
    valid: results.length - invalid,
    invalid,
    created: 0,
    updated: 0,
    rows: results,
    skipped,
    fingerprint: hash.digest('hex').slice(0, 32),
  };
  const good = complete.filter((_, i) => results[i].action !== 'error');
  return { summary, good };
}

/**
 * Reads, parses and checks a file; a dry run answers the check. A real run writes in one
 * transaction either every row (refused when any row has an issue) or, `validOnly`, the rows
 * without issues — then only for the preview the person saw (`fingerprint`).
 */
export async function runImport(
  opts: FileInput & {
    dryRun: boolean;
    actor: Actor;
    validOnly?: boolean;
    /** The preview's fingerprint: required with `validOnly`, checked whenever given. */
    fingerprint?: string;
  },
): Promise<ImportResult> {
  const { kind } = opts;
  const { summary, good } = await checkFile(opts);
  const validOnly = opts.validOnly ?? false;
  if (opts.dryRun) return summary;
  const answer = { ...summary, dryRun: false, validOnly };
  if (validOnly && !opts.fingerprint) throw badRequest('Hãy kiểm tra tệp trước khi nhập các dòng hợp lệ.');
  if (opts.fingerprint && opts.fingerprint !== summary.fingerprint) {
    throw new AppError(
      'IMPORT_INVALID',
      'Tệp hoặc dữ liệu của trường đã thay đổi từ lúc kiểm tra; chưa có dòng nào được nhập. Hãy xem lại kết quả kiểm tra mới.',
      answer,
    );
  }
  if (!validOnly && summary.invalid) {
    throw new AppError('IMPORT_INVALID', `Tệp có ${summary.invalid} dòng lỗi; chưa có dòng nào được nhập. Hãy sửa rồi nhập lại.`, answer);
  }
  if (!good.length) throw new AppError('IMPORT_INVALID', 'Tệp không có dòng hợp lệ nào để nhập.', answer);
  const done = await write(opts.db, opts.actor, async (ctx) => {
    const out = await kind.apply(ctx, good);
    await ctx.log({
      action: 'import',
      entity: kind.kind,
      after: {
        file: opts.filename,
        rows: summary.total,
        ...(validOnly ? { validOnly: true, errorRows: summary.rows.filter((r) => r.action === 'error').map((r) => r.row) } : {}),
        ...out,
      },
    });
    return out;
  });
  return { ...answer, ...done };
}

/** The errors file: the bad rows of a file, as the template's sheet with a "Lỗi" column (see importWorkbook). */
export async function errorRowsBuffer(opts: FileInput): Promise<Buffer> {
  const { summary } = await checkFile(opts);
  const bad = summary.rows.filter((r) => r.action === 'error');
  if (!bad.length) throw badRequest('Tệp không có dòng lỗi nào.');
  return importWorkbook(opts.db, opts.kind, bad);
}

/** Headers match ignoring case, spaces and a trailing "*" (the template marks required columns). */
function normHeader(h: string) {
  return h.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

export function templateBuffer(db: Db, kind: ImportKind): Promise<Buffer> {
  return importWorkbook(db, kind);
}
