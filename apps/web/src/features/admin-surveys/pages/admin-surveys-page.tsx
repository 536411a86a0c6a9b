import { UrlTabs } from '../../../components/data/url-tabs';
import { useRouteTitle } from '../../../components/data/use-route-title';
import { PageHeader } from '../../../components/ui/page-header';
import { SurveysListPanel } from '../components/surveys-list-panel';

/** /admin/surveys: the surveys of every module, and the templates they are made from, in two tabs. */
export default function AdminSurveysPage() {
  const title = useRouteTitle('Khảo sát');
  return (
    <div>
      <PageHeader title={title} subtitle="Soạn khảo sát, tạo từ mẫu, nhân bản, mở và đóng khảo sát cho học sinh." />
      <UrlTabs
        label="Khảo sát"
        tabs={[
          { key: 'surveys', label: 'Khảo sát', content: <SurveysListPanel /> },
          { key: 'templates', label: 'Mẫu khảo sát', content: <SurveysListPanel templates /> },
        ]}
      />
    </div>
  );
}
