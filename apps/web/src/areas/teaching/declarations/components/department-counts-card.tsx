import { Link } from 'react-router';
import { formatDateTime } from '@app/shared/format';
import { CardPanel } from '@/components/ui/card-panel';
import { useDeclarationPeriods } from '../api/periods';
import { DepartmentCounts } from './department-counts';

/**
 * Academic affairs' dashboard card: the declarations of the period open now (else the latest) by state
 * per department with the late ones, its deadlines, and the way to the declarations page.
 */
export function DeclarationsByDepartmentCard() {
  const periods = useDeclarationPeriods();
  const now = Date.now();
  const list = periods.data ?? [];
  const period = list.find((p) => Date.parse(p.opensAt) <= now && now <= Date.parse(p.closesAt)) ?? list[0] ?? null;
  if (periods.isPending || periods.isError || !period)
    return (
      <CardPanel
        title="Kê khai giảng dạy"
        loading={periods.isPending}
        error={periods.isError ? periods.error : undefined}
        onRetry={() => void periods.refetch()}
      >
        <p className="text-sm text-muted">Chưa có kỳ kê khai nào. Quản trị viên mở kỳ kê khai ở trang Khai báo giảng dạy.</p>
      </CardPanel>
    );
  return (
    <section aria-label={`Kê khai giảng dạy ${period.semesterName} ${period.yearName}`} className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-fg">
          Kê khai giảng dạy {period.semesterName} {period.yearName}
        </h2>
        <p className="text-sm text-muted">
          Hạn nộp {formatDateTime(period.closesAt)}
          {period.reviewBy ? ` · hạn duyệt ${period.reviewBy.split('-').reverse().join('/')}` : ''} ·{' '}
          <Link to="/academic/teaching-declaration" className="text-primary underline-offset-2 hover:underline">
            Xem và xử lý
          </Link>
        </p>
      </div>
      <DepartmentCounts period={period} />
    </section>
  );
}
