import { useQuery } from '@tanstack/react-query';
import { ChartNoAxesColumn } from 'lucide-react';
import type { TTeacherCourseResults } from '@app/shared/survey-results';
import { FilterSelect } from '@/components/data/filter-select';
import { useRouteTitle } from '@/components/data/use-route-title';
import { EmptyState } from '@/components/ui/empty-state';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { getModuleSurveys } from '@/areas/surveys/teacher/public';
import { isNoTeacherRecord, surveyResultsQuery, teacherCourseResultsQuery } from '../api/results-api';
import { TrendChart } from '../components/charts';
import { aggDetail, CourseBars, CourseTable } from '../components/course-table';
import { ModuleGate } from '../components/module-gate';
import { ResultsPageFrame } from '../components/results-page-frame';
import { QuestionComparison } from '../components/question-results';
import { FigureCard, FilterNote, Freshness, LoadError, LoadingBlock, Panel } from '../components/results-common';
import { useFilteredParam, useParam } from '../lib/use-param';
import { TextAnswers } from '../components/text-answers';
import { fmtN, fmtScore, scoreAxisMax, TOO_FEW } from '../lib/stats';

/**
 * /teacher/personal-survey-results: the teacher's own course classes in the chosen module — their
 * score beside the department and the school, each class, each teacher-visible question, the
 * approved comments, and the trend over modules. The server knows who the teacher is (`teachers/me`)
 * and hides small classes, leaving them out of every figure.
 */
export default function PersonalResultsPage() {
  const title = useRouteTitle('Kết quả khảo sát cá nhân');
  const { module, status } = useCurrentModule();
  // One variant for teachers and heads, chosen by the school (issue 11): the server ignores this value for them.
  const [filtered] = useFilteredParam();
  const results = useQuery(teacherCourseResultsQuery(module?.id ?? null, 'me', filtered));

  let body;
  if (!module) body = <ModuleGate status={status} />;
  else if (results.isPending) body = <LoadingBlock />;
  else if (results.isError && isNoTeacherRecord(results.error))
    body = (
      <EmptyState
        icon={ChartNoAxesColumn}
        title="Tài khoản chưa gắn với hồ sơ giáo viên."
        description="Kết quả khảo sát cá nhân hiện theo các lớp học phần thầy cô dạy. Hãy liên hệ phòng giáo vụ để được gắn tài khoản với hồ sơ giáo viên."
      />
    );
  else if (results.isError) body = <LoadError error={results.error} onRetry={() => void results.refetch()} retrying={results.isFetching} />;
  else body = <PersonalResults data={results.data} moduleId={module.id} filtered={filtered} />;

  return (
    <ResultsPageFrame title={title} filtered={filtered}>
      {body}
    </ResultsPageFrame>
  );
}

function PersonalResults({ data, moduleId, filtered }: { data: TTeacherCourseResults; moduleId: number; filtered: boolean }) {
  const { summary, comparison } = data;
  return (
    <>
      <FilterNote filter={data.filter} audience="restricted" />
      <Freshness computedAt={data.computedAt} />
      <div className="mb-5 grid gap-3 sm:grid-cols-3">
        <FigureCard
          label="Điểm của thầy cô"
          score={summary.score}
          sd={summary.sd}
          n={summary.n}
          hidden={summary.hidden}
          detail={aggDetail(summary)}
          classCount={summary.classCount}
        />
        {comparison.department ? (
          <FigureCard
            tone="other"
            label={`Trung bình ${data.teacher.departmentName ?? 'tổ'}`}
            score={comparison.department.score}
            sd={comparison.department.sd}
            n={comparison.department.n}
            hidden={comparison.department.hidden}
            detail={aggDetail(comparison.department)}
            classCount={comparison.department.classCount}
          />
        ) : (
          <FigureCard tone="other" label="Trung bình tổ" score={null} sd={null} n={0} hidden={false} detail="thầy cô chưa thuộc tổ nào" />
        )}
        <FigureCard
          tone="other"
          label="Trung bình toàn trường"
          score={comparison.school.score}
          sd={comparison.school.sd}
          n={comparison.school.n}
          hidden={comparison.school.hidden}
          detail={aggDetail(comparison.school)}
          classCount={comparison.school.classCount}
        />
      </div>

      {data.items.length === 0 ? (
        <div className="mb-5">
          <EmptyState
            icon={ChartNoAxesColumn}
            title="Chưa có kết quả khảo sát cho các lớp của thầy cô trong học phần này."
            description="Kết quả của một khảo sát hiện ở đây khi khảo sát đã kết thúc, các ý kiến đã được duyệt và nhà trường đã công bố kết quả."
          />
        </div>
      ) : (
        <>
          <Panel title="Các lớp học phần của thầy cô">
            <CourseBars items={data.items} label="Điểm trung bình theo lớp học phần" />
            <div className="mt-3">
              <CourseTable items={data.items} label="Kết quả theo lớp học phần" showTeachers={false} />
            </div>
          </Panel>
          <QuestionsAndComments data={data} moduleId={moduleId} filtered={filtered} />
        </>
      )}

      <Panel title="Xu hướng qua các học phần">
        {data.trend.length ? (
          <>
            <TrendChart
              label="Điểm của thầy cô qua các học phần"
              max={scoreAxisMax(data.trend.map((p) => p.score))}
              points={data.trend.map((p) => ({
                key: String(p.moduleId),
                label: p.moduleCode,
                value: p.score,
                sd: p.sd,
                n: p.n,
                hidden: p.hidden,
              }))}
            />
            <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2" aria-label="Điểm theo học phần">
              {data.trend.map((p) => (
                <li key={p.moduleId} className="flex flex-wrap justify-between gap-x-3 rounded-lg bg-surface-2 px-3 py-1.5">
                  <span className="min-w-0 break-words">
                    {p.moduleCode} – {p.moduleName}
                  </span>
                  <span className="tabular-nums">{p.hidden ? TOO_FEW : `${fmtScore(p.score)} · ĐLC ${fmtScore(p.sd)} · ${fmtN(p.n)}`}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-sm text-muted">Chưa có kết quả ở học phần nào.</p>
        )}
      </Panel>
    </>
  );
}

/** Per question (with the department and school means) and the approved comments, for one survey and optionally one class. */
function QuestionsAndComments({ data, moduleId, filtered }: { data: TTeacherCourseResults; moduleId: number; filtered: boolean }) {
  const [surveyParam, setSurvey] = useParam('survey', ['class']);
  const [classParam, setClass] = useParam('class');
  const surveys = useQuery({ queryKey: ['module-surveys', moduleId], queryFn: () => getModuleSurveys(moduleId), staleTime: 5 * 60_000 });
  const surveyIds = [...new Set(data.items.map((i) => i.surveyId))];
  const wanted = Number(surveyParam);
  const surveyId = surveyIds.includes(wanted) ? wanted : surveyIds[0];
  const classes = data.items.filter((i) => i.surveyId === surveyId);
  const wantedClass = Number(classParam);
  const courseClassId = classes.some((c) => c.courseClassId === wantedClass) ? wantedClass : undefined;
  const results = useQuery(surveyResultsQuery(surveyId, { filtered, courseClassId, teacherId: data.teacher.id, compare: true }));

  const surveyLabel = (id: number) => {
    const s = surveys.data?.find((x) => x.id === id);
    const item = data.items.find((i) => i.surveyId === id);
    return s ? s.title : `Khảo sát môn ${item?.subjectName ?? ''}`.trim();
  };
  const pickers = (
    <>
      {surveyIds.length > 1 ? (
        <FilterSelect
          label="Khảo sát"
          value={String(surveyId)}
          onChange={setSurvey}
          allLabel={null}
          options={surveyIds.map((id) => ({ value: id, label: surveyLabel(id) }))}
        />
      ) : null}
      <FilterSelect
        label="Lớp học phần"
        value={courseClassId ? String(courseClassId) : ''}
        onChange={setClass}
        allLabel="Tất cả lớp của thầy cô"
        options={classes.map((c) => ({ value: c.courseClassId, label: c.courseClassName }))}
      />
    </>
  );

  return (
    <>
      <Panel title="Kết quả theo câu hỏi" actions={pickers}>
        {surveyIds.length === 1 ? <p className="mb-3 text-sm text-muted">{surveyLabel(surveyId)}</p> : null}
        {results.isPending ? (
          <LoadingBlock label="Đang tải kết quả theo câu hỏi..." />
        ) : results.isError ? (
          <LoadError error={results.error} onRetry={() => void results.refetch()} retrying={results.isFetching} />
        ) : results.data.hidden ? (
          <p className="text-sm text-muted">
            {TOO_FEW} ({fmtN(results.data.n)}).
          </p>
        ) : (
          <QuestionComparison questions={results.data.questions} />
        )}
      </Panel>
      <Panel title="Ý kiến của học sinh (đã duyệt)">
        <TextAnswers
          surveyId={surveyId}
          teacherId={data.teacher.id}
          courseClassId={courseClassId}
          hiddenClasses={courseClassId ? 0 : classes.filter((c) => c.hidden).length}
        />
      </Panel>
    </>
  );
}
