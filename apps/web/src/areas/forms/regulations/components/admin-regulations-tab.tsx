import { useState } from 'react';
import { Archive, BarChart3, Send } from 'lucide-react';
import { formatDate } from '@app/shared/format';
import { REGULATION_STATUSES, REGULATION_STATUS_LABELS, ZRegulation, type TRegulation } from '@app/shared/regulations';
import { Badge } from '@/components/data/badge';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { IconAction, RowActions } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';
import { Button } from '@/components/ui/button';
import { REGULATIONS_ROOT } from '../api/keys';
import { useDeleteRegulation, useRegulation, useTransition } from '../api/admin';
import { useCategories } from '../api/reader';
import { AckReport } from './ack-report';
import { RegulationEditor } from './regulation-editor';

type Pending = { kind: 'publish' | 'archive' | 'delete'; row: TRegulation } | null;

const STATUS_TONE = { draft: 'neutral', published: 'primary', archived: 'neutral' } as const;

/**
 * The "Quy chế" tab of /admin/student-forms: every document in every state, the editor, publish and
 * archive (with the version read), delete a draft, and the acknowledgement report per homeroom class.
 */
export function AdminRegulationsTab() {
  const list = useListQuery({ path: REGULATIONS_ROOT, schema: ZRegulation, filterKeys: ['status', 'category'] as const, prefix: 'qc' });
  const categories = useCategories();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [report, setReport] = useState<TRegulation | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const transition = useTransition();
  const remove = useDeleteRegulation();

  const columns: Column<TRegulation>[] = [
    { key: 'title', header: 'Tiêu đề', primary: true, cell: (r) => r.title, className: 'min-w-56' },
    { key: 'category', header: 'Danh mục', cell: (r) => r.category },
    {
      key: 'status',
      header: 'Trạng thái',
      cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{REGULATION_STATUS_LABELS[r.status]}</Badge>,
    },
    { key: 'effective', header: 'Áp dụng từ', cell: (r) => formatDate(r.effectiveFrom), hideOnMobile: true },
    { key: 'kind', header: 'Nội dung', cell: (r) => (r.contentKind === 'pdf' ? 'PDF' : 'Văn bản'), hideOnMobile: true },
    { key: 'ack', header: 'Xác nhận', align: 'right', cell: (r) => (r.requiresAck ? `${r.ackCount} học sinh` : 'Không yêu cầu') },
  ];

  return (
    <section aria-label="Quản lý nội quy, quy chế">
      <ListToolbar actions={<Button onClick={() => setEditing('new')}>Thêm văn bản</Button>}>
        <SearchInput value={list.searchText} onChange={list.setSearch} label="Tìm văn bản" placeholder="Tìm theo tiêu đề…" />
        <FilterSelect
          label="Trạng thái"
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v)}
          options={REGULATION_STATUSES.map((s) => ({ value: s, label: REGULATION_STATUS_LABELS[s] }))}
        />
        <FilterSelect
          label="Danh mục"
          value={list.filters.category}
          onChange={(v) => list.setFilter('category', v)}
          options={(categories.data ?? []).map((c) => ({ value: c, label: c }))}
        />
      </ListToolbar>
      <DataTable
        label="Danh sách văn bản"
        columns={columns}
        rowKey={(r) => r.id}
        {...list.tableProps}
        emptyTitle="Chưa có văn bản nào"
        actions={(r) => (
          <RowActions
            name={`văn bản ${r.title}`}
            onEdit={r.status === 'archived' ? undefined : () => setEditing(r.id)}
            onDelete={r.status === 'draft' ? () => setPending({ kind: 'delete', row: r }) : undefined}
          >
            {r.status !== 'published' ? (
              <IconAction icon={Send} label={`Ban hành văn bản ${r.title}`} onClick={() => setPending({ kind: 'publish', row: r })} />
            ) : (
              <IconAction icon={Archive} label={`Lưu trữ văn bản ${r.title}`} onClick={() => setPending({ kind: 'archive', row: r })} />
            )}
            {r.status !== 'draft' && r.requiresAck ? (
              <IconAction icon={BarChart3} label={`Tình hình xác nhận văn bản ${r.title}`} onClick={() => setReport(r)} />
            ) : null}
          </RowActions>
        )}
      />
      <Pagination {...list.paginationProps} />
      {editing !== null ? <EditorFor id={editing} categories={categories.data ?? []} onClose={() => setEditing(null)} /> : null}
      {report ? <AckReport id={report.id} title={report.title} onClose={() => setReport(null)} /> : null}
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={
          pending?.kind === 'publish'
            ? `Ban hành "${pending.row.title}"?`
            : pending?.kind === 'archive'
              ? `Lưu trữ "${pending.row.title}"?`
              : `Xóa bản nháp "${pending?.row.title ?? ''}"?`
        }
        message={
          pending?.kind === 'publish'
            ? pending.row.requiresAck
              ? 'Học sinh sẽ thấy văn bản và được yêu cầu xác nhận đã đọc.'
              : 'Học sinh sẽ thấy văn bản trong mục Quy chế.'
            : pending?.kind === 'archive'
              ? 'Học sinh sẽ không còn thấy văn bản này; các xác nhận đã có được giữ lại.'
              : 'Bản nháp bị xóa hẳn.'
        }
        confirmLabel={pending?.kind === 'publish' ? 'Ban hành' : pending?.kind === 'archive' ? 'Lưu trữ' : 'Xóa'}
        danger={pending?.kind === 'delete'}
        onConfirm={async () => {
          if (!pending) return;
          if (pending.kind === 'delete') await remove.mutateAsync(pending.row.id);
          else await transition.mutateAsync({ id: pending.row.id, version: pending.row.version, action: pending.kind });
        }}
      />
    </section>
  );
}

/** The editor once the document (with its text) is read; a new one at once. */
function EditorFor({ id, categories, onClose }: { id: number | 'new'; categories: string[]; onClose: () => void }) {
  const doc = useRegulation(id === 'new' ? null : id);
  if (id !== 'new' && !doc.data) return null;
  return <RegulationEditor doc={id === 'new' ? null : doc.data!} categories={categories} onClose={onClose} />;
}
