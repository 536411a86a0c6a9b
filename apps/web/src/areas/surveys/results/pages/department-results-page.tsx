import { useQuery } from '@tanstack/react-query';
import { ChartNoAxesColumn } from 'lucide-react';
import type { TModuleResults } from '@app/shared/survey-results';
import { FilterSelect } from '@/components/data/filter-select';
import { useRouteTitle } from '@/components/data/use-route-title';
import { EmptyState } from '@/components/ui/empty-state';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { activeCourseResultsQuery, departmentAverageQuery, moduleResultsQuery } from '../api/results-api';
import { AggregateBars, AggregateTable } from '../components/aggregate-table';
import { aggDetail, CourseBars, CourseTable } from '../components/course-table';
import { ModuleGate } from '../components/module-gate';
import { ResultsPageFrame } from '../components/results-page-frame';
import { FigureCard, FilterNote, Freshness, LoadError, LoadingBlock, Panel } from '../components/results-common';
import { useFilteredParam, useParam } from '../lib/use-param';

/**
 * /department/survey-results and /teacher/survey-results (head of department): the department's
 * score beside the school's, its teachers and subjects, and its course classes per survey. The
 * server narrows every figure to the departments the caller heads and hides small groups.
 */
export default function DepartmentResultsPage() {
  const title = useRouteTitle('Kết quả khảo sát của tổ');
  const { module, status } = useCurrentModule();
  // One variant for teachers and heads, chosen by the school (issue 11): the server ignores this value for them.
  const [filtered] = useFilteredParam();
  const mod = useQuery(moduleResultsQuery(module?.id ?? null, filtered));

  let body;
  if (!module) body = <ModuleGate status={status} />;
  else if (mod.isPending) body = <LoadingBlock />;
  else if (mod.isError) body = <LoadError error={mod.error} onRetry={() => void mod.refetch()} retrying={mod.isFetching} />;
  else body = <DepartmentResults mod={mod.data} moduleId={module.id} filtered={filtered} />;

  return (
    <ResultsPageFrame title={title} filtered={filtered}>
      {body}
    </ResultsPageFrame>
  );
}

function DepartmentResults({ mod, moduleId, filtered }: { mod: TModuleResults; moduleId: number; filtered: boolean }) {
  const [deptParam, setDept] = useParam('dept');
  const departments = mod.departments.length
    ? mod.departments.map((d) => ({ id: d.departmentId, name: d.departmentName }))
    : mod.scope.departmentId
      ? [{ id: mod.scope.departmentId, name: mod.scope.label }]
      : [];
  const departmentId = departments.find((d) => d.id === Number(deptParam))?.id ?? departments[0]?.id ?? null;
  const avg = useQuery(departmentAverageQuery(moduleId, departmentId, filtered));

  if (departmentId === null)
    return (
      <EmptyState
        icon={ChartNoAxesColumn}
        title="Chưa có kết quả khảo sát của tổ trong học phần này."
        description="Kết quả của một khảo sát hiện ở đây khi khảo sát đã kết thúc, các ý kiến đã được duyệt và nhà trường đã công bố kết quả."
      />
    );
  if (avg.isPending) return <LoadingBlock />;
  if (avg.isError) return <LoadError error={avg.error} onRetry={() => void avg.refetch()} retrying={avg.isFetching} />;
  const d = avg.data;
  const teachers = d.teachers.map((t) => ({ ...t, key: String(t.teacherId), name: t.teacherName }));
  const subjects = d.subjects.map((s) => ({ ...s, key: String(s.subjectId), name: s.subjectName }));

  return (
    <>
      {departments.length > 1 ? (
        <div className="mb-4">
          <FilterSelect
            label="Tổ chuyên môn"
            value={String(departmentId)}
            onChange={setDept}
            allLabel={null}
            options={departments.map((x) => ({ value: x.id, label: x.name }))}
          />
        </div>
      ) : null}
      <FilterNote filter={d.filter} audience="restricted" />
      <Freshness computedAt={d.computedAt} />
      <div className="mb-5 grid gap-3 sm:grid-cols-2">
        <FigureCard
          label={`Điểm ${d.departmentName}`}
          score={d.department.score}
          sd={d.department.sd}
          n={d.department.n}
          hidden={d.department.hidden}
          detail={aggDetail(d.department)}
          classCount={d.department.classCount}
        />
        <FigureCard
          tone="other"
          label="Trung bình toàn trường"
          score={d.school.score}
          sd={d.school.sd}
          n={d.school.n}
          hidden={d.school.hidden}
          detail={aggDetail(d.school)}
          classCount={d.school.classCount}
        />
      </div>
      <Panel title="Giáo viên trong tổ">
        <AggregateBars rows={teachers} label="Điểm trung bình theo giáo viên" />
        <div className="mt-3">
          <AggregateTable
            rows={teachers}
            label="Kết quả theo giáo viên"
            nameHeader="Giáo viên"
            emptyTitle="Chưa có giáo viên nào của tổ có kết quả."
          />
        </div>
      </Panel>
      <Panel title="Môn học của tổ">
        <AggregateTable
          rows={subjects}
          label="Kết quả theo môn học"
          nameHeader="Môn học"
          emptyTitle="Chưa có môn học nào của tổ có kết quả."
        />
      </Panel>
      <DepartmentClasses mod={mod} filtered={filtered} />
    </>
  );
}

/** The department's course classes of one subject survey. */
function DepartmentClasses({ mod, filtered }: { mod: TModuleResults; filtered: boolean }) {
  const [surveyParam, setSurvey] = useParam('survey');
  const surveys = mod.surveys.filter((s) => s.surveyType === 'SUBJECT_SPECIFIC');
  const surveyId = surveys.find((s) => s.surveyId === Number(surveyParam))?.surveyId ?? surveys[0]?.surveyId ?? null;
  const courses = useQuery(activeCourseResultsQuery(surveyId, filtered));
  const picker =
    surveys.length > 1 ? (
      <FilterSelect
        label="Khảo sát"
        value={String(surveyId)}
        onChange={setSurvey}
        allLabel={null}
        options={surveys.map((s) => ({ value: s.surveyId, label: s.title }))}
      />
    ) : null;
  return (
    <Panel title="Lớp học phần" actions={picker}>
      {surveyId === null ? (
        <p className="text-sm text-muted">Chưa có khảo sát theo môn nào có kết quả trong học phần này.</p>
      ) : courses.isPending ? (
        <LoadingBlock label="Đang tải kết quả các lớp..." />
      ) : courses.isError ? (
        <LoadError error={courses.error} onRetry={() => void courses.refetch()} retrying={courses.isFetching} />
      ) : (
        <>
          {surveys.length === 1 ? <p className="mb-3 text-sm text-muted">{surveys[0].title}</p> : null}
          <CourseBars items={courses.data.items} label="Điểm trung bình theo lớp học phần" />
          <div className="mt-3">
            <CourseTable items={courses.data.items} label="Kết quả theo lớp học phần" />
          </div>
        </>
      )}
    </Panel>
  );
}
