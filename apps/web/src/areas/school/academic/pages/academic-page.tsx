import { PageHeader } from '@/components/ui/page-header';
import { UrlTabs } from '@/components/data/url-tabs';
import { useRouteTitle } from '@/components/data/use-route-title';
import { DepartmentsTab } from '../components/departments-tab';
import { ModulesTab } from '../components/modules-tab';
import { SemestersTab } from '../components/semesters-tab';
import { SubjectsTab } from '../components/subjects-tab';
import { YearsTab } from '../components/years-tab';

/** /admin/academic: the school's calendar (years, semesters, modules) and its subjects and departments. */
export default function AcademicPage() {
  const title = useRouteTitle('Quản lý học vụ');
  return (
    <div>
      <PageHeader title={title} subtitle="Năm học, học kỳ, học phần, môn học và tổ chuyên môn." />
      <UrlTabs
        label="Học vụ"
        tabs={[
          { key: 'years', label: 'Năm học', content: <YearsTab /> },
          { key: 'semesters', label: 'Học kỳ', content: <SemestersTab /> },
          { key: 'modules', label: 'Học phần', content: <ModulesTab /> },
          { key: 'subjects', label: 'Môn học', content: <SubjectsTab /> },
          { key: 'departments', label: 'Tổ chuyên môn', content: <DepartmentsTab /> },
        ]}
      />
    </div>
  );
}
