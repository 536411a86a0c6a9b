import { formatDate, formatDateTime } from '@app/shared/format';
import { FORM_STATUS_LABELS, FORM_STATUSES, type TStudentForm } from '@app/shared/forms';
import { ZHomeroomClass } from '@app/shared/school';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ExportButton } from '@/components/data/export-button';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';
import { useOptions } from '@/components/data/use-options';
import { useUrlParams } from '@/components/data/url-params';
import { Button } from '@/components/ui/button';
import { REQUESTS_PATH } from '@/areas/forms/core/api/keys';
import { useFormKinds } from '@/areas/forms/core/api/get-kinds';
import { FormDetailDialog } from '@/areas/forms/core/components/form-detail-dialog';
import { FormStatusBadge } from '@/areas/forms/core/components/status-badge';
import { useFormList } from '../api/list-forms';

const FORM_KEY = 'form';
const STATUS_OPTIONS = FORM_STATUSES.filter((s) => s !== 'draft').map((s) => ({ value: s, label: FORM_STATUS_LABELS[s] }));

const columns: Column<TStudentForm>[] = [
  { key: 'student', header: 'Học sinh', primary: true, sortKey: 'studentName', cell: (f) => `${f.studentName} (${f.studentCode})` },
  { key: 'class', header: 'Lớp', sortKey: 'className', cell: (f) => f.className ?? '' },
  { key: 'kind', header: 'Loại đơn', sortKey: 'kindName', cell: (f) => f.kindName },
  {
    key: 'days',
    header: 'Thời gian',
    hideOnMobile: true,
    cell: (f) => (f.firstDay ? `${formatDate(f.firstDay)} – ${formatDate(f.lastDay)}` : ''),
  },
  { key: 'status', header: 'Trạng thái', sortKey: 'status', cell: (f) => <FormStatusBadge status={f.status} /> },
  { key: 'sent', header: 'Gửi lúc', sortKey: 'submittedAt', hideOnMobile: true, cell: (f) => formatDateTime(f.submittedAt) },
  { key: 'by', header: 'Người quyết định', hideOnMobile: true, cell: (f) => f.decidedByName ?? '' },
];

/** "Đơn của học sinh" of /admin/student-forms: every submitted form, searched, filtered, paged, exported (read-only). */
export function AdminFormsList() {
  const list = useFormList();
  const kinds = useFormKinds();
  const classes = useOptions({
    path: '/v1/homeroom-classes',
    schema: ZHomeroomClass,
    sort: 'name',
    toOption: (c) => ({ value: c.id, label: c.name }),
  });
  const params = useUrlParams();
  const openId = Number(params.get(FORM_KEY)) || null;
  return (
    <div className="space-y-3">
      <ListToolbar
        filters={
          <>
            <FilterSelect
              label="Trạng thái"
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
              options={STATUS_OPTIONS}
            />
            <FilterSelect
              label="Loại đơn"
              value={list.filters.kindId}
              onChange={(v) => list.setFilter('kindId', v)}
              options={(kinds.data ?? []).map((k) => ({ value: k.id, label: k.name }))}
            />
            <FilterSelect
              label="Lớp"
              value={list.filters.classId}
              onChange={(v) => list.setFilter('classId', v)}
              options={classes.options}
            />
          </>
        }
        activeFilters={list.activeFilters}
        actions={<ExportButton path={REQUESTS_PATH} params={list.exportParams} filename="don-cua-hoc-sinh.xlsx" />}
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo học sinh, mã, loại đơn..." />
      </ListToolbar>
      <DataTable
        label="Đơn của học sinh"
        columns={columns}
        {...list.tableProps}
        rowKey={(f) => f.id}
        emptyTitle="Chưa có đơn nào."
        actions={(f) => (
          <Button variant="secondary" onClick={() => params.update({ [FORM_KEY]: String(f.id) })}>
            Xem
          </Button>
        )}
      />
      <Pagination {...list.paginationProps} />
      <FormDetailDialog formId={openId} onClose={() => params.update({ [FORM_KEY]: null })} />
    </div>
  );
}
