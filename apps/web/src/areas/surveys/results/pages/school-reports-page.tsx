import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Calculator, ChartNoAxesColumn, Eye, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { SURVEY_TYPE_LABELS } from '@app/shared/surveys';
import type { TModuleResults } from '@app/shared/survey-results';
import { FilterSelect } from '@/components/data/filter-select';
import { useRouteTitle } from '@/components/data/use-route-title';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/areas/auth/public';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { calculateModule, moduleResultsQuery, subjectCourseResultsQuery, useRefreshResults } from '../api/results-api';
import { AggregateBars, AggregateTable, type NamedAggregate } from '../components/aggregate-table';
import { aggDetail, CourseBars, CourseTable } from '../components/course-table';
import { GradeCampusView } from '../components/grade-campus';
import { ModuleGate } from '../components/module-gate';
import { ResultsPageFrame } from '../components/results-page-frame';
import { FigureCard, FilterNote, Freshness, LoadError, LoadingBlock, Panel } from '../components/results-common';
import { SurveyExportButton } from '../components/survey-export-button';
import { TeachersView } from '../components/teachers-view';
import { UrlTabs } from '@/components/data/url-tabs';
import { aggLine } from '../lib/stats';
import { useFilteredParam, useParam } from '../lib/use-param';

const WRITERS = ['ADMIN', 'QUALITY_ASSURANCE'];

/**
 * /principal/reports, /quality/reports, /admin/reports: the whole school in one module, by survey,
 * department, subject, teacher and grade×campus, filtered or not (and saying what that means), with
 * each survey's Excel export. ADMIN and QUALITY_ASSURANCE may recalculate the stored figures.
 */
export default function SchoolReportsPage() {
  const title = useRouteTitle('Báo cáo thống kê');
  const { user } = useAuth();
  const { module, status } = useCurrentModule();
  const [filtered, setFiltered] = useFilteredParam();
  const canWrite = (user?.roles ?? []).some((r) => WRITERS.includes(r.role));
  const isAdmin = (user?.roles ?? []).some((r) => r.role === 'ADMIN');
  const results = useQuery(moduleResultsQuery(module?.id ?? null, filtered));
  const refresh = useRefreshResults();
  const calc = useMutation({
    mutationFn: (moduleId: number) => calculateModule(moduleId),
    onSuccess: async (res) => {
      toast.success(res.message ?? 'Đã tính lại kết quả khảo sát.');
      await refresh();
    },
    onError: (err) => toast.error(errorMessage(err, 'Không thể tính lại kết quả. Vui lòng thử lại sau.')),
  });

  let body;
  if (!module) body = <ModuleGate status={status} />;
  else if (results.isPending) body = <LoadingBlock />;
  else if (results.isError) body = <LoadError error={results.error} onRetry={() => void results.refetch()} retrying={results.isFetching} />;
  else body = <SchoolResults data={results.data} filtered={filtered} canWrite={canWrite} isAdmin={isAdmin} />;

  return (
    <ResultsPageFrame
      title={title}
      filtered={filtered}
      onFilteredChange={setFiltered}
      actions={
        canWrite && module ? (
          <Button onClick={() => calc.mutate(module.id)} disabled={calc.isPending} aria-busy={calc.isPending}>
            {calc.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Calculator aria-hidden="true" className="size-4" />
            )}
            {calc.isPending ? 'Đang tính...' : 'Tính lại kết quả'}
          </Button>
        ) : null
      }
    >
      {body}
    </ResultsPageFrame>
  );
}

function SchoolResults({
  data,
  filtered,
  canWrite,
  isAdmin,
}: {
  data: TModuleResults;
  filtered: boolean;
  canWrite: boolean;
  isAdmin: boolean;
}) {
  const departments: NamedAggregate[] = data.departments.map((d) => ({ ...d, key: String(d.departmentId), name: d.departmentName }));
  const subjects: NamedAggregate[] = data.subjects.map((s) => ({
    ...s,
    key: String(s.subjectId),
    name: s.subjectName,
    sub: s.departmentName,
  }));
  const surveys: NamedAggregate[] = data.surveys.map((s) => ({
    ...s,
    key: String(s.surveyId),
    name: s.title,
    sub: s.surveyType === 'SUBJECT_SPECIFIC' ? `Theo môn ${s.subjectName ?? ''}`.trim() : SURVEY_TYPE_LABELS[s.surveyType],
  }));
  const empty = data.overall.n === 0 && data.surveys.length === 0;

  return (
    <>
      <FilterNote filter={data.filter} audience="school" />
      <Freshness computedAt={data.computedAt} stored={data.stored} stale={data.stale} canRecalculate={canWrite} />
      {empty ? (
        <EmptyState
          icon={ChartNoAxesColumn}
          title="Chưa có kết quả khảo sát nào trong học phần này."
          description="Số liệu hiện khi học sinh đã trả lời các khảo sát của học phần."
        />
      ) : (
        <UrlTabs
          param="view"
          keepParams
          label="Xem kết quả theo"
          tabs={[
            {
              key: 'surveys',
              label: 'Tổng quan',
              content: (
                <>
                  <div className="mb-5 grid gap-3 sm:grid-cols-3">
                    <FigureCard
                      label="Điểm toàn trường"
                      score={data.overall.score}
                      sd={data.overall.sd}
                      n={data.overall.n}
                      hidden={data.overall.hidden}
                      detail={aggDetail(data.overall)}
                      classCount={data.overall.classCount}
                    />
                  </div>
                  <Panel title="Các khảo sát của học phần">
                    <AggregateTable
                      rows={surveys}
                      label="Kết quả theo khảo sát"
                      nameHeader="Khảo sát"
                      emptyTitle="Chưa có khảo sát nào có kết quả."
                      actions={(r) => (
                        <div className="flex flex-wrap gap-2">
                          <SurveyExportButton surveyId={Number(r.key)} filtered={filtered} name={r.name} compact />
                          {isAdmin ? (
                            <Link
                              to={`/admin/surveys/${r.key}?tab=results`}
                              className={buttonClass('ghost', 'px-3 py-1.5')}
                              aria-label={`Chi tiết kết quả: ${r.name}`}
                            >
                              <Eye aria-hidden="true" className="size-4" />
                              Chi tiết
                            </Link>
                          ) : null}
                        </div>
                      )}
                    />
                  </Panel>
                </>
              ),
            },
            {
              key: 'departments',
              label: 'Theo tổ chuyên môn',
              content: (
                <Panel title="Kết quả theo tổ chuyên môn">
                  <AggregateBars rows={departments} label="Điểm trung bình theo tổ chuyên môn" />
                  <div className="mt-3">
                    <AggregateTable rows={departments} label="Bảng kết quả theo tổ chuyên môn" nameHeader="Tổ chuyên môn" />
                  </div>
                </Panel>
              ),
            },
            { key: 'subjects', label: 'Theo môn học', content: <SubjectsView data={data} subjects={subjects} filtered={filtered} /> },
            { key: 'teachers', label: 'Theo giáo viên', content: <TeachersView teachers={data.teachers} /> },
            { key: 'grade-campus', label: 'Theo khối và cơ sở', content: <GradeCampusView items={data.gradeCampus} /> },
          ]}
        />
      )}
    </>
  );
}

/** Subjects as bars and a table; picking one lists its course classes. */
function SubjectsView({ data, subjects, filtered }: { data: TModuleResults; subjects: NamedAggregate[]; filtered: boolean }) {
  const [subjectParam, setSubject] = useParam('subject');
  const subjectId = subjects.some((s) => s.key === subjectParam) ? Number(subjectParam) : null;
  const classes = useQuery(subjectCourseResultsQuery(data.moduleId, subjectId, filtered));
  return (
    <>
      <Panel title="Kết quả theo môn học">
        <AggregateBars rows={subjects} label="Điểm trung bình theo môn học" />
        <div className="mt-3">
          <AggregateTable rows={subjects} label="Bảng kết quả theo môn học" nameHeader="Môn học" />
        </div>
      </Panel>
      <Panel
        title="Lớp học phần của môn"
        actions={
          <FilterSelect
            label="Môn học"
            value={subjectId ? String(subjectId) : ''}
            onChange={setSubject}
            allLabel="Chọn môn học"
            options={subjects.map((s) => ({ value: s.key, label: s.name }))}
          />
        }
      >
        {subjectId === null ? (
          <p className="text-sm text-muted">Chọn một môn học để xem kết quả từng lớp học phần.</p>
        ) : classes.isPending ? (
          <LoadingBlock label="Đang tải kết quả các lớp..." />
        ) : classes.isError ? (
          <LoadError error={classes.error} onRetry={() => void classes.refetch()} retrying={classes.isFetching} />
        ) : (
          <>
            <p className="mb-3 text-sm text-muted">
              {classes.data.subjectName}: điểm TB {aggLine(classes.data.summary)}, {aggDetail(classes.data.summary)}.
            </p>
            <CourseBars items={classes.data.items} label={`Điểm trung bình các lớp môn ${classes.data.subjectName}`} />
            <div className="mt-3">
              <CourseTable items={classes.data.items} label={`Kết quả các lớp môn ${classes.data.subjectName}`} showSubject={false} />
            </div>
          </>
        )}
      </Panel>
    </>
  );
}
