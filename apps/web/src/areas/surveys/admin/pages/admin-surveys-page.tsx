import { Link } from 'react-router';
import { UrlTabs } from '@/components/data/url-tabs';
import { useRouteTitle } from '@/components/data/use-route-title';
import { PageHeader } from '@/components/ui/page-header';
import { buttonClass } from '@/components/ui/button';
import { TextReviewsLink } from '@/areas/surveys/text-reviews/public';
import { SurveysListPanel } from '../components/surveys-list-panel';

/** /admin/surveys: the surveys of every module, and the templates they are made from, in two tabs. */
export default function AdminSurveysPage() {
  const title = useRouteTitle('Khảo sát');
  return (
    <div>
      <PageHeader
        title={title}
        subtitle="Soạn khảo sát, tạo từ mẫu, nhân bản, mở và đóng khảo sát cho học sinh."
        actions={
          <>
            {/* The review queue and the theme analysis are in no menu of the spec; these are their ways in. */}
            <TextReviewsLink area="admin" />
            <Link to="/admin/themes" className={buttonClass('secondary')}>
              Phân tích ý kiến
            </Link>
          </>
        }
      />
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
