import { Link, useLocation } from 'react-router';
import { ArrowLeft, BarChart3 } from 'lucide-react';
import { SURVEY_STATUSES, SURVEY_STATUS_LABELS, SURVEY_TYPE_LABELS } from '@app/shared/surveys';
import { ZSurveyCompletion, type TSurveyCompletion } from '@app/shared/survey-monitoring';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { useUrlParams } from '@/components/data/url-params';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';
import { useRouteTitle } from '@/components/data/use-route-title';
import { buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { formatDate } from '@app/shared/format';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { MONITOR_PATHS, useSurveyCompletion } from '../api/monitoring-api';
import { CompletionPanel } from '../components/completion-panel';
import { ProgressBar } from '../components/progress-bar';
import { closesSoon, daysLeftText, studentsText } from '../lib/completion';
import { PublicationBar } from '@/areas/surveys/results/public';

/** The drill-down keeps the chosen survey in the address, so a reload or a shared link opens it again. */
const SURVEY_KEY = 'surveyId';

const STATUS_OPTIONS = SURVEY_STATUSES.map((s) => ({ value: s, label: SURVEY_STATUS_LABELS[s] }));

const COLUMNS: Column<TSurveyCompletion>[] = [
  {
    key: 'title',
    header: 'Khảo sát',
    primary: true,
    cell: (s) => (
      <div className="min-w-0">
        <p className="font-medium break-words text-fg">{s.title}</p>
        <p className="text-xs text-muted">
          {SURVEY_TYPE_LABELS[s.surveyType]}
          {s.subjectName ? ` – ${s.subjectName}` : ''}
          {s.moduleCode ? ` · ${s.moduleCode}` : ''}
        </p>
      </div>
    ),
    className: 'min-w-56',
  },
  {
    key: 'dates',
    header: 'Thời gian',
    cell: (s) => (
      <div className="text-sm md:whitespace-nowrap">
        {formatDate(s.startDate) || '—'} – {formatDate(s.endDate) || '—'}
        {s.status === 'active' && closesSoon(s.daysLeft) ? (
          <div className="mt-1">
            <Badge tone="danger">{daysLeftText(s.daysLeft)}</Badge>
          </div>
        ) : null}
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Trạng thái',
    cell: (s) => <Badge tone={s.status === 'active' ? 'primary' : 'neutral'}>{SURVEY_STATUS_LABELS[s.status]}</Badge>,
  },
  {
    key: 'progress',
    header: 'Tiến độ',
    className: 'min-w-64',
    cell: (s) => <ProgressBar label={<span className="sr-only">Tiến độ {s.title}</span>} completion={s} hint={studentsText(s)} />,
  },
];

/**
 * /quality/surveys and /principal/surveys: the surveys of the module with their completion; a
 * survey opens its drill-down (per class, per grade × campus, students not done) on the same page.
 */
export default function MonitoringSurveysPage() {
  const title = useRouteTitle('Khảo sát');
  const params = useUrlParams();
  const surveyId = Number(params.get(SURVEY_KEY)) || null;
  return surveyId ? <SurveyDrillDown surveyId={surveyId} /> : <SurveyList title={title} />;
}

function SurveyList({ title }: { title: string }) {
  const { module } = useCurrentModule();
  const list = useListQuery({
    path: MONITOR_PATHS.surveys,
    schema: ZSurveyCompletion,
    filterKeys: ['status'] as const,
    params: { moduleId: module?.id },
  });
  const { pathname } = useLocation();
  return (
    <div>
      <PageHeader
        title={title}
        subtitle={`Tiến độ làm khảo sát của học sinh${module ? ` – học phần ${module.code} (${module.semesterName}, ${module.academicYearName})` : ''}. Chọn một khảo sát để xem theo lớp và danh sách học sinh chưa làm.`}
      />
      <ListToolbar
        activeFilters={list.activeFilters}
        filters={
          <FilterSelect
            label="Trạng thái"
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v)}
            options={STATUS_OPTIONS}
          />
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} label="Tìm khảo sát" placeholder="Tên khảo sát..." />
      </ListToolbar>
      <DataTable
        label="Danh sách khảo sát và tiến độ"
        columns={COLUMNS}
        rowKey={(s) => s.surveyId}
        emptyTitle="Chưa có khảo sát nào trong học phần này."
        emptyDescription="Khi nhà trường mở khảo sát, tiến độ làm bài của học sinh sẽ hiện ở đây."
        actions={(s) => (
          <Link
            to={`${pathname}?${SURVEY_KEY}=${s.surveyId}`}
            className={buttonClass('secondary', 'px-3 py-1.5')}
            aria-label={`Xem tiến độ ${s.title}`}
          >
            <BarChart3 aria-hidden="true" className="size-4" />
            Xem tiến độ
          </Link>
        )}
        {...list.tableProps}
      />
      <Pagination {...list.paginationProps} />
    </div>
  );
}

function SurveyDrillDown({ surveyId }: { surveyId: number }) {
  const { pathname } = useLocation();
  const survey = useSurveyCompletion(surveyId);
  return (
    <div>
      <Link
        to={pathname}
        className="mb-3 inline-flex items-center gap-1.5 rounded text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Tất cả khảo sát
      </Link>
      <PageHeader
        title={survey.data?.title ?? 'Tiến độ khảo sát'}
        subtitle="Tiến độ làm khảo sát theo lớp, theo khối và cơ sở, và danh sách học sinh chưa hoàn thành."
      />
      <PublicationBar surveyId={surveyId} />
      <CompletionPanel surveyId={surveyId} />
    </div>
  );
}
