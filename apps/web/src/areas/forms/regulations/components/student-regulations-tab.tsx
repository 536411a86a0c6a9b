import { useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { ACK_STATEMENT, ZReaderRegulation, isNewRegulation, type TReaderRegulation } from '@app/shared/regulations';
import { formatDate, formatDateTime } from '@app/shared/format';
import { Badge } from '@/components/data/badge';
import { FilterSelect } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Modal } from '@/components/data/modal';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';
import { useListQuery } from '@/components/data/use-list-query';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PUBLISHED_PATH } from '../api/keys';
import { useAcknowledge, useCategories, usePublished } from '../api/reader';
import { RegulationBody } from './regulation-body';

/**
 * The "Quy chế" tab of /student/forms: the published documents, newest first, searched and filtered by
 * category, each marked "Cần xác nhận" until the student confirms it and "Mới" for two weeks; opening
 * one shows it in the page, with "Tôi đã đọc và cam kết thực hiện" when it asks for that.
 */
export function StudentRegulationsTab() {
  const list = useListQuery({
    path: PUBLISHED_PATH,
    schema: ZReaderRegulation,
    filterKeys: ['category', 'pending'] as const,
    prefix: 'qc',
  });
  const categories = useCategories();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-label="Nội quy, quy chế">
      <ListToolbar>
        <SearchInput value={list.searchText} onChange={list.setSearch} label="Tìm văn bản" placeholder="Tìm theo tiêu đề…" />
        <FilterSelect
          label="Danh mục"
          value={list.filters.category}
          onChange={(v) => list.setFilter('category', v)}
          options={(categories.data ?? []).map((c) => ({ value: c, label: c }))}
        />
        <FilterSelect
          label="Xác nhận"
          value={list.filters.pending}
          onChange={(v) => list.setFilter('pending', v)}
          options={[{ value: 'true', label: 'Cần xác nhận' }]}
        />
      </ListToolbar>
      {list.query.isError ? (
        <LoadError
          error={list.query.error}
          onRetry={() => void list.query.refetch()}
          fallback="Không tải được dữ liệu. Vui lòng thử lại."
        />
      ) : list.query.isPending ? (
        <p className="text-sm text-muted">Đang tải…</p>
      ) : list.items.length === 0 ? (
        <EmptyState title={list.search || list.activeFilters ? 'Không có văn bản phù hợp' : 'Chưa có văn bản nào được ban hành'} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Danh sách văn bản">
          {list.items.map((r) => (
            <li key={r.id}>
              <RegulationRow r={r} onOpen={() => setOpen(r.id)} />
            </li>
          ))}
        </ul>
      )}
      <Pagination {...list.paginationProps} />
      {open !== null ? <Reader id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function RegulationRow({ r, onOpen }: { r: TReaderRegulation; onOpen: () => void }) {
  const pending = r.requiresAck && !r.acknowledgedAt;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex w-full flex-col gap-1 rounded-lg border border-border bg-surface px-4 py-3 text-left hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary"
    >
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-fg">{r.title}</span>
        {isNewRegulation(r.publishedAt) ? <Badge tone="primary">Mới</Badge> : null}
        {pending ? <Badge tone="danger">Cần xác nhận</Badge> : null}
        {r.requiresAck && r.acknowledgedAt ? <Badge>Đã xác nhận</Badge> : null}
      </span>
      <span className="text-xs text-muted">
        {r.category} · ban hành {formatDate(r.publishedAt)} · áp dụng từ {formatDate(r.effectiveFrom)}
        {r.contentKind === 'pdf' ? ' · PDF' : ''}
      </span>
    </button>
  );
}

function Reader({ id, onClose }: { id: number; onClose: () => void }) {
  const doc = usePublished(id);
  const ack = useAcknowledge();
  const d = doc.data;
  const footer =
    d?.requiresAck && !d.acknowledgedAt ? (
      <Button onClick={() => ack.mutate(id)} disabled={ack.isPending}>
        {ACK_STATEMENT}
      </Button>
    ) : (
      <Button variant="secondary" onClick={onClose}>
        Đóng
      </Button>
    );
  return (
    <Modal open onClose={onClose} title={d?.title ?? 'Văn bản'} size="xl" footer={footer}>
      {doc.isError ? (
        <LoadError error={doc.error} onRetry={() => void doc.refetch()} fallback="Không tải được dữ liệu. Vui lòng thử lại." />
      ) : null}
      {d ? (
        <div className="flex flex-col gap-3">
          {d.requiresAck && d.acknowledgedAt ? (
            <p className="flex items-center gap-2 text-sm text-fg" role="status">
              <CheckCircle2 aria-hidden="true" className="size-4 text-primary" />
              Bạn đã xác nhận lúc {formatDateTime(d.acknowledgedAt)}.
            </p>
          ) : null}
          {ack.isError ? <p className="text-sm text-danger">Không ghi nhận được xác nhận. Vui lòng thử lại.</p> : null}
          <RegulationBody doc={d} />
        </div>
      ) : null}
    </Modal>
  );
}
