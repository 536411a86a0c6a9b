import { useEffect, useState } from 'react';
import { FilePlus2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate, formatDateTime } from '@app/shared/format';
import { EDITABLE_STATUSES, WAITING_STATUSES, type TFormKind, type TStudentForm, type TStudentFormDetail } from '@app/shared/forms';
import { useAuth } from '@/areas/auth/public';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { useUrlParams } from '@/components/data/url-params';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SectionSpinner } from '@/components/ui/spinner';
import { useFormKinds } from '@/areas/forms/core/api/get-kinds';
import { FormDetailDialog } from '@/areas/forms/core/components/form-detail-dialog';
import { FormStatusBadge } from '@/areas/forms/core/components/status-badge';
import { useFormWrite } from '@/areas/forms/core/components/use-form-write';
import { deleteDraft } from '../api/delete-draft';
import { useMyForms } from '../api/list-mine';
import { withdrawForm } from '../api/withdraw-form';
import { clearLocalDraft, loadLocalDraft, newClientKey } from '../lib/draft';
import { FormFiller, type FillerStart } from './form-filler';

const FORM_KEY = 'form';

/**
 * "Đơn từ" of /student/forms: the student's forms with their state, a new form of an active kind, the
 * draft kept in the browser restored on return, a returned form edited and sent again, withdrawal
 * before a decision, printing a decided one. `?form=ID` opens a form (links from notifications).
 */
export function MyForms() {
  const { user } = useAuth();
  const kinds = useFormKinds();
  const mine = useMyForms();
  const params = useUrlParams();
  const openId = Number(params.get(FORM_KEY)) || null;
  const [filling, setFilling] = useState<FillerStart | null>(null);
  const [withdrawing, setWithdrawing] = useState<TStudentFormDetail | null>(null);
  const { run } = useFormWrite();

  // A draft left in the browser comes back (unless that form has been sent since).
  useEffect(() => {
    if (filling || !kinds.data || !mine.data) return;
    const local = loadLocalDraft(user?.id);
    if (!local) return;
    const kind = kinds.data.find((k) => k.id === local.kindId);
    const sent = mine.data.find((f) => f.clientKey === local.clientKey && !EDITABLE_STATUSES.includes(f.status));
    if (!kind || sent) {
      clearLocalDraft(user?.id);
      return;
    }
    setFilling({ kind, clientKey: local.clientKey, values: local.values, restoredAt: local.savedAt });
    // Only once the lists are read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kinds.data, mine.data]);

  const open = (id: number | null) => params.update({ [FORM_KEY]: id ? String(id) : null });
  const startNew = (kind: TFormKind) => setFilling({ kind, clientKey: newClientKey(), values: {} });
  const edit = (f: TStudentFormDetail) => {
    open(null);
    setFilling({
      kind: f.kind,
      clientKey: f.clientKey ?? newClientKey(),
      values: f.values,
      comment: f.status === 'returned' ? f.decisionComment : null,
    });
  };

  const columns: Column<TStudentForm>[] = [
    { key: 'kind', header: 'Loại đơn', primary: true, cell: (f) => f.kindName },
    {
      key: 'days',
      header: 'Thời gian',
      cell: (f) => (f.firstDay ? `${formatDate(f.firstDay)} – ${formatDate(f.lastDay)}` : '—'),
    },
    { key: 'status', header: 'Trạng thái', cell: (f) => <FormStatusBadge status={f.status} /> },
    { key: 'sent', header: 'Gửi lúc', cell: (f) => formatDateTime(f.submittedAt), hideOnMobile: true },
  ];

  return (
    <div className="space-y-6">
      {filling ? (
        <FormFiller
          key={filling.clientKey}
          start={filling}
          userId={user?.id}
          onCancel={() => setFilling(null)}
          onDone={(f) => {
            setFilling(null);
            open(f.id);
          }}
        />
      ) : (
        <section aria-labelledby="new-form" className="space-y-3">
          <h2 id="new-form" className="text-base font-semibold">
            Tạo đơn mới
          </h2>
          {kinds.isPending ? (
            <SectionSpinner label="Đang tải các loại đơn..." />
          ) : kinds.isError ? (
            <LoadError
              error={kinds.error}
              onRetry={() => void kinds.refetch()}
              retrying={kinds.isFetching}
              fallback="Không thể tải các loại đơn."
            />
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {kinds.data.map((k) => (
                <li key={k.id}>
                  <button
                    type="button"
                    onClick={() => startNew(k)}
                    className="flex h-full w-full items-start gap-3 rounded-xl border border-border bg-surface p-4 text-left hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    <FilePlus2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    <span>
                      <span className="block font-medium">{k.name}</span>
                      <span className="block text-xs text-muted">{k.description}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section aria-labelledby="my-forms" className="space-y-3">
        <h2 id="my-forms" className="text-base font-semibold">
          Đơn của tôi
        </h2>
        {mine.isPending ? (
          <SectionSpinner label="Đang tải đơn của bạn..." />
        ) : mine.isError ? (
          <LoadError
            error={mine.error}
            onRetry={() => void mine.refetch()}
            retrying={mine.isFetching}
            fallback="Không thể tải đơn của bạn."
          />
        ) : mine.data.length === 0 ? (
          <EmptyState icon={FilePlus2} title="Bạn chưa có đơn nào." description="Chọn một loại đơn ở trên để bắt đầu." />
        ) : (
          <DataTable
            label="Đơn của tôi"
            columns={columns}
            rows={mine.data}
            rowKey={(f) => f.id}
            actions={(f) => (
              <Button variant="secondary" onClick={() => open(f.id)}>
                Xem
              </Button>
            )}
          />
        )}
      </section>

      <FormDetailDialog
        formId={openId}
        onClose={() => open(null)}
        actions={(f) => (
          <div className="flex flex-wrap gap-2">
            {EDITABLE_STATUSES.includes(f.status) ? (
              <Button onClick={() => edit(f)}>{f.status === 'draft' ? 'Tiếp tục điền' : 'Sửa và gửi lại'}</Button>
            ) : null}
            {[...WAITING_STATUSES, 'returned'].includes(f.status) ? (
              <Button variant="secondary" onClick={() => setWithdrawing(f)}>
                Rút đơn
              </Button>
            ) : null}
            {f.status === 'draft' ? (
              <Button
                variant="secondary"
                onClick={() =>
                  void run(() => deleteDraft(f.id), 'Đã xóa đơn nháp.').then(() => {
                    open(null);
                  })
                }
              >
                Xóa nháp
              </Button>
            ) : null}
          </div>
        )}
      />
      {withdrawing ? (
        <ConfirmDialog
          open
          onClose={() => setWithdrawing(null)}
          title="Rút đơn?"
          description={withdrawing.kind.name}
          message="Đơn đã rút không được xét nữa. Bạn có thể tạo đơn mới khi cần."
          confirmLabel="Rút đơn"
          onConfirm={async () => {
            const ok = await run(() => withdrawForm(withdrawing.id, withdrawing.version), 'Đã rút đơn.');
            if (!ok) toast.message('Trạng thái đơn đã thay đổi, hãy xem lại.');
            setWithdrawing(null);
          }}
        />
      ) : null}
    </div>
  );
}
