import { formatDateTime, isoToDisplay } from '@app/shared/format';
import { PAY_RUN_KIND_LABELS, PAY_RUN_STATUS_LABELS, PAY_TRANSITION_LABELS, type TPayRunDetail, type TPayRunStatus } from '@app/shared/pay';
import { formatMoney, monthLabel } from '@app/shared/pay-calc';
import { formatPeriods } from '@app/shared/workload-calc';
import { PayRunStatusBadge } from '@/areas/pay/core/components/run-status-badge';
import { runScope } from '../lib/format';

const ACTION_LABELS: Record<string, string> = { ...PAY_TRANSITION_LABELS, create: 'Tạo đợt tính', recompute: 'Tính lại' };

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-border px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold text-fg tabular-nums">{value}</dd>
    </div>
  );
}

/** The run's state, who did what and when, the values it used, its totals, and its history. */
export function RunSummary({ run }: { run: TPayRunDetail }) {
  const steps: Array<[string, string | null]> = [
    ['Tính lúc', run.computedAt],
    ['Trình lúc', run.submittedAt],
    ['Duyệt lúc', run.approvedAt],
    ['Chi trả lúc', run.paidAt],
  ];
  // Whatever order the history comes in, the latest event is the one with the latest time.
  const last = run.history.reduce<(typeof run.history)[number] | null>((a, h) => (!a || Date.parse(h.at) > Date.parse(a.at) ? h : a), null);
  const months = run.months.length
    ? `${monthLabel(run.months[0])} – ${monthLabel(run.months[run.months.length - 1])} (${run.months.length} tháng)`
    : '—';
  const adjusts = run.kind === 'adjustment';
  return (
    <section aria-label="Thông tin đợt tính" className="space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <PayRunStatusBadge status={run.status} />
        <span className="text-muted">
          {PAY_RUN_KIND_LABELS[run.kind]} · {runScope(run)} · phiên bản {run.version}
        </span>
      </div>
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
        {steps
          .filter(([, at]) => at)
          .map(([label, at]) => (
            <li key={label}>
              {label} <span className="text-fg">{formatDateTime(at)}</span>
            </li>
          ))}
        {last ? (
          <li>
            Gần nhất: <span className="text-fg">{ACTION_LABELS[last.action] ?? last.action}</span> bởi {last.actorName ?? 'Hệ thống'}
          </li>
        ) : null}
      </ul>
      {run.lastComment ? (
        <p className="rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm">
          <span className="font-medium">Ý kiến gần nhất:</span> <span className="break-words whitespace-pre-line">{run.lastComment}</span>
        </p>
      ) : null}
      <div>
        <h2 className="mb-2 text-sm font-semibold text-fg">Giá trị đã dùng</h2>
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label={`Lương cơ sở (từ ${isoToDisplay(run.settings.effectiveFrom)})`} value={formatMoney(run.settings.baseSalary)} />
          <Figure label="Tỷ lệ trả lương dạy thêm giờ" value={`${run.settings.overtimeRatePercent}%`} />
          <Figure
            label={`Bộ quy định (từ ${isoToDisplay(run.ruleSet.effectiveFrom)})`}
            value={`${run.ruleSet.name} · tối đa ${run.ruleSet.overtimeCapPerYear} tiết/năm`}
          />
          <Figure label="Các tháng tính lương" value={months} />
        </dl>
      </div>
      <div>
        <h2 className="mb-2 text-sm font-semibold text-fg">Tổng cộng</h2>
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label="Giáo viên được tính" value={String(run.teachers)} />
          <Figure label="Giáo viên chưa đủ điều kiện" value={String(run.blockers)} />
          <Figure label="Tiết dạy thêm được trả" value={formatPeriods(run.overtimePaid)} />
          <Figure label="Thành tiền" value={formatMoney(run.amount)} />
          {adjusts || run.due !== run.amount ? <Figure label="Còn phải chi (sau các đợt trước)" value={formatMoney(run.due)} /> : null}
        </dl>
      </div>
      {run.history.length ? (
        <details>
          <summary className="cursor-pointer rounded text-sm text-primary focus-visible:outline-2 focus-visible:outline-primary">
            Lịch sử đợt tính ({run.history.length})
          </summary>
          <ul className="mt-2 space-y-1 text-sm">
            {/* Newest first: what happened last is what one looks for. */}
            {[...run.history].reverse().map((h, i) => (
              <li key={`${h.at}-${i}`} className="rounded-lg border border-border px-3 py-2">
                <p className="text-xs text-muted">
                  {ACTION_LABELS[h.action] ?? h.action} · {h.actorName ?? 'Hệ thống'} · {formatDateTime(h.at)}
                  {h.toStatus && h.toStatus in PAY_RUN_STATUS_LABELS ? ` · ${PAY_RUN_STATUS_LABELS[h.toStatus as TPayRunStatus]}` : ''}
                </p>
                {h.comment ? <p className="break-words whitespace-pre-line text-fg">{h.comment}</p> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
