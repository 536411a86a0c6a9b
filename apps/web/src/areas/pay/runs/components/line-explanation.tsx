import type { ReactNode } from 'react';
import { formatDateTime, isoToDisplay } from '@app/shared/format';
import type { TPayLineDetail } from '@app/shared/pay';
import { formatMoney, monthLabel, SALARY_RANK_LABELS } from '@app/shared/pay-calc';
import { formatPeriods } from '@app/shared/workload-calc';
import { formatCoefficient } from '@/areas/pay/core/lib/format';

const TABLE = 'w-full border-collapse text-sm';
const TH = 'px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-muted';
const TD = 'px-3 py-2 align-top';

/** A table that scrolls sideways inside its own box on a narrow screen, never the page (and down, when `className` caps its height). */
export function ScrollBox({ children, label, className = '' }: { children: ReactNode; label?: string; className?: string }) {
  return (
    <div
      className={`relative max-w-full overflow-x-auto rounded-lg border border-border ${className}`}
      role={label ? 'region' : undefined}
      aria-label={label}
      tabIndex={label ? 0 : undefined}
    >
      {children}
    </div>
  );
}

/** The figures of a line at a glance: counted, norm, overtime (paid), one overtime period, the amount. */
export function LineTotals({ line }: { line: TPayLineDetail }) {
  const items: Array<[string, string]> = [
    ['Hệ số lương', `${formatCoefficient(line.coefficient)} (${SALARY_RANK_LABELS[line.rank]}, bậc ${line.step})`],
    ['Lương tháng', formatMoney(line.monthlySalary)],
    ['Số tiết được tính', formatPeriods(line.counted)],
    ['Định mức', formatPeriods(line.norm)],
    ['Số tiết dạy thêm được trả', formatPeriods(line.overtimePaid)],
    ['Đơn giá 1 tiết dạy thêm', formatMoney(line.overtimePeriodPay)],
    ['Thành tiền', formatMoney(line.amount)],
  ];
  if (line.previouslyPaid !== 0) {
    items.push(['Đã chi ở các đợt trước', formatMoney(line.previouslyPaid)]);
    items.push([line.due >= 0 ? 'Còn được nhận' : 'Phải truy thu', formatMoney(Math.abs(line.due))]);
  }
  return (
    <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
      {items.map(([k, v]) => (
        <div key={k} className="rounded-lg border border-border px-3 py-2">
          <dt className="text-xs text-muted">{k}</dt>
          <dd className="font-semibold text-fg tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every step of the computation with its value and the sentence that explains it. */
export function LineSteps({ line }: { line: TPayLineDetail }) {
  // On a phone a row is a block (the step and its value, then the sentence under them): three columns scrolled sideways.
  return (
    <ScrollBox label="Cách tính từng bước">
      <table className={TABLE}>
        <caption className="sr-only">Cách tính từng bước</caption>
        <thead className="hidden bg-surface-2 sm:table-header-group">
          <tr>
            <th scope="col" className={TH}>
              Bước
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Giá trị
            </th>
            <th scope="col" className={TH}>
              Diễn giải
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {line.steps.map((s, i) => (
            <tr key={`${i}-${s.label}`} className="grid grid-cols-[1fr_auto] sm:table-row">
              <th scope="row" className={`${TD} text-left font-medium text-fg sm:min-w-40`}>
                {s.label}
              </th>
              <td className={`${TD} text-right whitespace-nowrap tabular-nums`}>{s.value}</td>
              <td className={`${TD} col-span-2 pt-0 text-muted sm:min-w-64 sm:pt-2`}>{s.explanation}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** The months grouped where the monthly salary is the same (a raise mid-year makes two groups). */
export function LineMonths({ line }: { line: TPayLineDetail }) {
  return (
    <ScrollBox label="Lương tháng theo từng giai đoạn">
      <table className={TABLE}>
        <thead className="bg-surface-2">
          <tr>
            <th scope="col" className={TH}>
              Tháng
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Số tháng
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Lương tháng
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {line.monthly.map((m) => (
            <tr key={m.from}>
              <td className={TD}>{m.from === m.to ? monthLabel(m.from) : `${monthLabel(m.from)} – ${monthLabel(m.to)}`}</td>
              <td className={`${TD} text-right tabular-nums`}>{m.months}</td>
              <td className={`${TD} text-right tabular-nums`}>{formatMoney(m.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** What the line was computed from: declarations (version, locked), coefficient and settings versions, the rule set. */
export function LineSources({ line }: { line: TPayLineDetail }) {
  const s = line.sources;
  return (
    <div className="space-y-2 text-sm">
      <div>
        <h4 className="font-medium text-fg">Bản kê khai</h4>
        {s.declarations.length === 0 ? (
          <p className="text-muted">Không có bản kê khai.</p>
        ) : (
          <ul className="list-disc space-y-0.5 pl-5 text-muted">
            {s.declarations.map((d) => (
              <li key={d.id}>
                {d.semesterName}: phiên bản {d.version}, {formatPeriods(d.counted)} tiết được tính, định mức {formatPeriods(d.normBase)}{' '}
                tiết
                {d.lockedAt ? `, khóa lúc ${formatDateTime(d.lockedAt)}` : ', chưa khóa'}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h4 className="font-medium text-fg">Hệ số lương</h4>
        <ul className="list-disc space-y-0.5 pl-5 text-muted">
          {s.coefficients.map((c) => (
            <li key={c.id}>
              Hệ số {formatCoefficient(c.coefficient)} hiệu lực từ {isoToDisplay(c.effectiveFrom)} ({c.months} tháng)
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="font-medium text-fg">Lương cơ sở</h4>
        <ul className="list-disc space-y-0.5 pl-5 text-muted">
          {s.settings.map((v) => (
            <li key={`${v.id ?? 'mac-dinh'}-${v.effectiveFrom}`}>
              {formatMoney(v.baseSalary)} hiệu lực từ {isoToDisplay(v.effectiveFrom)} ({v.months} tháng)
            </li>
          ))}
        </ul>
      </div>
      <p className="text-muted">
        <span className="font-medium text-fg">Bộ quy định định mức:</span> {s.ruleSet.name}
      </p>
    </div>
  );
}

/** The whole explanation of a line: figures, steps, months and sources. */
export function LineExplanation({ line }: { line: TPayLineDetail }) {
  return (
    <div className="space-y-4">
      <LineTotals line={line} />
      {line.capped ? (
        <p role="note" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          Số tiết dạy thêm {formatPeriods(line.overtime)} vượt mức tối đa của năm: chỉ thanh toán {formatPeriods(line.overtimePaid)} tiết.
        </p>
      ) : null}
      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-fg">Cách tính</h3>
        <LineSteps line={line} />
      </section>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-fg">Lương tháng theo giai đoạn</h3>
        <LineMonths line={line} />
      </section>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-fg">Nguồn số liệu</h3>
        <LineSources line={line} />
      </section>
    </div>
  );
}
