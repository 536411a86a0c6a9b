import { useState, type ReactNode } from 'react';
import { ZTutoringReportQuery, tutoringKindLabel, type TTutoringReport } from '@app/shared/tutoring';
import type { TSemester } from '@app/shared/school';
import { ExportButton } from '@/components/data/export-button';
import { CardPanel, CardEmpty } from '@/components/ui/card-panel';
import { useTutoringReport } from '../api/report';
import { TUTORING_ROOT } from '../api/keys';
import { PeriodsChart } from './report-chart';

const fmtRate = (rate: number | null) => (rate === null ? '—' : `${rate.toLocaleString('vi-VN', { maximumFractionDigits: 1 })}%`);

/** The report of a date range (the semester's by default): per teacher, per kind, attendance per group; XLSX. */
export function ReportPanel({ semester }: { semester: TSemester }) {
  const [from, setFrom] = useState(semester.startDate.slice(0, 10));
  const [to, setTo] = useState(semester.endDate.slice(0, 10));
  const check = ZTutoringReportQuery.safeParse({ from, to });
  const invalid = check.success ? null : (check.error.issues[0]?.message ?? 'Khoảng ngày không hợp lệ.');
  const params = { from, to, semesterId: String(semester.id) };
  const report = useTutoringReport(params, invalid === null);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <DateInput label="Từ ngày" value={from} onChange={setFrom} />
        <DateInput label="Đến ngày" value={to} onChange={setTo} />
        <div className="ml-auto">
          {invalid === null ? <ExportButton path={`${TUTORING_ROOT}/report`} params={params} filename="bao-cao-phu-dao.xlsx" /> : null}
        </div>
      </div>
      {invalid ? (
        <p role="alert" className="text-sm text-danger">
          {invalid}
        </p>
      ) : (
        <CardPanel
          title="Số buổi và số tiết theo giáo viên"
          loading={report.isPending}
          error={report.error}
          onRetry={() => void report.refetch()}
        >
          {report.data ? <ReportBody report={report.data} /> : null}
        </CardPanel>
      )}
    </div>
  );
}

function DateInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-muted">
      {label}
      <input
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-lg border border-border bg-surface px-3 py-2 text-sm font-normal text-fg focus-visible:outline-2 focus-visible:outline-primary"
      />
    </label>
  );
}

function ReportBody({ report }: { report: TTutoringReport }) {
  if (report.byTeacher.length === 0 && report.byGroup.length === 0) {
    return <CardEmpty>Chưa có buổi phụ đạo nào đã dạy trong khoảng ngày này.</CardEmpty>;
  }
  return (
    <div className="mt-3 space-y-6">
      {report.byTeacher.length ? <PeriodsChart rows={report.byTeacher.map((t) => ({ label: t.teacherName, periods: t.periods }))} /> : null}
      <SimpleTable
        caption="Theo giáo viên"
        head={['Giáo viên', 'Số buổi', 'Số tiết']}
        rows={report.byTeacher.map((t) => [t.teacherName, t.sessions, t.periods])}
      />
      <SimpleTable
        caption="Theo loại hoạt động"
        head={['Loại hoạt động', 'Số buổi', 'Số tiết']}
        rows={report.byKind.map((k) => [tutoringKindLabel(k.kind), k.sessions, k.periods])}
      />
      <SimpleTable
        caption="Tỉ lệ chuyên cần theo nhóm"
        head={['Nhóm', 'Số buổi', 'Có mặt/điểm danh', 'Tỉ lệ']}
        rows={report.byGroup.map((g) => [g.name, g.sessions, `${g.attended}/${g.marked}`, fmtRate(g.rate)])}
      />
    </div>
  );
}

/** A small table whose first column names the row and whose other columns are numbers. */
function SimpleTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
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
                Không có dữ liệu.
              </td>
            </tr>
          ) : (
            rows.map((r, i) => (
              <tr key={i} className="border-t border-border">
                {r.map((c, j) =>
                  j === 0 ? (
                    <th key={j} scope="row" className="p-1.5 text-left font-normal">
                      {c}
                    </th>
                  ) : (
                    <td key={j} className="p-1.5 text-right tabular-nums">
                      {c}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
