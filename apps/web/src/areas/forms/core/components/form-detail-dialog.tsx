import { useState, type ReactNode } from 'react';
import { Printer } from 'lucide-react';
import { formatDate, formatDateTime } from '@app/shared/format';
import type { TStudentFormDetail } from '@app/shared/forms';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { SectionSpinner } from '@/components/ui/spinner';
import { useForm } from '../api/get-form';
import { FormHistory } from './form-history';
import { FormPrintDialog } from './form-print';
import { FormStatusBadge } from './status-badge';
import { FormValues } from './form-values';

/**
 * One form read in a dialog: who, class, state, the values, the decision and every step; `actions` adds
 * the caller's buttons (decide, withdraw, edit) for the form as read. A decided form prints.
 */
export function FormDetailDialog({
  formId,
  onClose,
  actions,
}: {
  formId: number | null;
  onClose: () => void;
  actions?: (form: TStudentFormDetail) => ReactNode;
}) {
  const q = useForm(formId);
  const [printing, setPrinting] = useState(false);
  const form = q.data;
  const decided = form && (form.status === 'approved' || form.status === 'rejected');
  return (
    <Modal
      open={formId !== null}
      onClose={onClose}
      title={form ? form.kind.name : 'Đơn'}
      description={form ? `${form.studentName} (${form.studentCode}) · lớp ${form.className ?? '—'}` : undefined}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Đóng
          </Button>
          {decided ? (
            <Button variant="secondary" onClick={() => setPrinting(true)}>
              <Printer aria-hidden="true" className="size-4" />
              In đơn
            </Button>
          ) : null}
        </>
      }
    >
      {q.isPending && formId !== null ? (
        <SectionSpinner label="Đang tải đơn..." />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} fallback="Không thể tải đơn." />
      ) : form ? (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <FormStatusBadge status={form.status} />
            {form.submittedAt ? <span className="text-muted">Gửi lúc {formatDateTime(form.submittedAt)}</span> : null}
            {form.absenceSessions > 0 ? (
              <span className="text-muted">
                · {form.absenceSessions} buổi vắng ({formatDate(form.firstDay)} – {formatDate(form.lastDay)})
              </span>
            ) : null}
            {form.escalates && (form.status === 'submitted' || form.status === 'escalated') ? (
              <span className="text-muted">· Hiệu trưởng quyết định sau GVCN</span>
            ) : null}
          </div>
          <FormValues formId={form.id} fields={form.kind.fields} values={form.values} holidays={form.holidays} />
          {form.decisionComment && form.status !== 'escalated' ? (
            <p className="rounded-lg border border-border bg-surface-2 p-3 text-sm">
              <span className="font-medium">Ý kiến của {form.decidedByName ?? 'người duyệt'}:</span> {form.decisionComment}
            </p>
          ) : null}
          {actions ? <div>{actions(form)}</div> : null}
          <section>
            <h3 className="mb-2 text-sm font-semibold">Lịch sử xử lý</h3>
            <FormHistory history={form.history} />
          </section>
          {printing ? <FormPrintDialog form={form} open onClose={() => setPrinting(false)} /> : null}
        </div>
      ) : null}
    </Modal>
  );
}
