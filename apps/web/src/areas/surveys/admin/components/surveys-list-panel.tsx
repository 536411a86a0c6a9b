import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Copy, FilePlus2, Plus } from 'lucide-react';
import { formatDate, formatDateTime } from '@app/shared/format';
import {
  SURVEY_STATUSES,
  SURVEY_STATUS_LABELS,
  SURVEY_TYPES,
  SURVEY_TYPE_LABELS,
  ZSurveyListItem,
  type TSurveyListItem,
  type TSurveyStatus,
} from '@app/shared/surveys';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { IconAction, RowActions } from '@/components/data/row-actions';
import { SOURCES } from '@/components/data/school-sources';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';
import { useOptions } from '@/components/data/use-options';
import { Button } from '@/components/ui/button';
import { formatValue } from '@/lib/format';
import { SURVEYS_PATH } from '../api/admin-surveys-api';
import { ApplyTemplateDialog } from './apply-template-dialog';
import { CloneDialog } from './clone-dialog';
import { DeleteSurveyDialog } from './delete-survey-dialog';
import { STATUS_ACTIONS, StatusDialog } from './status-dialog';

const STATUS_TONE: Record<TSurveyStatus, 'primary' | 'neutral' | 'danger'> = { active: 'primary', draft: 'neutral', closed: 'neutral' };
const STATUS_OPTIONS = SURVEY_STATUSES.map((s) => ({ value: s, label: SURVEY_STATUS_LABELS[s] }));
const TYPE_OPTIONS = SURVEY_TYPES.map((t) => ({ value: t, label: SURVEY_TYPE_LABELS[t] }));
const builderPath = (id: number) => `/admin/surveys/${id}`;

const titleCell = (r: TSurveyListItem) => (
  <div className="min-w-0">
    <Link to={builderPath(r.id)} className="font-medium text-primary hover:underline">
      {r.title}
    </Link>
    <p className="mt-0.5 text-xs text-muted">
      {formatValue(r.questionCount)} câu hỏi{r.isTemplate ? '' : ` · ${formatValue(r.responseCount)} phản hồi`}
    </p>
  </div>
);
const gradesText = (grades: number[]) => (grades.length ? `Khối ${grades.join(', ')}` : 'Chưa chọn khối');
const surveyColumns: Column<TSurveyListItem>[] = [
  { key: 'title', header: 'Tiêu đề', cell: titleCell, sortKey: 'title', primary: true, className: 'min-w-56' },
  {
    key: 'type',
    header: 'Loại',
    cell: (r) => (r.surveyType === 'SUBJECT_SPECIFIC' ? `Môn ${r.subjectName ?? '—'}` : 'Chung'),
    sortKey: 'surveyType',
  },
  {
    key: 'module',
    header: 'Học phần',
    sortKey: 'moduleCode',
    cell: (r) => (
      <div className="whitespace-nowrap">
        {r.moduleCode ?? '—'}
        <p className="text-xs text-muted">{gradesText(r.allowedGrades)}</p>
      </div>
    ),
  },
  {
    key: 'dates',
    header: 'Thời gian',
    sortKey: 'startDate',
    cell: (r) =>
      r.startDate || r.endDate ? (
        <span className="whitespace-nowrap">
          {formatDate(r.startDate) || '…'} – {formatDate(r.endDate) || '…'}
        </span>
      ) : (
        '—'
      ),
  },
  {
    key: 'status',
    header: 'Trạng thái',
    cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{SURVEY_STATUS_LABELS[r.status]}</Badge>,
    sortKey: 'status',
  },
];
const templateColumns: Column<TSurveyListItem>[] = [
  { key: 'title', header: 'Tên mẫu', cell: titleCell, sortKey: 'title', primary: true, className: 'min-w-56' },
  { key: 'type', header: 'Loại', cell: (r) => SURVEY_TYPE_LABELS[r.surveyType], sortKey: 'surveyType' },
  { key: 'updated', header: 'Cập nhật', cell: (r) => formatDateTime(r.updatedAt), sortKey: 'updatedAt', hideOnMobile: true },
];

/**
 * The surveys of every module (filters: year → semester → module, status, type, search), or the
 * templates (`templates`). Rows open the builder; actions clone, change status, delete.
 */
export function SurveysListPanel({ templates = false }: { templates?: boolean }) {
  const navigate = useNavigate();
  const list = useListQuery({
    path: SURVEYS_PATH,
    schema: ZSurveyListItem,
    filterKeys: ['academicYearId', 'semesterId', 'moduleId', 'status', 'surveyType'] as const,
    params: { isTemplate: templates ? 'true' : 'false' },
  });
  const years = useOptions(SOURCES.years, { enabled: !templates });
  const semesters = useOptions({ ...SOURCES.semesters, params: { academicYearId: list.filters.academicYearId } }, { enabled: !templates });
  const modules = useOptions(
    { ...SOURCES.modules, params: { academicYearId: list.filters.academicYearId, semesterId: list.filters.semesterId } },
    { enabled: !templates },
  );
  const [deleting, setDeleting] = useState<TSurveyListItem | null>(null);
  const [cloning, setCloning] = useState<TSurveyListItem | null>(null);
  const [statusOf, setStatusOf] = useState<TSurveyListItem | null>(null);
  const [applying, setApplying] = useState<{ templateId?: number } | null>(null);
  const kind = templates ? 'mẫu' : 'khảo sát';

  const filters = templates ? (
    <FilterSelect
      label="Loại"
      value={list.filters.surveyType}
      onChange={(v) => list.setFilter('surveyType', v)}
      options={TYPE_OPTIONS}
      allLabel="Tất cả loại"
    />
  ) : (
    <>
      <FilterSelect
        label="Năm học"
        value={list.filters.academicYearId}
        options={years.options}
        allLabel="Tất cả năm học"
        onChange={(v) => list.setFilters({ academicYearId: v, semesterId: null, moduleId: null })}
      />
      <FilterSelect
        label="Học kỳ"
        value={list.filters.semesterId}
        options={semesters.options}
        allLabel="Tất cả học kỳ"
        onChange={(v) => list.setFilters({ semesterId: v, moduleId: null })}
      />
      <FilterSelect
        label="Học phần"
        value={list.filters.moduleId}
        onChange={(v) => list.setFilter('moduleId', v)}
        options={modules.options}
        allLabel="Tất cả học phần"
      />
      <FilterSelect
        label="Trạng thái"
        value={list.filters.status}
        onChange={(v) => list.setFilter('status', v)}
        options={STATUS_OPTIONS}
        allLabel="Tất cả trạng thái"
      />
      <FilterSelect
        label="Loại"
        value={list.filters.surveyType}
        onChange={(v) => list.setFilter('surveyType', v)}
        options={TYPE_OPTIONS}
        allLabel="Tất cả loại"
      />
    </>
  );

  return (
    <section aria-label={templates ? 'Mẫu khảo sát' : 'Khảo sát'}>
      <ListToolbar
        filters={filters}
        activeFilters={list.activeFilters}
        actions={
          <>
            <Button variant="secondary" onClick={() => setApplying({})}>
              <FilePlus2 aria-hidden="true" className="size-4" />
              Tạo từ mẫu
            </Button>
            <Button onClick={() => navigate(templates ? '/admin/surveys/new?template=1' : '/admin/surveys/new')}>
              <Plus aria-hidden="true" className="size-4" />
              {templates ? 'Thêm mẫu khảo sát' : 'Thêm khảo sát'}
            </Button>
          </>
        }
      >
        <SearchInput
          value={list.searchText}
          onChange={list.setSearch}
          placeholder={templates ? 'Tìm theo tên mẫu...' : 'Tìm theo tiêu đề khảo sát...'}
          label={`Tìm ${kind}`}
        />
      </ListToolbar>
      <DataTable
        label={templates ? 'Danh sách mẫu khảo sát' : 'Danh sách khảo sát'}
        columns={templates ? templateColumns : surveyColumns}
        rowKey={(r) => r.id}
        {...list.tableProps}
        emptyTitle={templates ? 'Chưa có mẫu khảo sát nào' : 'Chưa có khảo sát nào'}
        emptyDescription={templates ? undefined : 'Tạo khảo sát mới hoặc tạo từ một mẫu có sẵn.'}
        actions={(r) => {
          const name = `${kind} “${r.title}”`;
          const step = r.isTemplate ? null : STATUS_ACTIONS[r.status];
          return (
            <RowActions name={name} onEdit={() => navigate(builderPath(r.id))} onDelete={() => setDeleting(r)}>
              {r.isTemplate ? (
                <IconAction icon={FilePlus2} label={`Tạo khảo sát từ ${name}`} onClick={() => setApplying({ templateId: r.id })} />
              ) : null}
              {step ? <IconAction icon={step.icon} label={`${step.label} “${r.title}”`} onClick={() => setStatusOf(r)} /> : null}
              <IconAction icon={Copy} label={`Nhân bản ${name}`} onClick={() => setCloning(r)} />
            </RowActions>
          );
        }}
      />
      <Pagination {...list.paginationProps} />

      <DeleteSurveyDialog target={deleting} onClose={() => setDeleting(null)} />
      <StatusDialog target={statusOf} onClose={() => setStatusOf(null)} />
      <CloneDialog source={cloning} onClose={() => setCloning(null)} />
      <ApplyTemplateDialog open={applying !== null} templateId={applying?.templateId} onClose={() => setApplying(null)} />
    </section>
  );
}
