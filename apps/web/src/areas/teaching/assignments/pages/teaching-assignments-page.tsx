import { moduleLabel } from '@app/shared/format';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { FilterSelect } from '@/components/data/filter-select';
import { SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';
import { useRouteTitle } from '@/components/data/use-route-title';
import { useUrlParams } from '@/components/data/url-params';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSpinner } from '@/components/ui/spinner';
import { AssignmentBoard } from '../components/assignment-board';

/**
 * /department/teaching-assignments: the head's department (or any, for admin and academic affairs) in
 * the header's module unless another is picked here (`?moduleId=`), department in `?departmentId=`.
 */
export default function TeachingAssignmentsPage() {
  const title = useRouteTitle('Phân công giảng dạy');
  const { module: headerModule, status } = useCurrentModule();
  const { get, update } = useUrlParams();
  const modules = useOptions(SOURCES.modules);
  const moduleId = Number(get('moduleId')) || headerModule?.id || null;
  const departmentId = Number(get('departmentId')) || null;
  const module = modules.rows.find((m) => m.id === moduleId) ?? (headerModule?.id === moduleId ? headerModule : null);

  if (status === 'loading' || status === 'idle') return <SectionSpinner />;
  const picker = (
    <FilterSelect
      label="Học phần"
      value={moduleId === null ? '' : String(moduleId)}
      allLabel={null}
      onChange={(v) => update({ moduleId: v || null })}
      options={
        modules.options.length ? modules.options : headerModule ? [{ value: headerModule.id, label: moduleLabel(headerModule) }] : []
      }
    />
  );
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        subtitle={module ? `Phân công giáo viên và nhiệm vụ của tổ trong học phần ${moduleLabel(module)}.` : undefined}
        actions={picker}
      />
      {moduleId === null ? (
        <EmptyState title="Chưa có học phần" description="Hãy chọn học phần để phân công giảng dạy." />
      ) : (
        <AssignmentBoard
          moduleId={moduleId}
          departmentId={departmentId}
          onDepartmentChange={(id) => update({ departmentId: String(id) })}
        />
      )}
    </div>
  );
}
