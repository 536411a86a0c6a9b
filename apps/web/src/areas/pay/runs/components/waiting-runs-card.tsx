import { Link } from 'react-router';
import { formatDateTime } from '@app/shared/format';
import { formatMoney } from '@app/shared/pay-calc';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { useWaitingRuns } from '../api/list-runs';
import { runScope } from '../lib/format';

/**
 * The principal's "Đợt thanh toán chờ phê duyệt": the pay runs submitted for approval, each opening the
 * read-only run page where it is approved or returned. Escalated student forms have their own card.
 */
export function WaitingPayRunsCard() {
  const q = useWaitingRuns();
  const runs = q.data ?? [];
  return (
    <CardPanel
      title="Đợt thanh toán chờ phê duyệt"
      description="Đợt thanh toán tiền dạy thêm giờ kế toán đã trình Hiệu trưởng."
      loading={q.isPending}
      error={q.isError ? q.error : undefined}
      onRetry={() => void q.refetch()}
    >
      {runs.length === 0 ? (
        <CardEmpty>Hiện không có đợt thanh toán nào chờ duyệt.</CardEmpty>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {runs.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <div className="min-w-0">
                <Link to={`/principal/pay-runs/${r.id}`} className={cardLinkClass}>
                  {r.name}
                </Link>
                <p className="text-xs text-muted">
                  {runScope(r)} · {r.teachers} giáo viên{r.submittedAt ? ` · trình lúc ${formatDateTime(r.submittedAt)}` : ''}
                  {r.blockers ? ` · ${r.blockers} giáo viên chưa đủ điều kiện không gồm trong đợt` : ''}
                </p>
              </div>
              <span className="font-semibold whitespace-nowrap tabular-nums">{formatMoney(r.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </CardPanel>
  );
}
