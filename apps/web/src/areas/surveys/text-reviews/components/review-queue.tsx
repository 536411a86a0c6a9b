import { useMemo, useState } from 'react';
import { Check, History, X } from 'lucide-react';
import { REVIEW_STATUS_LABELS, ZSurveyListItem, type TReviewStatus } from '@app/shared/surveys';
import { REVIEW_REASON_CODES, REVIEW_REASON_LABELS, reasonLabel, ZTextReview, type TTextReview } from '@app/shared/text-reviews';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { IconAction } from '@/components/data/row-actions';
import { SOURCES } from '@/components/data/school-sources';
import { SearchInput } from '@/components/data/search-input';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { useListQuery } from '@/components/data/use-list-query';
import { useOptions } from '@/components/data/use-options';
import { cleanParams } from '@/components/data/list-state';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { REVIEWS_PATH, useReviewCounts } from '../api/text-reviews-api';
import { AutoReviewButton } from './auto-review-button';
import { HistoryDialog } from './history-dialog';
import { RejectDialog } from './reject-dialog';
import { reviewColumns } from './review-columns';

const FILTERS = ['status', 'surveyId', 'moduleId', 'reason'] as const;
const STATUS_TABS: Array<{ value: TReviewStatus | ''; label: string }> = [
  { value: 'pending', label: REVIEW_STATUS_LABELS.pending },
  { value: 'approved', label: REVIEW_STATUS_LABELS.approved },
  { value: 'rejected', label: REVIEW_STATUS_LABELS.rejected },
  { value: '', label: 'Tất cả' },
];

/** The reasons of the flagged texts, as the reject form's starting text. */
const reasonsOf = (rows: TTextReview[]) => [...new Set(rows.flatMap((r) => r.reasonCodes.map((c) => reasonLabel(c.code))))].join(', ');

/**
 * The review queue (issue 6): pending texts first, flagged parts marked, approve or reject one or
 * many, filter by survey, module, reason and status. With `surveyId` it shows one survey only (the
 * "Duyệt ý kiến" tab of /admin/surveys/{id}); `prefix` keeps its URL keys apart from the host page's.
 */
export function ReviewQueue({ surveyId, surveyTitle, prefix = '' }: { surveyId?: number; surveyTitle?: string; prefix?: string }) {
  const list = useListQuery({
    path: REVIEWS_PATH,
    schema: ZTextReview,
    filterKeys: FILTERS,
    defaults: { filters: { status: 'pending' }, sort: 'submittedAt', order: 'asc' },
    params: surveyId ? { surveyId } : undefined,
    prefix,
  });
  const { filters } = list;
  const moduleId = filters.moduleId ? Number(filters.moduleId) : undefined;
  const pickedSurvey = surveyId ?? (filters.surveyId ? Number(filters.surveyId) : undefined);
  const counts = useReviewCounts(cleanParams({ surveyId: pickedSurvey, moduleId, search: list.search }));
  const modules = useOptions(SOURCES.modules, { enabled: !surveyId });
  const surveys = useOptions(
    {
      path: '/v1/surveys',
      schema: ZSurveyListItem,
      params: { isTemplate: 'false', moduleId },
      sort: 'title',
      toOption: (s) => ({ value: s.id, label: s.title, hint: s.moduleCode ?? undefined }),
    },
    { enabled: !surveyId },
  );

  // Selection lives only on the rows on screen: a new page or filter starts afresh.
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const rows = list.items;
  const selected = useMemo(() => new Set(rows.filter((r) => picked.has(r.id)).map((r) => r.id)), [rows, picked]);
  const toggle = (id: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allOnPage = rows.length > 0 && selected.size === rows.length;
  const toggleAll = () => setPicked(allOnPage ? new Set() : new Set(rows.map((r) => r.id)));

  const decide = useApiMutation<{ ids: number[]; status: TReviewStatus; reason?: string }>({
    method: 'post',
    url: `${REVIEWS_PATH}/bulk`,
    invalidate: [REVIEWS_PATH],
    onSuccess: () => setPicked(new Set()),
  });
  const [rejecting, setRejecting] = useState<{ ids: number[]; reason: string } | null>(null);
  const [approvingMany, setApprovingMany] = useState(false);
  const [historyId, setHistoryId] = useState<number | null>(null);
  const selectedRows = rows.filter((r) => selected.has(r.id));

  const columns = reviewColumns({
    selected,
    toggle,
    showSurvey: !surveyId,
    showClass: rows.some((r) => r.courseClass !== null),
    showSubmitted: rows.some((r) => r.submittedAt !== null),
  });
  const reasonOptions = REVIEW_REASON_CODES.map((c) => ({
    value: c,
    label: `${REVIEW_REASON_LABELS[c]}${counts.data?.byReason[c] ? ` (${counts.data.byReason[c]})` : ''}`,
  }));
  const countOf = (s: TReviewStatus | '') =>
    counts.data ? (s ? counts.data[s] : counts.data.pending + counts.data.approved + counts.data.rejected) : null;

  return (
    <div>
      <div role="group" aria-label="Trạng thái duyệt" className="mb-4 flex flex-wrap gap-2">
        {STATUS_TABS.map((tab) => {
          const active = filters.status === tab.value;
          const n = countOf(tab.value);
          return (
            <button
              key={tab.label}
              type="button"
              aria-pressed={active}
              onClick={() => list.setFilter('status', tab.value)}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary ${
                active ? 'border-primary bg-primary text-primary-fg' : 'border-border bg-surface text-fg hover:bg-surface-2'
              }`}
            >
              {tab.label}
              {n !== null ? (
                <>
                  {' '}
                  <span className="tabular-nums opacity-80">({n})</span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>

      <ListToolbar
        activeFilters={[filters.surveyId, filters.moduleId, filters.reason].filter(Boolean).length}
        filters={
          <>
            {!surveyId ? (
              <>
                <FilterSelect
                  label="Học phần"
                  value={filters.moduleId}
                  onChange={(v) => list.setFilters({ moduleId: v, surveyId: null })}
                  options={modules.options}
                />
                <FilterSelect
                  label="Khảo sát"
                  value={filters.surveyId}
                  onChange={(v) => list.setFilter('surveyId', v)}
                  options={surveys.options}
                />
              </>
            ) : null}
            <FilterSelect label="Lý do" value={filters.reason} onChange={(v) => list.setFilter('reason', v)} options={reasonOptions} />
          </>
        }
        actions={
          <AutoReviewButton
            surveyId={pickedSurvey}
            surveyTitle={surveyTitle ?? surveys.options.find((o) => o.value === pickedSurvey)?.label}
            moduleId={moduleId}
          />
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm trong ý kiến, câu hỏi..." label="Tìm ý kiến" />
      </ListToolbar>

      <div className="mb-3 flex flex-wrap items-center gap-3 rounded-xl border border-border bg-surface px-4 py-2 text-sm">
        <label className="inline-flex cursor-pointer items-center gap-2">
          <input type="checkbox" checked={allOnPage} onChange={toggleAll} disabled={!rows.length} className="size-4 accent-primary" />
          Chọn tất cả trên trang
        </label>
        <span className="text-muted" aria-live="polite">
          Đã chọn {selected.size}
        </span>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button variant="secondary" disabled={!selected.size || decide.isPending} onClick={() => setApprovingMany(true)}>
            <Check aria-hidden="true" className="size-4" />
            Duyệt đã chọn
          </Button>
          <Button
            variant="secondary"
            disabled={!selected.size || decide.isPending}
            onClick={() => setRejecting({ ids: [...selected], reason: reasonsOf(selectedRows) })}
          >
            <X aria-hidden="true" className="size-4" />
            Từ chối đã chọn
          </Button>
        </div>
      </div>

      <DataTable
        label="Danh sách ý kiến cần duyệt"
        columns={columns}
        rowKey={(r) => r.id}
        {...list.tableProps}
        emptyTitle={filters.status === 'pending' ? 'Không còn ý kiến nào chờ duyệt' : 'Chưa có ý kiến nào'}
        emptyDescription="Ý kiến tự do của học sinh (trả lời ngắn, đoạn văn, lựa chọn “Khác”) xuất hiện ở đây sau khi được gửi."
        actions={(r) => (
          <div className="inline-flex items-center gap-0.5">
            {r.status !== 'approved' ? (
              <IconAction
                icon={Check}
                label={`Duyệt ý kiến #${r.id}`}
                onClick={() =>
                  decide
                    .mutateAsync({ ids: [r.id], status: 'approved' })
                    .catch((err) => toast.error(errorMessage(err, 'Không thể duyệt ý kiến. Vui lòng thử lại sau.')))
                }
                disabled={decide.isPending}
              />
            ) : null}
            {r.status !== 'rejected' ? (
              <IconAction
                icon={X}
                label={`Từ chối ý kiến #${r.id}`}
                danger
                onClick={() => setRejecting({ ids: [r.id], reason: reasonsOf([r]) })}
              />
            ) : null}
            <IconAction icon={History} label={`Xem lịch sử duyệt ý kiến #${r.id}`} onClick={() => setHistoryId(r.id)} />
          </div>
        )}
      />
      <Pagination {...list.paginationProps} />

      <RejectDialog
        target={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(ids, reason) => decide.mutateAsync({ ids, status: 'rejected', reason })}
      />
      <ConfirmDialog
        open={approvingMany}
        onClose={() => setApprovingMany(false)}
        danger={false}
        title={`Duyệt ${selected.size} ý kiến đã chọn?`}
        message="Ý kiến được duyệt sẽ hiển thị cho giáo viên của lớp (không kèm tên học sinh)."
        confirmLabel="Duyệt"
        onConfirm={() => decide.mutateAsync({ ids: [...selected], status: 'approved' })}
      />
      <HistoryDialog id={historyId} onClose={() => setHistoryId(null)} />
    </div>
  );
}
