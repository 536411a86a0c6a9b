import { formatDate, formatDateTime } from '@app/shared/format';
import { useUrlParams } from '@/components/data/url-params';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { DecideButtons } from '@/areas/forms/core/components/decide-buttons';
import { FormDetailDialog } from '@/areas/forms/core/components/form-detail-dialog';
import { useClassForms } from '../api/list-forms';

const FORM_KEY = 'form';

/**
 * The principal's card on /principal/dashboard: the student forms escalated to them (a leave of more than
 * 3 school days, after the homeroom teacher approved it), each opened and decided in place.
 */
export function EscalatedFormsCard() {
  const q = useClassForms(null, 'escalated');
  const params = useUrlParams();
  const openId = Number(params.get(FORM_KEY)) || null;
  const open = (id: number | null) => params.update({ [FORM_KEY]: id ? String(id) : null });
  const forms = q.data?.items ?? [];
  return (
    <CardPanel
      title="Đơn của học sinh chờ Hiệu trưởng"
      description="Đơn xin nghỉ quá 3 ngày học đã được giáo viên chủ nhiệm duyệt, chờ Hiệu trưởng quyết định."
      loading={q.isPending}
      error={q.isError ? q.error : undefined}
      onRetry={() => void q.refetch()}
    >
      {forms.length === 0 ? (
        <CardEmpty>Hiện không có đơn nào chờ Hiệu trưởng quyết định.</CardEmpty>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {forms.map((f) => (
            <li key={f.id} className="py-2">
              <button type="button" className={cardLinkClass} onClick={() => open(f.id)}>
                {f.kindName} – {f.studentName} ({f.className})
              </button>
              <p className="text-xs text-muted">
                {f.firstDay ? `${formatDate(f.firstDay)} – ${formatDate(f.lastDay)} · ${f.absenceSessions} buổi · ` : ''}GVCN chuyển lúc{' '}
                {formatDateTime(f.escalatedAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <FormDetailDialog
        formId={openId}
        onClose={() => open(null)}
        actions={(f) => (f.status === 'escalated' ? <DecideButtons form={f} onDone={() => open(null)} /> : null)}
      />
    </CardPanel>
  );
}
