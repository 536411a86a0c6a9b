import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { AnalysisView } from './analysis-view';

/**
 * The "Chủ đề ý kiến" tab of /admin/surveys/{id}: the survey's counts per theme and code, its run and
 * drill-down, and the way to the full page (other surveys, modules, teachers; themes and codes).
 * Registered in app/survey-detail-tabs.ts; it needs only part of what every tab gets (core's SurveyTabProps).
 */
export default function SurveyThemesTab({ surveyId, survey }: { surveyId: number | null; survey: { title: string } | null }) {
  if (!surveyId) return null;
  return (
    <AnalysisView
      scope={{ surveyId: String(surveyId), moduleId: '', teacherId: '' }}
      survey={{ id: surveyId, title: survey?.title ?? '' }}
      // The survey pages are the administrator's (route roles), who also keeps themes and codes.
      canWrite
      label="Chủ đề ý kiến của khảo sát"
      extraActions={
        <Link to={`/admin/themes?surveyId=${surveyId}&moduleId=`} className={buttonClass('ghost')}>
          <ExternalLink aria-hidden="true" className="size-4" />
          Mở trang phân tích ý kiến
        </Link>
      }
    />
  );
}
