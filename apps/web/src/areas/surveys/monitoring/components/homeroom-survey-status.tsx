import { useContext } from 'react';
import { ZStudentSurveyStatus, STUDENT_DONE_LABELS, STUDENT_DONE_STATUSES, type TStudentSurveyStatus } from '@app/shared/survey-monitoring';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';
import { formatDate } from '@app/shared/format';
import { CurrentModuleContext } from '@/areas/school/current-module/public';
import { MONITOR_PATHS, useHomeroomSurveyStatus } from '../api/monitoring-api';
import { closesSoon, daysLeftText, studentsText } from '../lib/completion';
import { CompletionBars } from './completion-bars';

const STATUS_OPTIONS = STUDENT_DONE_STATUSES.map((s) => ({ value: s, label: STUDENT_DONE_LABELS[s] }));

const COLUMNS: Column<TStudentSurveyStatus>[] = [
  { key: 'name', header: 'Họ và tên', primary: true, cell: (r) => <span className="font-medium">{r.fullName}</span> },
  { key: 'code', header: 'Mã học sinh', cell: (r) => r.studentCode },
  {
    key: 'done',
    header: 'Đã làm',
    align: 'right',
    cell: (r) => (
      <span className="tabular-nums">
        {r.done}/{r.expected}
      </span>
    ),
  },
  {
    key: 'pending',
    header: 'Còn thiếu',
    className: 'min-w-56',
    cell: (r) =>
      r.pending.length ? (
        <ul className="space-y-0.5">
          {r.pending.map((p) => (
            <li key={`${p.surveyId}-${p.courseClassId ?? 0}`} className="break-words">
              {p.title}
              {p.courseClassName ? <span className="text-muted"> ({p.courseClassName})</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        '—'
      ),
  },
  {
    key: 'status',
    header: 'Trạng thái',
    cell: (r) => <Badge tone={r.status === 'done' ? 'primary' : 'danger'}>{STUDENT_DONE_LABELS[r.status]}</Badge>,
  },
];

/**
 * "Tiến độ khảo sát" on /teacher/homeroom-class: the class's completion per open survey of the
 * module and who has not answered yet, with what is missing — done / not done only, never answers.
 * Reminding students is what gets response rates up.
 */
export function HomeroomSurveyStatus({ classId, className }: { classId: number; className: string }) {
  // The header's module pick when there is one; otherwise the server's current module.
  const module = useContext(CurrentModuleContext)?.module ?? null;
  const status = useHomeroomSurveyStatus(classId, module?.id);
  const list = useListQuery({
    path: MONITOR_PATHS.allStudents,
    schema: ZStudentSurveyStatus,
    filterKeys: ['status'] as const,
    defaults: { filters: { status: 'not_done' } },
    params: { homeroomClassId: classId, moduleId: module?.id },
    prefix: 'ks_',
  });
  const surveys = status.data?.surveys;
  return (
    <section aria-labelledby="homeroom-survey-title" className="mb-6 space-y-4">
      <div>
        <h2 id="homeroom-survey-title" className="text-lg font-semibold text-fg">
          Tiến độ khảo sát
        </h2>
        <p className="text-sm text-muted">
          Các khảo sát đang mở{status.data?.moduleCode ? ` của học phần ${status.data.moduleCode}` : ''} mà học sinh lớp {className} phải
          làm. Chỉ hiển thị đã làm hay chưa, không hiển thị câu trả lời.
        </p>
      </div>
      <CompletionBars
        title={`Lớp ${className}`}
        rows={surveys}
        loading={status.isPending}
        error={status.error}
        onRetry={() => void status.refetch()}
        rowKey={(s) => s.surveyId}
        label={(s) => s.title}
        hint={(s) => (
          <span className="inline-flex flex-wrap items-center gap-2">
            <span>{studentsText(s)}</span>
            <span>· Kết thúc {formatDate(s.endDate) || '—'}</span>
            {closesSoon(s.daysLeft) ? <Badge tone="danger">{daysLeftText(s.daysLeft)}</Badge> : null}
          </span>
        )}
        emptyText="Chưa có khảo sát nào đang mở cho lớp trong học phần này."
      />
      {surveys?.length ? (
        <div className="rounded-xl border border-border bg-surface p-4 sm:p-5">
          <h3 className="mb-3 text-base font-semibold text-fg">
            {list.filters.status === 'not_done'
              ? 'Học sinh chưa hoàn thành'
              : list.filters.status === 'done'
                ? 'Học sinh đã hoàn thành'
                : 'Tất cả học sinh'}
            {list.query.data ? <span className="ml-1 text-sm font-normal text-muted"> ({list.total})</span> : null}
          </h3>
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
            <SearchInput
              value={list.searchText}
              onChange={list.setSearch}
              label="Tìm học sinh chưa làm khảo sát"
              placeholder="Tên hoặc mã học sinh..."
            />
          </ListToolbar>
          <DataTable
            label={`Tiến độ khảo sát của học sinh lớp ${className}`}
            columns={COLUMNS}
            rowKey={(r) => r.studentId}
            emptyTitle={list.filters.status === 'not_done' ? 'Cả lớp đã hoàn thành các khảo sát đang mở.' : 'Chưa có học sinh nào.'}
            {...list.tableProps}
            searching={Boolean(list.search)}
          />
          <Pagination {...list.paginationProps} />
        </div>
      ) : null}
    </section>
  );
}
