import { useMemo, useState } from 'react';
import type { TImportResult } from '@app/shared/school';
import { formatValue } from '@/lib/format';
import { Pagination } from './pagination';

type Row = TImportResult['rows'][number];

export const IMPORT_ACTION_LABELS: Record<Row['action'], string> = { create: 'Thêm mới', update: 'Cập nhật', error: 'Lỗi' };

const ACTION_STYLE: Record<Row['action'], string> = {
  create: 'bg-primary/10 text-primary',
  update: 'bg-surface-2 text-fg',
  error: 'bg-danger/10 text-danger',
};

/** "235 dòng hợp lệ, 1 dòng lỗi" (+ how many are new / updates). */
export function importSummary(r: TImportResult): string {
  const creates = r.rows.filter((x) => x.action === 'create').length;
  const updates = r.rows.filter((x) => x.action === 'update').length;
  const parts = [`${formatValue(r.valid)} dòng hợp lệ`, `${formatValue(r.invalid)} dòng lỗi`];
  const detail = r.valid ? ` (${formatValue(creates)} thêm mới, ${formatValue(updates)} cập nhật)` : '';
  return `${parts.join(', ')}${detail}`;
}

/** Rows with problems first, then in file order. */
export function sortImportRows(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => Number(b.action === 'error') - Number(a.action === 'error') || a.row - b.row);
}

/** Column names in the order the file has them (as the server reports them per row). */
function columnsOf(rows: readonly Row[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r.values)) seen.add(k);
  return [...seen];
}

const MAX_SHOWN = 500;

/**
 * The dry run's answer as a table: row number, what would happen, the values, and each problem
 * under the column it concerns (the cell is highlighted). Scrolls sideways on a phone.
 */
export function ImportPreview({ result }: { result: TImportResult }) {
  const [onlyErrors, setOnlyErrors] = useState(result.invalid > 0);
  const rows = useMemo(() => sortImportRows(result.rows).filter((r) => !onlyErrors || r.action === 'error'), [result.rows, onlyErrors]);
  const columns = useMemo(() => columnsOf(result.rows), [result.rows]);
  const shown = rows.slice(0, MAX_SHOWN);

  return (
    <div className="space-y-3">
      {result.invalid > 0 ? (
        <label className="inline-flex items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            checked={onlyErrors}
            onChange={(e) => setOnlyErrors(e.target.checked)}
            className="size-4 accent-primary"
          />
          Chỉ hiện dòng lỗi
        </label>
      ) : null}
      <div className="max-h-[50dvh] overflow-auto rounded-lg border border-border">
        <table className="w-full border-collapse text-xs">
          <caption className="sr-only">Kết quả kiểm tra tệp nhập</caption>
          <thead className="sticky top-0 z-10 bg-surface-2 text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                Dòng
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                Thao tác
              </th>
              {columns.map((c) => (
                <th key={c} scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                  {c}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                Lỗi khác
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {shown.map((r) => {
              const byColumn = new Map<string, string[]>();
              const general: string[] = [];
              for (const i of r.issues) {
                if (i.column && columns.includes(i.column)) byColumn.set(i.column, [...(byColumn.get(i.column) ?? []), i.message]);
                else general.push(i.column ? `${i.column}: ${i.message}` : i.message);
              }
              return (
                <tr key={r.row} data-action={r.action} className="align-top text-fg">
                  <td className="px-3 py-2 tabular-nums">{r.row}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <span className={`rounded-full px-2 py-0.5 font-medium ${ACTION_STYLE[r.action]}`}>{IMPORT_ACTION_LABELS[r.action]}</span>
                  </td>
                  {columns.map((c) => {
                    const issues = byColumn.get(c);
                    return (
                      <td key={c} className={`min-w-28 px-3 py-2 ${issues ? 'bg-danger/10' : ''}`}>
                        <span className="break-words">{r.values[c] ?? ''}</span>
                        {issues?.map((m) => (
                          <span key={m} className="mt-1 block font-medium text-danger">
                            {m}
                          </span>
                        ))}
                      </td>
                    );
                  })}
                  <td className="min-w-40 px-3 py-2 text-danger">
                    {general.map((m) => (
                      <span key={m} className="block">
                        {m}
                      </span>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length > MAX_SHOWN ? (
        <p className="text-xs text-muted">
          Đang hiển thị {formatValue(MAX_SHOWN)} trong {formatValue(rows.length)} dòng.
        </p>
      ) : null}
    </div>
  );
}

/** How many problems each column has (a problem of the whole row under "Cả dòng"), most first. */
function problemCounts(rows: readonly Row[]): Array<{ column: string; count: number }> {
  const counts = new Map<string, number>();
  for (const r of rows) for (const i of r.issues) counts.set(i.column ?? 'Cả dòng', (counts.get(i.column ?? 'Cả dòng') ?? 0) + 1);
  return [...counts].map(([column, count]) => ({ column, count })).sort((a, b) => b.count - a.count);
}

const PROBLEM_PAGE_SIZES = [10, 20, 50] as const;

/**
 * Every problem of the file at once, grouped by row: the counts (problems, rows, per column), then
 * one block per bad row listing each column and its message, a page at a time.
 */
export function ImportProblems({ result }: { result: TImportResult }) {
  const bad = useMemo(() => result.rows.filter((r) => r.action === 'error'), [result.rows]);
  const counts = useMemo(() => problemCounts(bad), [bad]);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(PROBLEM_PAGE_SIZES[0]);
  const total = counts.reduce((n, c) => n + c.count, 0);
  const shown = bad.slice((page - 1) * limit, page * limit);

  return (
    <section aria-labelledby="import-problems" className="space-y-2">
      <h3 id="import-problems" className="text-sm font-semibold text-fg">
        {formatValue(total)} lỗi ở {formatValue(bad.length)} dòng
      </h3>
      <ul aria-label="Số lỗi theo cột" className="flex flex-wrap gap-1.5 text-xs">
        {counts.map((c) => (
          <li key={c.column} className="rounded-full bg-danger/10 px-2 py-0.5 text-danger">
            {c.column}: {formatValue(c.count)}
          </li>
        ))}
      </ul>
      <div className="max-h-[40dvh] overflow-auto rounded-lg border border-border">
        <table className="w-full border-collapse text-xs">
          <caption className="sr-only">Lỗi theo dòng</caption>
          <thead className="sticky top-0 z-10 bg-surface-2 text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                Dòng
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                Cột
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                Lỗi
              </th>
            </tr>
          </thead>
          {shown.map((r) => (
            <tbody key={r.row} data-row={r.row} className="border-t border-border text-fg">
              {r.issues.map((i, k) => (
                <tr key={k} className="align-top">
                  {k === 0 ? (
                    <th scope="rowgroup" rowSpan={r.issues.length} className="px-3 py-2 text-left font-semibold tabular-nums whitespace-nowrap">
                      {r.row}
                      <span className="block font-normal text-muted">{formatValue(r.issues.length)} lỗi</span>
                    </th>
                  ) : null}
                  <td className="px-3 py-1.5 whitespace-nowrap">{i.column ?? 'Cả dòng'}</td>
                  <td className="px-3 py-1.5 text-danger">
                    {i.message}
                    {i.column && r.values[i.column] ? <span className="block text-muted">Giá trị: “{r.values[i.column]}”</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <Pagination
        page={page}
        limit={limit}
        total={bad.length}
        onPageChange={setPage}
        onLimitChange={(l) => {
          setLimit(l);
          setPage(1);
        }}
        hidden={bad.length <= PROBLEM_PAGE_SIZES[0]}
        pageSizes={PROBLEM_PAGE_SIZES}
      />
    </section>
  );
}
