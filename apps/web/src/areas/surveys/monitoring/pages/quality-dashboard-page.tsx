import { useMemo } from 'react';
import { Link } from 'react-router';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { useAuth } from '@/areas/auth/public';
import { formatDate } from '@app/shared/format';
import { useClassCompletion, useGradeCampusCompletion } from '../api/monitoring-api';
import { CompletionBars } from '../components/completion-bars';
import { SurveyStatsCard } from '../components/survey-stats-card';
import { studentsText } from '../lib/completion';
import { TextReviewsLink } from '@/areas/surveys/text-reviews/public';

const surveyLink = (id: number) => `/quality/surveys?surveyId=${id}`;

/**
 * /quality/dashboard: the quality-assurance office's landing page is about surveys — figures, the
 * open surveys with their completion (closing soon flagged), and the module's completion per grade ×
 * campus and per homeroom class, lowest first being what to chase.
 */
export default function QualityDashboardPage() {
  const { user } = useAuth();
  const { module } = useCurrentModule();
  const scope = useMemo(() => (module ? { moduleId: module.id } : null), [module]);
  const byGradeCampus = useGradeCampusCompletion(scope);
  const byClass = useClassCompletion(scope);
  const classes = useMemo(() => [...(byClass.data ?? [])].sort((a, b) => (a.rate ?? 101) - (b.rate ?? 101)), [byClass.data]);
  const moduleText = module ? `học phần ${module.code}` : 'học phần hiện tại';
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm text-muted">Tổng quan · Hôm nay {formatDate(new Date())}</p>
        <h1 className="mt-1 text-xl font-semibold text-fg sm:text-2xl">Xin chào, {user?.displayName || 'Người dùng'}!</h1>
        <p className="mt-1 text-sm text-muted">
          Theo dõi tiến độ khảo sát lấy ý kiến học sinh.{' '}
          {/* The theme analysis is in no menu of the spec; this is its way in for the office. */}
          <Link to="/quality/themes" className="font-medium text-primary hover:underline">
            Phân tích ý kiến theo chủ đề
          </Link>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <TextReviewsLink area="quality" />
      </div>
      <SurveyStatsCard surveyLink={surveyLink} allLink="/quality/surveys" />
      <div className="grid gap-4 lg:grid-cols-2">
        <CompletionBars
          title="Theo khối và cơ sở"
          description={`Các khảo sát đang mở của ${moduleText}.`}
          rows={byGradeCampus.data}
          loading={scope !== null && byGradeCampus.isPending}
          error={byGradeCampus.error}
          onRetry={() => void byGradeCampus.refetch()}
          rowKey={(r) => `${r.grade}-${r.campusId}`}
          label={(r) => `Khối ${r.grade} – ${r.campusName}`}
          hint={(r) => studentsText(r)}
          emptyText="Chưa có khảo sát nào đang mở trong học phần này."
        />
        <CompletionBars
          title="Theo lớp chủ nhiệm"
          description={`Các khảo sát đang mở của ${moduleText}; lớp có tỷ lệ thấp nhất ở trên.`}
          rows={classes}
          loading={scope !== null && byClass.isPending}
          error={byClass.error}
          onRetry={() => void byClass.refetch()}
          rowKey={(r) => r.homeroomClassId ?? 0}
          label={(r) => r.homeroomClassName ?? 'Chưa xếp lớp'}
          hint={(r) => `${studentsText(r)}${r.homeroomTeacherName ? ` · GVCN ${r.homeroomTeacherName}` : ''}`}
          emptyText="Chưa có khảo sát nào đang mở trong học phần này."
        />
      </div>
    </div>
  );
}
