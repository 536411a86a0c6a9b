import { formatDateTime } from '@app/shared/format';
import { PAY_RUN_KIND_LABELS, type TPayStatement } from '@app/shared/pay';
import { formatMoney } from '@app/shared/pay-calc';
import { PayRunStatusBadge } from '@/areas/pay/core/components/run-status-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SectionSpinner } from '@/components/ui/spinner';
import { useMyStatements } from '../api/get-statements';
import { runScope } from '../lib/format';
import { LineExplanation } from './line-explanation';

/**
 * "Tiền dạy thêm giờ" on the teacher's declaration results: their own line of each approved or paid run,
 * with the amount and the step-by-step explanation. Nobody else's pay is read here.
 */
export function MyPayStatements() {
  const q = useMyStatements();
  return (
    <section aria-labelledby="my-pay" className="space-y-3">
      <h2 id="my-pay" className="text-lg font-semibold text-fg">
        Tiền dạy thêm giờ
      </h2>
      {q.isPending ? (
        <SectionSpinner label="Đang tải bảng kê tiền dạy thêm giờ..." />
      ) : q.isError ? (
        <LoadError
          error={q.error}
          onRetry={() => void q.refetch()}
          retrying={q.isFetching}
          fallback="Không thể tải bảng kê tiền dạy thêm giờ."
        />
      ) : q.data.length === 0 ? (
        <EmptyState
          title="Chưa có đợt thanh toán nào được duyệt"
          description="Khi Hiệu trưởng duyệt đợt thanh toán tiền dạy thêm giờ, số tiền của bạn và cách tính sẽ hiện ở đây."
        />
      ) : (
        q.data.map((s) => <Statement key={s.run.id} statement={s} />)
      )}
    </section>
  );
}

function Statement({ statement: { run, line } }: { statement: TPayStatement }) {
  const when = run.paidAt ? `chi trả ${formatDateTime(run.paidAt)}` : run.approvedAt ? `duyệt ${formatDateTime(run.approvedAt)}` : null;
  return (
    <article aria-label={run.name} className="space-y-3 rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-fg">{run.name}</h3>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
            <PayRunStatusBadge status={run.status} />
            {PAY_RUN_KIND_LABELS[run.kind]} · {runScope(run)}
            {when ? ` · ${when}` : ''}
          </p>
        </div>
        <p className="text-right">
          <span className="block text-xs text-muted">
            {line.previouslyPaid !== 0 ? (line.due >= 0 ? 'Còn được nhận' : 'Phải truy thu') : 'Thành tiền'}
          </span>
          <span className="text-lg font-semibold text-fg tabular-nums">
            {formatMoney(line.previouslyPaid !== 0 ? Math.abs(line.due) : line.amount)}
          </span>
        </p>
      </div>
      <details>
        <summary className="cursor-pointer rounded text-sm text-primary focus-visible:outline-2 focus-visible:outline-primary">
          Cách tính chi tiết
        </summary>
        <div className="mt-3">
          <LineExplanation line={line} />
        </div>
      </details>
    </article>
  );
}
