import { UrlTabs } from '@/components/data/url-tabs';
import { useRouteTitle } from '@/components/data/use-route-title';
import { PageHeader } from '@/components/ui/page-header';
import { FormKindsAdmin } from '@/areas/forms/kinds/public';
import { AdminRegulationsTab } from '@/areas/forms/regulations/public';
import { AdminFormsList } from '../components/admin-forms-list';

/** /admin/student-forms "Quy chế và đơn từ": the form kinds, every student's forms, the regulations. */
export default function AdminStudentFormsPage() {
  const title = useRouteTitle('Quy chế và đơn từ');
  return (
    <div>
      <PageHeader title={title} subtitle="Cấu hình các loại đơn, theo dõi đơn của học sinh và quản lý nội quy, quy chế của nhà trường." />
      <UrlTabs
        label="Quy chế và đơn từ"
        tabs={[
          { key: 'kinds', label: 'Loại đơn', content: <FormKindsAdmin /> },
          { key: 'forms', label: 'Đơn của học sinh', content: <AdminFormsList /> },
          { key: 'regulations', label: 'Quy chế', content: <AdminRegulationsTab /> },
        ]}
      />
    </div>
  );
}
