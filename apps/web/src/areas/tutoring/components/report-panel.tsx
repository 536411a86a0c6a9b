import { useState } from 'react';
import { ZTutoringReportQuery, tutoringKindLabel, type TTutoringReport } from '@app/shared/tutoring';
import type { TSemester } from '@app/shared/school';
import { ExportButton } from '@/components/data/export-button';
import { CardPanel, CardEmpty } from '@/components/ui/card-panel';
import { useTutoringReport } from '../api/report';
import { TUTORING_ROOT } from '../api/keys';
import { PeriodsChart } from './report-chart';
import { FiguresTable } from '@/components/data/figures-table';

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
      <FiguresTable
        caption="Theo giáo viên"
        head={['Giáo viên', 'Số buổi', 'Số tiết']}
        rows={report.byTeacher.map((t, i) => ({ key: i, cells: [t.teacherName, t.sessions, t.periods] }))}
      />
      <FiguresTable
        caption="Theo loại hoạt động"
        head={['Loại hoạt động', 'Số buổi', 'Số tiết']}
        rows={report.byKind.map((k) => ({ key: k.kind, cells: [tutoringKindLabel(k.kind), k.sessions, k.periods] }))}
      />
      <FiguresTable
        caption="Tỉ lệ chuyên cần theo nhóm"
        head={['Nhóm', 'Số buổi', 'Có mặt/điểm danh', 'Tỉ lệ']}
        rows={report.byGroup.map((g, i) => ({ key: i, cells: [g.name, g.sessions, `${g.attended}/${g.marked}`, fmtRate(g.rate)] }))}
      />
    </div>
  );
}
