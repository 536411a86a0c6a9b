import { PageHeader } from '@/components/ui/page-header';
import { UrlTabs } from '@/components/data/url-tabs';
import { useRouteTitle } from '@/components/data/use-route-title';
import { CampusesPanel } from '../components/campuses-panel';
import { ClassroomsPanel } from '../components/classrooms-panel';

/** /admin/facilities: campuses and classrooms in two tabs. */
export default function FacilitiesPage() {
  const title = useRouteTitle('Cơ sở vật chất');
  return (
    <div>
      <PageHeader title={title} subtitle="Các cơ sở của trường và phòng học tại từng cơ sở." />
      <UrlTabs
        label="Cơ sở vật chất"
        tabs={[
          { key: 'campuses', label: 'Cơ sở', content: <CampusesPanel /> },
          { key: 'classrooms', label: 'Phòng học', content: <ClassroomsPanel /> },
        ]}
      />
    </div>
  );
}
