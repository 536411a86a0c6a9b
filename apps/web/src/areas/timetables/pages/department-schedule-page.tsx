import { useRouteTitle } from '@/components/data/use-route-title';
import { PageHeader } from '@/components/ui/page-header';
import { MatrixPanel } from '../components/matrix-panel';
import { teacherSpec } from '../lib/specs';

/**
 * /department/schedule and /teacher/department-schedule: the head's department, teachers × slots
 * (a day, or the whole week compact), read-only.
 */
export default function DepartmentSchedulePage() {
  const title = useRouteTitle('Thời khóa biểu tổ');
  return (
    <div className="space-y-6">
      <PageHeader title={title} subtitle="Lịch dạy của giáo viên trong tổ theo từng tiết; ô trống là tiết giáo viên rảnh." />
      <MatrixPanel
        query={{ view: 'department' }}
        spec={teacherSpec}
        rowHeader="Giáo viên"
        defaultDay="week"
        emptyRows="Giáo viên trong tổ chưa có tiết dạy nào trong tuần này."
      />
    </div>
  );
}
