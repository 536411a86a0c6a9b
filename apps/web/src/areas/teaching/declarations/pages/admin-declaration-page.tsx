import type { TDeclarationPeriod } from '@app/shared/declarations';
import { useRouteTitle } from '@/components/data/use-route-title';
import { DeclarationList, PeriodPageFrame, usePeriodDeclarations } from '../components/declaration-list-page';
import { declarationColumns } from '../components/declarations-table';
import { PeriodsPanel } from '../components/periods-panel';
import { DepartmentCounts, overdueColumn } from '../components/department-counts';
import { WorkloadTabs } from '../components/workload-tabs';

/**
 * /admin/teaching-declaration (ADMIN): the declaration periods (create, edit, delete) and every
 * department's declarations of the chosen period as read: counts per department, the list, each one
 * opened read-only in the editor; beside them, the assignments and the workload rules (WorkloadTabs).
 */
export default function AdminDeclarationPage() {
  const title = useRouteTitle('Khai báo giảng dạy');
  return (
    <WorkloadTabs
      declarations={
        <div className="space-y-6">
          <PeriodPageFrame title={title} subtitle="Kỳ kê khai và bản kê khai giờ dạy của toàn trường." noPeriod={<span />}>
            {(period) => <PeriodContent key={period.id} period={period} />}
          </PeriodPageFrame>
          <PeriodsPanel />
        </div>
      }
    />
  );
}

function PeriodContent({ period }: { period: TDeclarationPeriod }) {
  const list = usePeriodDeclarations(period);
  return (
    <>
      <DepartmentCounts period={period} />
      <DeclarationList
        list={list}
        columns={declarationColumns({ department: true, comment: true, extra: [overdueColumn(period)] })}
        emptyTitle="Chưa có bản kê khai"
        emptyDescription="Chưa tổ nào tạo bản kê khai trong kỳ này."
      />
    </>
  );
}
