import { Link } from 'react-router';
import { PAY_RUN_KIND_LABELS, type TPayRunSummary } from '@app/shared/pay';
import { formatMoney } from '@app/shared/pay-calc';
import { formatPeriods } from '@app/shared/workload-calc';
import { PayRunStatusBadge } from '@/areas/pay/core/components/run-status-badge';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { formatValue } from '@/lib/format';
import { usePayOverview } from '../api/get-overview';

const runScope = (r: TPayRunSummary) => (r.semesterName ? `${r.semesterName} · ${r.academicYearName}` : r.academicYearName);

/** The accountant's "Đợt tính hiện tại": the latest run not yet paid (else the latest paid), its state and totals. */
export function CurrentPayRunCard() {
  const q = usePayOverview();
  const run = q.data?.currentRun ?? null;
  return (
    <CardPanel
      title="Đợt tính hiện tại"
      loading={q.isPending}
      error={q.isError ? q.error : undefined}
      onRetry={() => void q.refetch()}
      action={
        run ? (
          <Link to={`/accountant/salary?run=${run.id}`} className={cardLinkClass}>
            Mở đợt tính
          </Link>
        ) : null
      }
    >
      {run ? (
        <div className="space-y-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-fg">{run.name}</span>
            <PayRunStatusBadge status={run.status} />
          </div>
          <p className="text-xs text-muted">
            {PAY_RUN_KIND_LABELS[run.kind]} · {runScope(run)}
          </p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(
              [
                ['Giáo viên', formatValue(run.teachers)],
                ['Tiết dạy thêm được trả', formatPeriods(run.overtimePaid)],
                ['Thành tiền', formatMoney(run.amount)],
                ['Còn phải trả', formatMoney(run.due)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="font-semibold break-words text-fg tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <CardEmpty>
          Chưa có đợt tính thù lao nào.{' '}
          <Link to="/accountant/salary" className={cardLinkClass}>
            Tạo đợt tính
          </Link>
        </CardEmpty>
      )}
    </CardPanel>
  );
}

/**
 * The accountant's "Cần xử lý": what keeps teachers out of the run at hand (declarations not locked,
 * coefficients missing), teachers without coefficients today, runs waiting for the principal.
 */
export function PayTodoCard() {
  const q = usePayOverview();
  const o = q.data;
  const run = o?.currentRun ?? null;
  const items: Array<{ key: string; text: string; to: string; link: string }> = [];
  if (o && run) {
    if (o.blockers.declarationsNotLocked)
      items.push({
        key: 'declarations',
        text: `${formatValue(o.blockers.declarationsNotLocked)} giáo viên chưa có bản kê khai đã khóa trong đợt «${run.name}»`,
        to: `/accountant/salary?run=${run.id}`,
        link: 'Xem danh sách',
      });
    if (o.blockers.coefficientsMissing)
      items.push({
        key: 'coefficients-run',
        text: `${formatValue(o.blockers.coefficientsMissing)} giáo viên thiếu hệ số lương trong đợt «${run.name}»`,
        to: '/accountant/coefficients?missing=1',
        link: 'Nhập hệ số',
      });
  }
  if (o?.teachersWithoutCoefficients)
    items.push({
      key: 'coefficients',
      text: `${formatValue(o.teachersWithoutCoefficients)} giáo viên chưa có hệ số lương hiệu lực hôm nay`,
      to: '/accountant/coefficients?missing=1',
      link: 'Nhập hệ số',
    });
  if (o?.waitingApproval.length)
    items.push({
      key: 'waiting',
      text: `${formatValue(o.waitingApproval.length)} đợt đang chờ Hiệu trưởng duyệt`,
      to: `/accountant/salary?run=${o.waitingApproval[0].id}`,
      link: 'Xem đợt',
    });
  return (
    <CardPanel title="Cần xử lý" loading={q.isPending} error={q.isError ? q.error : undefined} onRetry={() => void q.refetch()}>
      {items.length === 0 ? (
        <CardEmpty>Không có việc nào cần xử lý: mọi giáo viên đều có hệ số và không đợt tính nào bị vướng.</CardEmpty>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {items.map((i) => (
            <li key={i.key} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span>{i.text}</span>
              <Link to={i.to} className={cardLinkClass}>
                {i.link}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </CardPanel>
  );
}
