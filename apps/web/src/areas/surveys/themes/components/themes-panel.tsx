import { useState } from 'react';
import { Tags } from 'lucide-react';
import { ZTheme, ZThemeInput, type TTheme } from '@app/shared/theme-codes';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FormDialog } from '@/components/data/form-dialog';
import { TextField } from '@/components/data/form-fields';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { IconAction, RowActions } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { useCrudDialogs } from '@/components/data/use-crud-dialogs';
import { useListQuery } from '@/components/data/use-list-query';
import { formatValue } from '@/lib/format';
import { INVALIDATE, THEMES } from '../api/theme-codes-api';
import { ThemeCodesDialog } from './theme-codes-dialog';

const columns: Column<TTheme>[] = [
  { key: 'name', header: 'Tên chủ đề', cell: (r) => <span className="font-medium">{r.name}</span>, sortKey: 'name', primary: true },
  { key: 'description', header: 'Mô tả', cell: (r) => r.description ?? <span className="text-muted">—</span>, className: 'max-w-md' },
  { key: 'codeCount', header: 'Số mã', cell: (r) => formatValue(r.codeCount), sortKey: 'codeCount', align: 'right' },
];

/** Themes: the groups the codes are counted in ("Phương pháp giảng dạy", …). */
export function ThemesPanel({ canWrite }: { canWrite: boolean }) {
  const list = useListQuery({ path: THEMES, schema: ZTheme, defaults: { sort: 'name' } });
  const dialogs = useCrudDialogs<TTheme>();
  const [codesOf, setCodesOf] = useState<TTheme | null>(null);
  const save = useSaveMutation({ path: THEMES, invalidate: INVALIDATE });
  const remove = useDeleteMutation({ path: THEMES, invalidate: INVALIDATE });
  const row = dialogs.editRow;

  return (
    <section aria-label="Chủ đề">
      <ListToolbar
        actions={
          <ListActions path={THEMES} params={list.exportParams} addLabel="Thêm chủ đề" onAdd={canWrite ? dialogs.openCreate : undefined} />
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo tên, mô tả..." label="Tìm chủ đề" />
      </ListToolbar>
      <DataTable
        label="Danh sách chủ đề"
        columns={columns}
        rowKey={(r) => r.id}
        {...list.tableProps}
        emptyTitle="Chưa có chủ đề nào"
        actions={(r) => (
          <RowActions
            name={`chủ đề ${r.name}`}
            onEdit={canWrite ? () => dialogs.openEdit(r) : undefined}
            onDelete={canWrite ? () => dialogs.openDelete(r) : undefined}
          >
            <IconAction icon={Tags} label={`Mã của chủ đề ${r.name}`} onClick={() => setCodesOf(r)} />
          </RowActions>
        )}
      />
      <Pagination {...list.paginationProps} />

      <FormDialog
        open={dialogs.editing !== null}
        onClose={dialogs.closeEdit}
        title={row ? `Sửa chủ đề ${row.name}` : 'Thêm chủ đề'}
        schema={ZThemeInput}
        initialValues={{ name: row?.name ?? '', description: row?.description ?? '' }}
        onSubmit={(input) => save.mutateAsync({ id: row?.id, input })}
      >
        <TextField name="name" label="Tên chủ đề" required autoFocus />
        <TextField name="description" label="Mô tả" multiline />
      </FormDialog>
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={`Xóa chủ đề ${dialogs.deleting?.name ?? ''}?`}
        message={
          dialogs.deleting
            ? `Chủ đề sẽ bị xóa; ${dialogs.deleting.codeCount} mã của chủ đề vẫn được giữ lại (không thuộc chủ đề này nữa). Thao tác này không thể hoàn tác.`
            : null
        }
        onConfirm={() => remove.mutateAsync(dialogs.deleting!.id)}
      />
      <ThemeCodesDialog theme={codesOf} canWrite={canWrite} onClose={() => setCodesOf(null)} />
    </section>
  );
}
