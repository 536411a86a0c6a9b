import { PageHeader } from '@/components/ui/page-header';
import { useRouteTitle } from '@/components/data/use-route-title';
import { ClassroomsPanel } from '../components/classrooms-panel';

/** /facility/classrooms: the facility manager's classroom list. */
export default function ClassroomsPage() {
  const title = useRouteTitle('Quản lý phòng học');
  return (
    <div>
      <PageHeader title={title} subtitle="Phòng học tại các cơ sở." />
      <ClassroomsPanel />
    </div>
  );
}
