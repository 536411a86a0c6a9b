import type { z } from 'zod';
import type { TRole } from '@app/shared/roles';
import { foldVietnamese } from '@app/shared/vietnamese';
import type { DbOrTx } from '@/db/client';
import type { WriteCtx } from '@/lib/write';

export const IMPORT_KINDS = ['students', 'teachers', 'users', 'course-classes', 'enrolments', 'teacher-coefficients'] as const;
export type TImportKind = (typeof IMPORT_KINDS)[number];

/** What an apply answers when a row changed between the check and the write. */
export const CHANGED_SINCE_CHECK = 'Dữ liệu đã thay đổi trong lúc nhập; hãy kiểm tra lại tệp rồi nhập lại.';
/** Compares what people type: no accents, no case, single spaces. */
export const fold = (s: string) => foldVietnamese(s);

export interface ImportColumn {
  /** Key in the parsed row object (the zod schema's key). */
  key: string;
  /** The header text in the sheet, Vietnamese, exactly as the template has it. */
  header: string;
  required?: boolean;
  /** Shown on the header cell and on the template's guide sheet. */
  note?: string;
  /**
   * The template's example row. The importer skips a row equal to the example in every column
   * that has one and no `lookup` (a template sent back with its example row left in).
   */
  example?: string;
  /** A fixed list of accepted values: the template's drop-down, which refuses anything else. */
  choices?: readonly string[];
  /**
   * Values taken from the database for the template's drop-down (campus names, current homeroom
   * classes …). The drop-down only warns on other text, since the importer accepts a code or a
   * name; the example row shows the first value.
   */
  lookup?: (db: DbOrTx) => Promise<string[]>;
  /** The cell may hold several values separated by commas: the drop-down only offers them. */
  multiple?: boolean;
}

export interface RowIssue {
  /** The column's header text, or null for a problem with the row as a whole. */
  column: string | null;
  message: string;
}

export interface RowCheck {
  action: 'create' | 'update';
  issues: RowIssue[];
}

/**
 * A row as `check` sees it: every column that parsed, and `undefined` for a column whose cell
 * did not (its problem is reported already). Checking what did parse is how one pass reports
 * every problem of a row: a wrong grade does not hide an unknown campus.
 */
export type CheckedRow<R> = { [K in keyof R]?: R[K] };

/**
 * One importable kind. The import route does the rest the same way for every kind: read the
 * file, map headers to keys, parse each cell with `row`'s field, then `check` every row (parsed
 * or not) against the database and across rows, and `apply` the rows without issues in one
 * transaction (all of them, or — asked for — only the valid ones).
 */
export interface ImportKind<R = unknown> {
  kind: TImportKind;
  /** Sheet and file name: "Học sinh". */
  title: string;
  /** Who may import this kind (template, check, run, errors file); the school's writers (ADMIN) when absent. */
  roles?: readonly TRole[];
  columns: ImportColumn[];
  /** Parses one row (values are trimmed strings, '' when empty); messages in Vietnamese. A z.object, so each cell parses alone too. */
  row: z.ZodType<R> & { shape: Record<string, z.ZodType> };
  /** Database and cross-row checks, one result per row in the same order; a field is undefined when its cell did not parse. */
  check(db: DbOrTx, rows: Array<CheckedRow<R>>): Promise<RowCheck[]>;
  /** Writes every row (each one parsed and checked without issues); runs inside the import's one transaction. */
  apply(ctx: WriteCtx, rows: R[]): Promise<{ created: number; updated: number }>;
}

/** Helper for kinds: turns a list of rows into a Map from a normalised key to the row indexes holding it. */
export function duplicatesBy<R>(rows: R[], key: (r: R) => string | null | undefined): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const k = key(r)?.trim().toLowerCase();
    if (!k) return;
    seen.set(k, [...(seen.get(k) ?? []), i]);
  });
  return new Map([...seen].filter(([, idx]) => idx.length > 1));
}
