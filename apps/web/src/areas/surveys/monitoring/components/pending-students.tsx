import { useEffect, useRef } from 'react';
import { ZSurveyStudentStatus, type TSurveyStudentStatus } from '@app/shared/survey-monitoring';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { ExportButton } from '@/components/data/export-button';
import { FilterSelect, type Option } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';
import { formatDateTime } from '@app/shared/format';
import { MONITOR_PATHS } from '../api/monitoring-api';
import { useStudentResponseActions } from './student-response-actions';

/** The list keeps its state in the URL under this prefix (the page may hold other lists). */
const PENDING_PREFIX = 'hs_';
/** URL parameters that show one class's students not yet done (a class bar's "Xem học sinh" button). */
export const pendingOfClass = (classId: number | null) => ({
  [`${PENDING_PREFIX}homeroomClassId`]: classId === null ? '' : String(classId),
  [`${PENDING_PREFIX}done`]: 'false',
  [`${PENDING_PREFIX}page`]: null,
});

const DONE_OPTIONS: Option[] = [
  { value: 'false', label: 'Chưa làm' },
  { value: 'true', label: 'Đã làm' },
];

/**
 * `withTime`: a list of students not done has no submission time to show, and only ADMIN's rows
 * carry one (issue 11: a time beside a name is for ADMIN only).
 */
function columns(subject: boolean, withTime: boolean): Column<TSurveyStudentStatus>[] {
  return [
    {
      key: 'name',
      header: 'Họ và tên',
      sortKey: 'fullName',
      primary: true,
      cell: (r) => <span className="font-medium">{r.fullName}</span>,
    },
    { key: 'code', header: 'Mã học sinh', sortKey: 'studentCode', cell: (r) => r.studentCode },
    { key: 'class', header: 'Lớp chủ nhiệm', sortKey: 'homeroomClassName', cell: (r) => r.homeroomClassName ?? 'Chưa xếp lớp' },
    ...(subject ? [{ key: 'course', header: 'Lớp học phần', cell: (r: TSurveyStudentStatus) => r.courseClassName ?? '—' }] : []),
    { key: 'campus', header: 'Khối · Cơ sở', hideOnMobile: true, cell: (r) => `Khối ${r.grade} · ${r.campusName}` },
    {
      key: 'status',
      header: 'Trạng thái',
      cell: (r) => (r.done ? <Badge tone="primary">Đã làm</Badge> : <Badge tone="danger">Chưa làm</Badge>),
    },
    ...(withTime
      ? [
          {
            key: 'at',
            header: 'Thời điểm gửi',
            sortKey: 'submittedAt',
            cell: (r: TSurveyStudentStatus) => (r.submittedAt ? formatDateTime(r.submittedAt) : '—'),
          },
        ]
      : []),
  ];
}

/**
 * The students of one survey, "Chưa làm" first by default: searchable, paged, filtered by class,
 * exported to Excel with the same filters (GET /surveys/{id}/students/export). Done / not done, and
 * when for ADMIN; only an ADMIN gets row actions to read or delete a done student's response.
 */
export function PendingStudents({ surveyId, subject, classOptions }: { surveyId: number; subject: boolean; classOptions: Option[] }) {
  const list = useListQuery({
    path: MONITOR_PATHS.surveyStudents(surveyId),
    schema: ZSurveyStudentStatus,
    filterKeys: ['done', 'homeroomClassId'] as const,
    defaults: { filters: { done: 'false' } },
    prefix: PENDING_PREFIX,
  });
  // A class bar's "Xem học sinh" sets the filter from outside: bring the list into view.
  const heading = useRef<HTMLHeadingElement>(null);
  const classFilter = list.filters.homeroomClassId;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [classFilter]);

  const responses = useStudentResponseActions(surveyId, subject);
  const title =
    list.filters.done === 'false'
      ? 'Học sinh chưa hoàn thành'
      : list.filters.done === 'true'
        ? 'Học sinh đã hoàn thành'
        : 'Tất cả học sinh phải làm';
  return (
    <section aria-labelledby="pending-students-title" className="rounded-xl border border-border bg-surface p-4 sm:p-5">
      <h3
        id="pending-students-title"
        ref={heading}
        tabIndex={-1}
        className="mb-1 scroll-mt-20 text-base font-semibold text-fg focus:outline-none"
      >
        {title}
        {list.query.data ? <span className="ml-1 text-sm font-normal text-muted"> ({list.total})</span> : null}
      </h3>
      <p className="mb-4 text-xs text-muted">
        {subject ? 'Khảo sát theo môn: mỗi lớp học phần của học sinh là một lượt riêng. ' : ''}
        {responses.actions
          ? 'Quản trị viên có thể xem hoặc xóa câu trả lời của học sinh đã làm (xóa để học sinh làm lại).'
          : 'Chỉ hiển thị đã làm hay chưa, không hiển thị câu trả lời.'}
      </p>
      <ListToolbar
        activeFilters={list.activeFilters}
        filters={
          <>
            <FilterSelect label="Trạng thái" value={list.filters.done} onChange={(v) => list.setFilter('done', v)} options={DONE_OPTIONS} />
            <FilterSelect
              label="Lớp chủ nhiệm"
              value={list.filters.homeroomClassId}
              onChange={(v) => list.setFilter('homeroomClassId', v)}
              options={classOptions}
              allLabel="Tất cả các lớp"
            />
          </>
        }
        actions={<ExportButton path={MONITOR_PATHS.surveyStudents(surveyId)} params={list.exportParams} filename="tien-do-khao-sat.xlsx" />}
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} label="Tìm học sinh" placeholder="Tên hoặc mã học sinh..." />
      </ListToolbar>
      <DataTable
        label={title}
        columns={columns(subject, list.filters.done !== 'false' && list.items.some((r) => r.submittedAt !== null))}
        rowKey={(r) => `${r.studentId}-${r.courseClassId ?? 0}`}
        emptyTitle={list.filters.done === 'false' ? 'Tất cả học sinh đã hoàn thành khảo sát.' : 'Chưa có học sinh nào.'}
        {...list.tableProps}
        // "Chưa làm" is the default view, not a search: an empty answer there means everyone is done.
        searching={Boolean(list.search) || Boolean(list.filters.homeroomClassId)}
        // The "Chưa làm" view has no done row, so no actions column there.
        actions={list.filters.done === 'false' ? undefined : responses.actions}
      />
      <Pagination {...list.paginationProps} />
      {responses.dialogs}
    </section>
  );
}
