import { ZTeacher } from '@app/shared/school';
import { DataTable } from '@/components/data/data-table';
import { ExportButton } from '@/components/data/export-button';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';
import { PageHeader } from '@/components/ui/page-header';
import { teacherColumns } from '../components/teacher-columns';

/**
 * A head of department's teachers, read-only. The server answers a head with the teachers of the
 * departments they head only, so the page asks for the plain list.
 */
export default function DepartmentTeachersPage() {
  const list = useListQuery({ path: '/v1/teachers', schema: ZTeacher, defaults: { sort: 'fullName' }, rankSearch: true });
  const departments = [...new Set(list.items.map((t) => t.departmentName).filter(Boolean))];
  return (
    <div>
      <PageHeader
        title="Quản lý giáo viên"
        subtitle={departments.length ? `Giáo viên của ${departments.join(', ')}` : 'Giáo viên của tổ chuyên môn bạn phụ trách'}
      />
      <ListToolbar actions={<ExportButton path="/v1/teachers" params={list.exportParams} filename="giao-vien-cua-to.xlsx" />}>
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo mã, tên, e-mail..." label="Tìm giáo viên" />
      </ListToolbar>
      <DataTable
        label="Danh sách giáo viên của tổ"
        columns={teacherColumns}
        rowKey={(t) => t.id}
        {...list.tableProps}
        emptyTitle="Tổ chưa có giáo viên nào"
        emptyDescription="Danh sách do quản trị viên cập nhật."
      />
      <Pagination {...list.paginationProps} />
    </div>
  );
}
