import { useMutation, useQuery } from '@tanstack/react-query';
import { Switch } from '@headlessui/react';
import { Calculator, ChartNoAxesColumn, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { TSurveyResults } from '@app/shared/survey-results';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import type { SurveyTabProps } from '@/areas/surveys/core/survey-tabs';
import {
  activeCourseResultsQuery,
  calculateSurvey,
  gradeCampusResultsQuery,
  surveyResultsQuery,
  toggleAutoCalculate,
  useRefreshResults,
} from '../api/results-api';
import { aggDetail, CourseBars, CourseTable } from './course-table';
import { GradeCampusView } from './grade-campus';
import { QuestionCard } from './question-results';
import { FigureCard, FilterNote, FilterToggle, Freshness, LoadError, LoadingBlock, Panel } from './results-common';
import { PublicationBar } from './publication-bar';
import { ScoreConfigEditor } from './score-config-editor';
import { SurveyExportButton } from './survey-export-button';
import { useFilteredParam } from '../lib/use-param';

/**
 * "Kết quả" of /admin/surveys/{id}: every question (distribution, n, mean, SD, median), the score
 * questions, recalculation, auto-calculation and the Excel export; then the course classes (subject
 * surveys) and grade×campus. Registered in app/survey-detail-tabs.ts.
 */
export default function ResultsTab({ surveyId, survey }: SurveyTabProps) {
  const [filtered, setFiltered] = useFilteredParam();
  const results = useQuery(surveyResultsQuery(surveyId, { filtered }));
  const refresh = useRefreshResults();
  const calc = useMutation({
    mutationFn: (id: number) => calculateSurvey(id),
    onSuccess: async (res) => {
      toast.success(res.message ?? 'Đã tính lại kết quả khảo sát.');
      await refresh();
    },
    onError: (err) => toast.error(errorMessage(err, 'Không thể tính lại kết quả. Vui lòng thử lại sau.')),
  });
  const auto = useMutation({
    mutationFn: (v: { id: number; enabled: boolean }) => toggleAutoCalculate(v.id, v.enabled),
    onSuccess: async (res) => {
      toast.success(res.message ?? (res.data.autoCalculate ? 'Đã bật tự động tính kết quả.' : 'Đã tắt tự động tính kết quả.'));
      await refresh();
    },
    onError: (err) => toast.error(errorMessage(err, 'Không thể đổi chế độ tự động tính. Vui lòng thử lại sau.')),
  });

  if (surveyId === null || !survey) return <EmptyState icon={ChartNoAxesColumn} title="Hãy lưu khảo sát trước khi xem kết quả." />;
  const autoOn = auto.isPending ? auto.variables.enabled : (results.data?.autoCalculate ?? survey.autoCalculate);

  return (
    <div>
      {!survey.isTemplate && <PublicationBar surveyId={surveyId} />}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <FilterToggle filtered={filtered} onChange={setFiltered} />
        <Button onClick={() => calc.mutate(surveyId)} disabled={calc.isPending} aria-busy={calc.isPending}>
          {calc.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Calculator aria-hidden="true" className="size-4" />
          )}
          {calc.isPending ? 'Đang tính...' : 'Tính lại kết quả'}
        </Button>
        <SurveyExportButton surveyId={surveyId} filtered={filtered} />
        <div className="flex items-center gap-2">
          <Switch
            checked={autoOn}
            disabled={auto.isPending}
            onChange={(enabled: boolean) => auto.mutate({ id: surveyId, enabled })}
            aria-label="Tự động tính kết quả khi có phản hồi mới"
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60 ${
              autoOn ? 'bg-primary' : 'bg-surface-2 ring-1 ring-border'
            }`}
          >
            <span
              className={`inline-block size-4 rounded-full bg-surface shadow transition-transform ${autoOn ? 'translate-x-6' : 'translate-x-1'}`}
            />
          </Switch>
          <span className="text-sm text-fg">Tự động tính khi có phản hồi mới</span>
        </div>
      </div>
      {results.isPending ? (
        <LoadingBlock />
      ) : results.isError ? (
        <LoadError error={results.error} onRetry={() => void results.refetch()} retrying={results.isFetching} />
      ) : (
        <SurveyResultsBody data={results.data} filtered={filtered} />
      )}
    </div>
  );
}

function SurveyResultsBody({ data, filtered }: { data: TSurveyResults; filtered: boolean }) {
  const subject = data.surveyType === 'SUBJECT_SPECIFIC';
  return (
    <>
      <FilterNote filter={data.filter} audience="school" />
      <Freshness computedAt={data.computedAt} stored={data.stored} stale={data.stale} canRecalculate />
      <div className="mb-5 grid gap-3 sm:grid-cols-3">
        <FigureCard
          label="Điểm khảo sát"
          score={data.score.score}
          sd={data.score.sd}
          n={data.score.n}
          hidden={data.score.hidden}
          detail={subject ? aggDetail(data.score) : undefined}
          classCount={subject ? data.score.classCount : undefined}
        />
      </div>
      <Panel title="Câu hỏi tính điểm">
        <ScoreConfigEditor surveyId={data.surveyId} />
      </Panel>
      <Panel title="Kết quả theo câu hỏi">
        {data.n === 0 ? (
          <EmptyState
            icon={ChartNoAxesColumn}
            title="Chưa có phản hồi nào."
            description="Kết quả từng câu hỏi hiện khi học sinh bắt đầu trả lời khảo sát."
          />
        ) : (
          <div className="grid gap-3 lg:grid-cols-2">
            {data.questions.map((q) => (
              <QuestionCard key={q.questionId} q={q} />
            ))}
          </div>
        )}
      </Panel>
      {subject ? <SurveyCourses surveyId={data.surveyId} filtered={filtered} /> : null}
      <SurveyGradeCampus surveyId={data.surveyId} filtered={filtered} />
    </>
  );
}

function SurveyCourses({ surveyId, filtered }: { surveyId: number; filtered: boolean }) {
  const q = useQuery(activeCourseResultsQuery(surveyId, filtered));
  return (
    <Panel title="Kết quả theo lớp học phần">
      {q.isPending ? (
        <LoadingBlock label="Đang tải kết quả các lớp..." />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <CourseBars items={q.data.items} label="Điểm trung bình theo lớp học phần" />
          <div className="mt-3">
            <CourseTable items={q.data.items} label="Bảng kết quả theo lớp học phần" showSubject={false} />
          </div>
        </>
      )}
    </Panel>
  );
}

function SurveyGradeCampus({ surveyId, filtered }: { surveyId: number; filtered: boolean }) {
  const q = useQuery(gradeCampusResultsQuery(surveyId, filtered));
  if (q.isPending) return <LoadingBlock label="Đang tải kết quả theo khối và cơ sở..." />;
  if (q.isError)
    return (
      <LoadError
        error={q.error}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
        fallback="Không thể tải kết quả theo khối và cơ sở. Vui lòng thử lại sau."
      />
    );
  return <GradeCampusView items={q.data.items} />;
}
