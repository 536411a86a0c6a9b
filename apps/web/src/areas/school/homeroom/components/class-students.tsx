import { GENDER_LABELS, STUDENT_STATUS_LABELS, ZStudent, type THomeroomClass, type TStudent } from '@app/shared/school';
import { formatDate } from '@app/shared/format';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { ExportButton } from '@/components/data/export-button';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';

const STATUS_TONE: Record<TStudent['status'], 'primary' | 'neutral' | 'danger'> = {
  active: 'primary',
  graduated: 'neutral',
  transferred: 'neutral',
  dropped: 'danger',
};

const columns: Column<TStudent>[] = [
  { key: 'code', header: 'Mã HS', cell: (s) => <span className="font-mono text-xs">{s.studentCode}</span>, sortKey: 'studentCode' },
  { key: 'name', header: 'Họ và tên', cell: (s) => <span className="font-medium">{s.fullName}</span>, sortKey: 'fullName', primary: true },
  {
    key: 'dob',
    header: 'Ngày sinh',
    cell: (s) => formatDate(s.dateOfBirth) || <span className="text-muted">—</span>,
    sortKey: 'dateOfBirth',
    className: 'tabular-nums whitespace-nowrap',
  },
  { key: 'gender', header: 'Giới tính', cell: (s) => GENDER_LABELS[s.gender], sortKey: 'gender' },
  {
    key: 'status',
    header: 'Trạng thái',
    cell: (s) => <Badge tone={STATUS_TONE[s.status]}>{STUDENT_STATUS_LABELS[s.status]}</Badge>,
    sortKey: 'status',
  },
  {
    key: 'email',
    header: 'E-mail',
    cell: (s) => (s.email ? <span className="break-all">{s.email}</span> : <span className="text-muted">—</span>),
  },
];

/**
 * The students of one homeroom class. Search, sort and page live in the address like every list;
 * the page remounts this per class, so switching class starts the list afresh.
 */
export function ClassStudents({ cls }: { cls: THomeroomClass }) {
  const path = `/v1/homeroom-classes/${cls.id}/students`;
  const list = useListQuery({ path, schema: ZStudent, defaults: { sort: 'fullName' }, rankSearch: true });
  return (
    <section aria-labelledby="homeroom-students-title">
      <h2 id="homeroom-students-title" className="mb-3 text-base font-semibold text-fg">
        Danh sách học sinh
      </h2>
      <ListToolbar actions={<ExportButton path={path} params={list.exportParams} filename={`lop-${cls.name}.xlsx`} />}>
        <SearchInput
          value={list.searchText}
          onChange={list.setSearch}
          placeholder="Tìm theo mã, tên, e-mail..."
          label="Tìm học sinh trong lớp"
        />
      </ListToolbar>
      <DataTable
        label={`Danh sách học sinh lớp ${cls.name}`}
        columns={columns}
        rowKey={(s) => s.id}
        {...list.tableProps}
        emptyTitle="Lớp chưa có học sinh nào"
        emptyDescription="Phòng giáo vụ xếp học sinh vào lớp trong hồ sơ học sinh."
      />
      <Pagination {...list.paginationProps} />
    </section>
  );
}
