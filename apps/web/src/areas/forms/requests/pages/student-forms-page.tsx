import { UrlTabs } from '@/components/data/url-tabs';
import { useRouteTitle } from '@/components/data/use-route-title';
import { PageHeader } from '@/components/ui/page-header';
import { StudentRegulationsTab } from '@/areas/forms/regulations/public';
import { MyForms } from '../components/my-forms';

/** /student/forms "Quy chế và biểu mẫu": the student's forms (issue 17) and the school's regulations. */
export default function StudentFormsPage() {
  const title = useRouteTitle('Quy chế và biểu mẫu');
  return (
    <div>
      <PageHeader title={title} subtitle="Gửi đơn cho giáo viên chủ nhiệm, theo dõi kết quả và đọc nội quy, quy chế của nhà trường." />
      <UrlTabs
        label="Quy chế và biểu mẫu"
        keepParams
        tabs={[
          { key: 'forms', label: 'Đơn từ', content: <MyForms /> },
          { key: 'regulations', label: 'Quy chế', content: <StudentRegulationsTab /> },
        ]}
      />
    </div>
  );
}
