import type { ReactNode } from 'react';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { AssignmentBoard } from '@/areas/teaching/assignments/public';
import { RuleSetPanel } from '@/areas/teaching/rules/public';
import { useUrlParams } from '@/components/data/url-params';
import { UrlTabs } from '@/components/data/url-tabs';
import { EmptyState } from '@/components/ui/empty-state';
import { SectionSpinner } from '@/components/ui/spinner';

/**
 * The teaching workload as academic affairs and the admin run it for the whole school: the
 * declarations (the page's own content), the teaching assignments of every department in the
 * header's module, and the workload rule set's versions.
 */
export function WorkloadTabs({ declarations }: { declarations: ReactNode }) {
  return (
    <UrlTabs
      label="Khối lượng giảng dạy"
      tabs={[
        { key: 'declarations', label: 'Kê khai giảng dạy', content: declarations },
        { key: 'assignments', label: 'Phân công giảng dạy', content: <Assignments /> },
        { key: 'rules', label: 'Quy định định mức', content: <RuleSetPanel canEdit /> },
      ]}
    />
  );
}

function Assignments() {
  const { module, status } = useCurrentModule();
  const { get, update } = useUrlParams();
  if (status === 'loading' || status === 'idle') return <SectionSpinner />;
  if (!module) return <EmptyState title="Chưa có học phần" description="Chọn học phần ở đầu trang để xem phân công giảng dạy." />;
  return (
    <AssignmentBoard
      moduleId={module.id}
      departmentId={Number(get('departmentId')) || null}
      onDepartmentChange={(id) => update({ departmentId: String(id) })}
    />
  );
}
