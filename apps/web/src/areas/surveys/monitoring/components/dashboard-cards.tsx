import { useMemo } from 'react';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { useClassCompletion, useGradeCampusCompletion } from '../api/monitoring-api';
import { studentsText } from '../lib/completion';
import { CompletionBars } from './completion-bars';
import { SurveyStatsCard } from './survey-stats-card';

/*
 * The dashboards' survey cards (issue 12): the survey figures with each office's links, and the
 * current module's completion per grade × campus and per homeroom class (lowest first: what to chase).
 */

/** ADMIN: the figures and the open surveys closing soon, each to its progress tab. */
export function AdminSurveyStatsCard() {
  return <SurveyStatsCard surveyLink={(id) => `/admin/surveys/${id}?tab=progress`} allLink="/admin/surveys" onlyClosingSoon />;
}

/** QUALITY_ASSURANCE: the figures and every open survey, each to its drill-down. */
export function QualitySurveyStatsCard() {
  return <SurveyStatsCard surveyLink={(id) => `/quality/surveys?surveyId=${id}`} allLink="/quality/surveys" />;
}

/** PRINCIPAL: the school's completion of the open surveys. */
export function PrincipalSurveyStatsCard() {
  return <SurveyStatsCard surveyLink={(id) => `/principal/surveys?surveyId=${id}`} allLink="/principal/surveys" />;
}

/** The header's module: its open surveys' completion by grade × campus and by homeroom class. */
export function ModuleCompletionCard() {
  const { module } = useCurrentModule();
  const scope = useMemo(() => (module ? { moduleId: module.id } : null), [module]);
  const byGradeCampus = useGradeCampusCompletion(scope);
  const byClass = useClassCompletion(scope);
  const classes = useMemo(() => [...(byClass.data ?? [])].sort((a, b) => (a.rate ?? 101) - (b.rate ?? 101)), [byClass.data]);
  const moduleText = module ? `học phần ${module.code}` : 'học phần hiện tại';
  const empty = module
    ? 'Chưa có khảo sát nào đang mở trong học phần này. Khi một khảo sát mở, tiến độ trả lời sẽ hiện ở đây.'
    : 'Chưa có học phần hiện tại: chọn học phần ở đầu trang để xem tiến độ.';
  return (
    <section aria-labelledby="module-completion-title" className="space-y-4">
      <h2 id="module-completion-title" className="text-lg font-semibold text-fg">
        Tiến độ trả lời của {moduleText}
      </h2>
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
          emptyText={empty}
        />
        <CompletionBars
          title="Theo lớp chủ nhiệm"
          description={`Các khảo sát đang mở của ${moduleText}; lớp có tỷ lệ thấp nhất ở trên.`}
          rows={byClass.data ? classes : undefined}
          loading={scope !== null && byClass.isPending}
          error={byClass.error}
          onRetry={() => void byClass.refetch()}
          rowKey={(r) => r.homeroomClassId ?? 0}
          label={(r) => r.homeroomClassName ?? 'Chưa xếp lớp'}
          hint={(r) => `${studentsText(r)}${r.homeroomTeacherName ? ` · GVCN ${r.homeroomTeacherName}` : ''}`}
          emptyText={empty}
        />
      </div>
    </section>
  );
}
