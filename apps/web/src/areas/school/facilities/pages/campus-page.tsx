import { PageHeader } from '@/components/ui/page-header';
import { useRouteTitle } from '@/components/data/use-route-title';
import { CampusesPanel } from '../components/campuses-panel';

/** /facility/campus: the facility manager's campus list. */
export default function CampusPage() {
  const title = useRouteTitle('Quản lý cơ sở');
  return (
    <div>
      <PageHeader title={title} subtitle="Các cơ sở của trường." />
      <CampusesPanel />
    </div>
  );
}
