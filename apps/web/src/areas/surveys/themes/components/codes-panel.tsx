import { ZCode, ZCodeInput, type TCode } from '@app/shared/theme-codes';
import { Badge } from '@/components/data/badge';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { FormDialog } from '@/components/data/form-dialog';
import { TextField } from '@/components/data/form-fields';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { MultiSelectField } from '@/components/data/multi-select';
import { Pagination } from '@/components/data/pagination';
import { RowActions } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { useCrudDialogs } from '@/components/data/use-crud-dialogs';
import { useListQuery } from '@/components/data/use-list-query';
import { useOptions } from '@/components/data/use-options';
import { formatValue } from '@/lib/format';
import { CODES, INVALIDATE, THEME_SOURCE } from '../api/theme-codes-api';
import { KeywordsField } from './keywords-field';

const SHOWN_KEYWORDS = 6;

const columns: Column<TCode>[] = [
  { key: 'name', header: 'Tên mã', cell: (r) => <span className="font-medium">{r.name}</span>, sortKey: 'name', primary: true },
  {
    key: 'themes',
    header: 'Chủ đề',
    cell: (r) =>
      r.themes.length ? (
        <span className="flex flex-wrap gap-1">
          {r.themes.map((t) => (
            <Badge key={t.id} tone="primary">
              {t.name}
            </Badge>
          ))}
        </span>
      ) : (
        <span className="text-muted">Chưa thuộc chủ đề</span>
      ),
  },
  {
    key: 'keywords',
    header: 'Từ khóa',
    className: 'max-w-md',
    cell: (r) =>
      r.keywords.length ? (
        <span className="text-sm">
          {r.keywords.slice(0, SHOWN_KEYWORDS).join(', ')}
          {r.keywords.length > SHOWN_KEYWORDS ? <span className="text-muted"> và {r.keywords.length - SHOWN_KEYWORDS} từ khác</span> : null}
        </span>
      ) : (
        <span className="text-muted">Chỉ gắn thủ công</span>
      ),
  },
  { key: 'tagCount', header: 'Câu trả lời đã gắn', cell: (r) => formatValue(r.tagCount), sortKey: 'tagCount', align: 'right' },
];

/** Codes with their keywords (what analyze-survey looks for) and the themes they belong to. */
export function CodesPanel({ canWrite }: { canWrite: boolean }) {
  const list = useListQuery({ path: CODES, schema: ZCode, filterKeys: ['themeId'] as const, defaults: { sort: 'name' } });
  const themes = useOptions(THEME_SOURCE);
  const dialogs = useCrudDialogs<TCode>();
  const save = useSaveMutation({ path: CODES, invalidate: INVALIDATE });
  const remove = useDeleteMutation({ path: CODES, invalidate: INVALIDATE });
  const row = dialogs.editRow;
  // A new code starts in the theme the list is filtered to.
  const themeDefault = row ? row.themes.map((t) => t.id) : list.filters.themeId ? [Number(list.filters.themeId)] : [];

  return (
    <section aria-label="Mã">
      <ListToolbar
        actions={
          <ListActions path={CODES} params={list.exportParams} addLabel="Thêm mã" onAdd={canWrite ? dialogs.openCreate : undefined} />
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo tên mã, từ khóa..." label="Tìm mã" />
        <FilterSelect
          label="Chủ đề"
          value={list.filters.themeId}
          onChange={(v) => list.setFilter('themeId', v)}
          options={themes.options}
          allLabel="Tất cả chủ đề"
        />
      </ListToolbar>
      <DataTable
        label="Danh sách mã"
        columns={columns}
        rowKey={(r) => r.id}
        {...list.tableProps}
        emptyTitle="Chưa có mã nào"
        actions={(r) => (
          <RowActions
            name={`mã ${r.name}`}
            onEdit={canWrite ? () => dialogs.openEdit(r) : undefined}
            onDelete={canWrite ? () => dialogs.openDelete(r) : undefined}
          />
        )}
      />
      <Pagination {...list.paginationProps} />

      <FormDialog
        open={dialogs.editing !== null}
        onClose={dialogs.closeEdit}
        title={row ? `Sửa mã ${row.name}` : 'Thêm mã'}
        description="Từ khóa được so khớp theo cả từ, không phân biệt dấu và chữ hoa: “noi nhanh” khớp “Nói nhanh”."
        size="lg"
        schema={ZCodeInput}
        initialValues={{
          name: row?.name ?? '',
          description: row?.description ?? '',
          keywords: row?.keywords ?? [],
          themeIds: themeDefault,
        }}
        onSubmit={(input) => save.mutateAsync({ id: row?.id, input })}
      >
        <TextField name="name" label="Tên mã" required autoFocus />
        <MultiSelectField
          name="themeIds"
          label="Thuộc chủ đề"
          options={themes.options}
          knownOptions={row?.themes.map((t) => ({ value: t.id, label: t.name }))}
        />
        <KeywordsField name="keywords" label="Từ khóa" hint="Nhấn Enter để thêm; có thể dán nhiều từ khóa cách nhau bằng dấu phẩy." />
        <TextField name="description" label="Mô tả" multiline />
      </FormDialog>
      <ConfirmDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={`Xóa mã ${dialogs.deleting?.name ?? ''}?`}
        message={
          dialogs.deleting
            ? `Mã sẽ bị gỡ khỏi mọi chủ đề và khỏi ${formatValue(dialogs.deleting.tagCount)} câu trả lời đã gắn mã này. Thao tác này không thể hoàn tác.`
            : null
        }
        onConfirm={() => remove.mutateAsync(dialogs.deleting!.id)}
      />
    </section>
  );
}
