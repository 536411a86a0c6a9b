import { useState } from 'react';
import { ZTutoringGroup, tutoringKindLabel, type TTutoringGroup } from '@app/shared/tutoring';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { RowActions } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { GROUPS_PATH } from '../api/keys';
import { useDeleteGroup, useGroup } from '../api/groups';
import { GroupFormDialog } from './group-form-dialog';

/** The semester's groups: search, open one, create, edit (the dialog needs the group's students), delete. */
export function GroupsPanel({ semesterId, onOpen }: { semesterId: number; onOpen: (id: number) => void }) {
  const list = useListQuery({ path: GROUPS_PATH, schema: ZTutoringGroup, params: { semesterId }, defaults: { sort: 'name' } });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TTutoringGroup | null>(null);
  const detail = useGroup(typeof editing === 'number' ? editing : null);
  const remove = useDeleteGroup();
  const columns: Column<TTutoringGroup>[] = [
    {
      key: 'name',
      header: 'Tên nhóm',
      sortKey: 'name',
      primary: true,
      cell: (g) => (
        <button
          type="button"
          onClick={() => onOpen(g.id)}
          className="text-left font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {g.name}
        </button>
      ),
    },
    { key: 'kind', header: 'Loại', cell: (g) => tutoringKindLabel(g.kind) },
    { key: 'subject', header: 'Môn', cell: (g) => g.subjectName },
    { key: 'teachers', header: 'Giáo viên', cell: (g) => g.teachers.map((t) => t.name).join(', ') },
    { key: 'students', header: 'Học sinh', align: 'right', cell: (g) => g.studentCount },
    { key: 'sessions', header: 'Đã dạy/dự kiến', align: 'right', cell: (g) => `${g.taughtCount}/${g.sessionCount}` },
  ];
  return (
    <div className="space-y-3">
      <ListToolbar actions={<Button onClick={() => setEditing('new')}>Tạo nhóm phụ đạo</Button>}>
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo tên nhóm..." />
      </ListToolbar>
      <DataTable
        label="Danh sách nhóm phụ đạo"
        columns={columns}
        rowKey={(g) => g.id}
        {...list.tableProps}
        emptyTitle="Chưa có nhóm phụ đạo"
        emptyDescription="Tạo nhóm đầu tiên của học kỳ: loại hoạt động, môn, giáo viên và học sinh."
        actions={(g) => <RowActions name={`nhóm ${g.name}`} onEdit={() => setEditing(g.id)} onDelete={() => setDeleting(g)} />}
      />
      <Pagination {...list.paginationProps} />
      {typeof editing === 'number' && detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} fallback="Không thể tải nhóm để sửa." />
      ) : null}
      <GroupFormDialog
        open={editing === 'new' || (typeof editing === 'number' && detail.data?.id === editing)}
        onClose={() => setEditing(null)}
        semesterId={semesterId}
        group={editing === 'new' ? null : (detail.data ?? null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Xóa nhóm ${deleting?.name ?? ''}?`}
        message="Nhóm và các buổi chưa dạy sẽ bị xóa. Nhóm đã có buổi được điểm danh thì không thể xóa."
        onConfirm={() => remove.mutateAsync(deleting?.id ?? 0)}
      />
    </div>
  );
}
