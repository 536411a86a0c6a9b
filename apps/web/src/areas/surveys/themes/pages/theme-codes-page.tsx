import { canAccess } from '@app/shared/routes';
import { UrlTabs } from '@/components/data/url-tabs';
import { useRouteTitle } from '@/components/data/use-route-title';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/areas/auth/public';
import { AnalysisPanel } from '../components/analysis-panel';
import { CodesPanel } from '../components/codes-panel';
import { ThemesPanel } from '../components/themes-panel';

/** The roles that keep themes and codes and run the analysis (the server's THEME_WRITE). */
const WRITERS = ['ADMIN', 'QUALITY_ASSURANCE'] as const;

/**
 * /quality/themes and /admin/themes: qualitative analysis of the approved free-text answers
 * (issue 6). Three tabs: the counts ("Phân tích"), the themes, the codes with their keywords.
 */
export default function ThemeCodesPage() {
  const title = useRouteTitle('Phân tích ý kiến');
  const { user } = useAuth();
  const canWrite = canAccess(
    (user?.roles ?? []).map((r) => r.role),
    WRITERS,
  );
  return (
    <div>
      <PageHeader title={title} subtitle="Nhóm các ý kiến tự luận của học sinh theo chủ đề và mã để thấy điều được nhắc đến nhiều nhất." />
      <UrlTabs
        label="Phân tích ý kiến"
        tabs={[
          { key: 'analysis', label: 'Phân tích', content: <AnalysisPanel canWrite={canWrite} /> },
          { key: 'themes', label: 'Chủ đề', content: <ThemesPanel canWrite={canWrite} /> },
          { key: 'codes', label: 'Mã và từ khóa', content: <CodesPanel canWrite={canWrite} /> },
        ]}
      />
    </div>
  );
}
