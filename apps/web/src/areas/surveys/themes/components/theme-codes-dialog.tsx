import { useState } from 'react';
import { Plus, X } from 'lucide-react';
import type { TCode, TTheme } from '@app/shared/theme-codes';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { FilterSelect } from '@/components/data/filter-select';
import { Modal } from '@/components/data/modal';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { useOptions } from '@/components/data/use-options';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { CODE_SOURCE, INVALIDATE, TC, THEMES, useThemeCodes } from '../api/theme-codes-api';

/**
 * The codes of one theme: assign another code (POST /theme-codes/theme-codes) or take one out
 * (DELETE /theme-codes/themes/{t}/codes/{c}, after a confirmation). Codes stay; only membership changes.
 */
export function ThemeCodesDialog({ theme, canWrite, onClose }: { theme: TTheme | null; canWrite: boolean; onClose: () => void }) {
  if (!theme) return null;
  return <Body theme={theme} canWrite={canWrite} onClose={onClose} />;
}

function Body({ theme, canWrite, onClose }: { theme: TTheme; canWrite: boolean; onClose: () => void }) {
  const codes = useThemeCodes(theme.id);
  const all = useOptions(CODE_SOURCE);
  const [pick, setPick] = useState('');
  const [removing, setRemoving] = useState<TCode | null>(null);
  const assign = useApiMutation<number>({
    method: 'post',
    url: `${TC}/theme-codes`,
    body: (codeId) => ({ themeId: theme.id, codeId }),
    invalidate: INVALIDATE,
    toastError: true,
  });
  const unassign = useApiMutation<number>({
    method: 'delete',
    url: (codeId) => `${THEMES}/${theme.id}/codes/${codeId}`,
    invalidate: INVALIDATE,
  });
  const inTheme = new Set((codes.data ?? []).map((c) => c.id));
  const free = all.options.filter((o) => !inTheme.has(Number(o.value)));

  return (
    <Modal open onClose={onClose} title={`Mã của chủ đề ${theme.name}`} description="Một mã có thể thuộc nhiều chủ đề." size="lg">
      {canWrite ? (
        <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end">
          <FilterSelect
            label="Thêm mã vào chủ đề"
            value={pick}
            onChange={setPick}
            options={free}
            allLabel="— Chọn mã —"
            className="flex-1"
          />
          <Button
            onClick={() =>
              void assign.mutateAsync(Number(pick)).then(
                () => setPick(''),
                () => undefined,
              )
            }
            disabled={!pick || assign.isPending}
          >
            <Plus aria-hidden="true" className="size-4" />
            {assign.isPending ? 'Đang gắn...' : 'Gắn mã'}
          </Button>
        </div>
      ) : null}
      {codes.isPending ? (
        <div aria-busy="true" aria-label="Đang tải mã" className="space-y-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : codes.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(codes.error, 'Không thể tải mã của chủ đề. Vui lòng thử lại sau.')}
        </p>
      ) : codes.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted">Chủ đề chưa có mã nào.</p>
      ) : (
        <ul aria-label={`Các mã của chủ đề ${theme.name}`} className="divide-y divide-border rounded-lg border border-border">
          {codes.data.map((c) => (
            <li key={c.id} className="flex items-start justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-fg">{c.name}</p>
                <p className="truncate text-xs text-muted">{c.keywords.length ? c.keywords.join(', ') : 'Chưa có từ khóa'}</p>
              </div>
              {canWrite ? (
                <button
                  type="button"
                  onClick={() => setRemoving(c)}
                  aria-label={`Gỡ mã ${c.name} khỏi chủ đề`}
                  title="Gỡ khỏi chủ đề"
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-danger focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Gỡ mã ${removing?.name ?? ''}?`}
        message={
          removing ? `Mã ${removing.name} không còn thuộc chủ đề ${theme.name}; mã và các câu trả lời đã gắn mã vẫn được giữ.` : null
        }
        confirmLabel="Gỡ"
        onConfirm={() => unassign.mutateAsync(removing!.id)}
      />
    </Modal>
  );
}
