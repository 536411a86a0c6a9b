import { Link } from 'react-router';
import { PAY_RUN_KIND_LABELS, type TPayReport } from '@app/shared/pay';
import { formatMoney, monthLabel } from '@app/shared/pay-calc';
import { formatPeriods } from '@app/shared/workload-calc';
import { PayRunStatusBadge } from '@/areas/pay/core/components/run-status-badge';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { EmptyState } from '@/components/ui/empty-state';
import { formatValue } from '@/lib/format';
import { percentChange, share } from '../lib/format';
import { DepartmentAmountChart, NormChart, SalaryFundChart } from './report-charts';
import { FiguresTable } from '@/components/data/figures-table';

/** A year's figures: where they come from, the key figures, charts beside their tables, the teachers over the cap. */
export function ReportView({ report }: { report: TPayReport }) {
  if (report.source === null)
    return (
      <EmptyState
        title="Năm học này chưa có đợt tính thù lao"
        description={
          <>
            Báo cáo lấy số liệu từ các đợt tính tiền dạy thêm giờ của năm học {report.academicYearName}. Hãy tạo đợt tính ở trang{' '}
            <Link to="/accountant/salary" className={cardLinkClass}>
              Quản lý thù lao
            </Link>
            {report.previousYear ? `, hoặc chọn năm học ${report.previousYear.academicYearName}` : ''}.
          </>
        }
      />
    );
  return (
    <div className="space-y-6">
      <SourceNote report={report} />
      <KeyFigures report={report} />
      <CardPanel
        title="Thành tiền theo tổ chuyên môn"
        description={
          report.previousYear ? `So với năm học ${report.previousYear.academicYearName}.` : 'Năm học trước chưa có đợt tính để so sánh.'
        }
      >
        <div className="space-y-4">
          <DepartmentAmountChart
            rows={report.byDepartment}
            yearName={report.academicYearName}
            previousName={report.previousYear?.academicYearName ?? null}
          />
          <DepartmentTable report={report} />
        </div>
      </CardPanel>
      <div className="grid gap-6 xl:grid-cols-2">
        <CardPanel
          title="Quỹ lương theo tháng"
          description="Tổng lương tháng của các giáo viên trong đợt tính, căn cứ tính đơn giá tiết dạy."
        >
          <div className="space-y-4">
            <SalaryFundChart rows={report.byMonth} />
            <FiguresTable
              caption="Quỹ lương theo tháng"
              head={['Tháng', 'Số giáo viên', 'Quỹ lương tháng']}
              rows={report.byMonth.map((m) => ({
                key: m.month,
                cells: [monthLabel(m.month), formatValue(m.teachers), formatMoney(m.salaryFund)],
              }))}
            />
          </div>
        </CardPanel>
        <CardPanel title="Số tiết thực dạy so với định mức" description={<OvertimeSummary totals={report.totals} />}>
          <NormChart rows={report.byDepartment} />
        </CardPanel>
      </div>
      <CardPanel
        title="Theo học kỳ"
        description="Các đợt tạm tính theo học kỳ (kể cả đợt điều chỉnh): thành tiền của đợt mới nhất và tổng số phải trả."
      >
        <FiguresTable
          caption="Đợt tạm tính theo học kỳ"
          head={['Học kỳ', 'Số đợt', 'Thành tiền', 'Phải trả']}
          rows={report.bySemester.map((s) => ({
            key: s.semesterId,
            cells: [s.name, formatValue(s.runs), s.runs ? formatMoney(s.amount) : '—', s.runs ? formatMoney(s.due) : '—'],
          }))}
          empty="Năm học chưa có học kỳ nào."
        />
      </CardPanel>
      <CardPanel
        title="Giáo viên vượt giới hạn dạy thêm"
        description="Số tiết dạy thêm được trả không quá giới hạn của năm học; phần vượt không được trả."
      >
        {report.overCap.length === 0 ? (
          <CardEmpty>Không giáo viên nào vượt giới hạn số tiết dạy thêm trong năm học.</CardEmpty>
        ) : (
          <FiguresTable
            caption="Danh sách giáo viên vượt giới hạn"
            head={['Giáo viên', 'Tổ chuyên môn', 'Số tiết vượt định mức', 'Được trả', 'Không được trả', 'Thành tiền']}
            rows={report.overCap.map((t) => ({
              key: t.teacherId,
              cells: [
                `${t.fullName} (${t.staffCode})`,
                t.departmentName ?? '—',
                formatPeriods(t.overtime),
                formatPeriods(t.overtimePaid),
                formatPeriods(Math.round((t.overtime - t.overtimePaid) * 10_000) / 10_000),
                formatMoney(t.amount),
              ],
            }))}
          />
        )}
      </CardPanel>
    </div>
  );
}

function SourceNote({ report }: { report: TPayReport }) {
  const draft = report.runs.some((r) => r.status === 'draft');
  return (
    <div className="rounded-xl border border-border bg-surface p-4 text-sm">
      <p className="text-muted">
        {report.source === 'year'
          ? 'Số liệu lấy từ đợt tính cả năm học:'
          : 'Năm học chưa có đợt tính cả năm; số liệu cộng từ các đợt tạm tính theo học kỳ:'}
      </p>
      <ul className="mt-1 space-y-1">
        {report.runs.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2">
            <Link to={`/accountant/salary?run=${r.id}`} className={cardLinkClass}>
              {r.name}
            </Link>
            <span className="text-xs text-muted">{PAY_RUN_KIND_LABELS[r.kind]}</span>
            <PayRunStatusBadge status={r.status} />
          </li>
        ))}
      </ul>
      {draft ? <p className="mt-1 text-xs text-muted">Đợt còn ở trạng thái nháp: số liệu có thể thay đổi khi tính lại.</p> : null}
    </div>
  );
}

function KeyFigures({ report }: { report: TPayReport }) {
  const t = report.totals;
  const prev = report.previousYear;
  const change = percentChange(t.amount, prev?.totals.amount ?? null);
  const tiles: Array<[string, string, string]> = [
    [
      'Giáo viên được tính',
      formatValue(t.teachers),
      `${formatValue(report.byDepartment.filter((d) => d.teachers > 0).length)} tổ chuyên môn`,
    ],
    [
      'Tiết dạy thêm được trả',
      formatPeriods(t.overtimePaid),
      `Định mức ${formatPeriods(t.norm)} tiết${share(t.overtimePaid, t.norm) ? ` · bằng ${share(t.overtimePaid, t.norm)} định mức` : ''}`,
    ],
    ['Tổng thành tiền', formatMoney(t.amount), `Còn phải trả ${formatMoney(t.due)}`],
    [
      'So với năm trước',
      change ?? '—',
      prev ? `${prev.academicYearName}: ${formatMoney(prev.totals.amount)}` : 'Năm học trước chưa có đợt tính',
    ],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {tiles.map(([label, value, hint]) => (
        <div key={label} className="rounded-xl border border-border bg-surface p-4">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-2xl font-semibold break-words text-fg tabular-nums">{value}</dd>
          <dd className="mt-1 text-xs text-muted">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}

function OvertimeSummary({ totals: t }: { totals: TPayReport['totals'] }) {
  return (
    <>
      Toàn trường: thực dạy {formatPeriods(t.counted)} tiết, định mức {formatPeriods(t.norm)} tiết; vượt định mức{' '}
      {formatPeriods(t.overtime)} tiết, được trả {formatPeriods(t.overtimePaid)} tiết.
    </>
  );
}

function DepartmentTable({ report }: { report: TPayReport }) {
  const t = report.totals;
  const prev = report.previousYear;
  return (
    <FiguresTable
      caption="Tổng hợp theo tổ chuyên môn"
      head={['Tổ chuyên môn', 'Giáo viên', 'Thực dạy', 'Định mức', 'Vượt định mức', 'Được trả', 'Thành tiền', 'Năm trước', 'Thay đổi']}
      rows={report.byDepartment.map((d) => ({
        key: d.departmentId ?? d.departmentName,
        cells: [
          d.departmentName,
          formatValue(d.teachers),
          formatPeriods(d.counted),
          formatPeriods(d.norm),
          formatPeriods(d.overtime),
          formatPeriods(d.overtimePaid),
          formatMoney(d.amount),
          d.previousAmount === null ? '—' : formatMoney(d.previousAmount),
          percentChange(d.amount, d.previousAmount) ?? '—',
        ],
      }))}
      foot={[
        'Toàn trường',
        formatValue(t.teachers),
        formatPeriods(t.counted),
        formatPeriods(t.norm),
        formatPeriods(t.overtime),
        formatPeriods(t.overtimePaid),
        formatMoney(t.amount),
        prev ? formatMoney(prev.totals.amount) : '—',
        percentChange(t.amount, prev?.totals.amount ?? null) ?? '—',
      ]}
    />
  );
}
