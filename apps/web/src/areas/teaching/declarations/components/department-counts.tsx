import {
  DECLARATION_STATUSES,
  DECLARATION_STATUS_LABELS,
  type TDeclarationPeriod,
  type TDeclarationSummary,
} from '@app/shared/declarations';
import { CardPanel } from '@/components/ui/card-panel';
import { useAllDeclarations } from '../api/declarations';
import { overdueReason } from '../lib/periods';

/** Declarations by status per department, from every declaration of the period. */
export function DepartmentCounts({ period }: { period: TDeclarationPeriod }) {
  const all = useAllDeclarations(period.id);
  const byDept = new Map<string, { name: string; counts: Record<string, number>; late: number }>();
  for (const d of all.data ?? []) {
    const key = String(d.departmentId ?? 0);
    const row = byDept.get(key) ?? { name: d.departmentName ?? 'Chưa thuộc tổ', counts: {}, late: 0 };
    row.counts[d.status] = (row.counts[d.status] ?? 0) + 1;
    if (overdueReason(period, d.status)) row.late++;
    byDept.set(key, row);
  }
  const rows = [...byDept.values()].sort((a, b) => a.name.localeCompare(b.name, 'vi'));
  return (
    <CardPanel
      title="Theo tổ chuyên môn"
      description={`${(all.data ?? []).length}/${period.teacherCount} giáo viên đã có bản kê khai.`}
      loading={all.isPending}
      error={all.isError ? all.error : undefined}
      onRetry={() => void all.refetch()}
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted">Chưa có bản kê khai nào trong kỳ này.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Số bản kê khai theo trạng thái của từng tổ</caption>
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col" className="px-2 py-1 text-left">
                  Tổ
                </th>
                {DECLARATION_STATUSES.map((s) => (
                  <th key={s} scope="col" className="px-2 py-1 text-right">
                    {DECLARATION_STATUS_LABELS[s]}
                  </th>
                ))}
                <th scope="col" className="px-2 py-1 text-right">
                  Quá hạn
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((r) => (
                <tr key={r.name}>
                  <th scope="row" className="px-2 py-1 text-left font-medium text-fg">
                    {r.name}
                  </th>
                  {DECLARATION_STATUSES.map((s) => (
                    <td key={s} className="px-2 py-1 text-right">
                      {r.counts[s] ?? 0}
                    </td>
                  ))}
                  <td className={`px-2 py-1 text-right ${r.late ? 'font-semibold text-danger' : ''}`}>{r.late}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </CardPanel>
  );
}

/** The overdue column: the reason in red, nothing when on time. */
export const overdueColumn = (period: TDeclarationPeriod) => ({
  key: 'late',
  header: 'Hạn',
  cell: (r: TDeclarationSummary) => {
    const late = overdueReason(period, r.status);
    return late ? <span className="font-medium text-danger">{late}</span> : <span className="text-muted">Đúng hạn</span>;
  },
});
