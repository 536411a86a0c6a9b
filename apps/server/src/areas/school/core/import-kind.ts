import type { z } from 'zod';
import { foldVietnamese } from '@app/shared/vietnamese';
import type { DbOrTx } from '@/db/client';
import type { WriteCtx } from '@/lib/write';

export const IMPORT_KINDS = ['students', 'teachers', 'users', 'course-classes', 'enrolments'] as const;
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
  /** Shown on the template's guide sheet. */
  note?: string;
  example?: string;
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
 * One importable kind. The import route does the rest the same way for every kind: read the
 * file, map headers to keys, parse each row with `row`, then `check` against the database and
 * across rows, and (not a dry run, no issues) `apply` all rows in one transaction.
 */
export interface ImportKind<R = unknown> {
  kind: TImportKind;
  /** Sheet and file name: "Học sinh". */
  title: string;
  columns: ImportColumn[];
  /** Parses one row (values are trimmed strings, '' when empty); messages in Vietnamese. */
  row: z.ZodType<R>;
  /** Database and cross-row checks, one result per row in the same order. */
  check(db: DbOrTx, rows: R[]): Promise<RowCheck[]>;
  /** Writes every row; runs inside the import's one transaction. */
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
