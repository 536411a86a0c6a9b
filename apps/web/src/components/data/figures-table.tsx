import type { ReactNode } from 'react';

/**
 * A small table whose first column names the row and whose other columns are figures (right-aligned);
 * `foot` is a total row. Wider than a phone, it scrolls inside its own box.
 */
export function FiguresTable({
  caption,
  head,
  rows,
  foot,
  empty = 'Không có dữ liệu.',
}: {
  caption: string;
  head: string[];
  rows: Array<{ key: string | number; cells: ReactNode[] }>;
  foot?: ReactNode[];
  empty?: string;
}) {
  const cell = (c: ReactNode, j: number, strong = false) =>
    j === 0 ? (
      <th key={j} scope="row" className={`p-1.5 text-left ${strong ? 'font-semibold' : 'font-normal'}`}>
        {c}
      </th>
    ) : (
      <td key={j} className={`p-1.5 text-right whitespace-nowrap tabular-nums ${strong ? 'font-semibold' : ''}`}>
        {c}
      </td>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-1 text-left text-sm font-semibold text-fg">{caption}</caption>
        <thead className="text-left text-xs text-muted">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`p-1.5 font-medium ${i ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="p-1.5 text-muted">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.key} className="border-t border-border">
                {r.cells.map((c, j) => cell(c, j))}
              </tr>
            ))
          )}
        </tbody>
        {foot ? (
          <tfoot>
            <tr className="border-t-2 border-border">{foot.map((c, j) => cell(c, j, true))}</tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
