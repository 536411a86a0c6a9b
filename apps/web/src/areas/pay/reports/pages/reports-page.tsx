import { ExportButton } from '@/components/data/export-button';
import { FilterSelect } from '@/components/data/filter-select';
import { useUrlParams } from '@/components/data/url-params';
import { useRouteTitle } from '@/components/data/use-route-title';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSpinner } from '@/components/ui/spinner';
import { usePayReport } from '../api/get-report';
import { PAY_REPORTS_PATH } from '../api/keys';
import { ReportView } from '../components/report-view';

/**
 * /accountant/reports: a school year's teacher pay figures (the current year by default, `?year=` in the
 * address): key figures, totals by department against the previous year, the salary fund month by month,
 * periods against the norm, the semesters' interim runs, the teachers over the cap; "Xuất Excel".
 */
export default function PayReportsPage() {
  const title = useRouteTitle('Báo cáo tài chính');
  const params = useUrlParams();
  const raw = Number(params.get('year'));
  const q = usePayReport(Number.isInteger(raw) && raw > 0 ? raw : null);
  const report = q.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        subtitle="Tiền dạy thêm giờ theo tổ chuyên môn, theo tháng và học kỳ, so sánh với năm học trước."
        actions={
          report?.source ? (
            <ExportButton
              path={PAY_REPORTS_PATH}
              params={{ academicYearId: String(report.academicYearId) }}
              filename={`bao-cao-thu-lao-${report.academicYearName}.xlsx`}
            />
          ) : null
        }
      />
      {report ? (
        <FilterSelect
          label="Năm học"
          value={String(report.academicYearId)}
          onChange={(id) => params.update({ year: id || null })}
          allLabel={null}
          options={report.years.map((y) => ({ value: y.id, label: y.isCurrent ? `${y.name} (hiện tại)` : y.name }))}
        />
      ) : null}
      {q.isPending ? (
        <SectionSpinner label="Đang tải báo cáo..." />
      ) : q.isError && !report ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} fallback="Không thể tải báo cáo tài chính." />
      ) : report ? (
        <div aria-busy={q.isPlaceholderData} className={q.isPlaceholderData ? 'opacity-60' : undefined}>
          <ReportView report={report} />
        </div>
      ) : null}
    </div>
  );
}
