import { useState } from 'react';
import { formatDate, formatDateTime } from '@app/shared/format';
import type { TStudentForm } from '@app/shared/forms';
import { DataTable, type Column } from '@/components/data/data-table';
import { useUrlParams } from '@/components/data/url-params';
import { Button } from '@/components/ui/button';
import { DecideButtons } from '@/areas/forms/core/components/decide-buttons';
import { FormDetailDialog } from '@/areas/forms/core/components/form-detail-dialog';
import { FormStatusBadge } from '@/areas/forms/core/components/status-badge';
import { useClassForms } from '../api/list-forms';
import { AbsencesPanel } from './absences-panel';

const FORM_KEY = 'form';

const columns: Column<TStudentForm>[] = [
  { key: 'student', header: 'Học sinh', primary: true, cell: (f) => `${f.studentName} (${f.studentCode})` },
  { key: 'kind', header: 'Loại đơn', cell: (f) => f.kindName },
  {
    key: 'days',
    header: 'Thời gian',
    cell: (f) => (f.firstDay ? `${formatDate(f.firstDay)} – ${formatDate(f.lastDay)}` : '—'),
  },
  { key: 'status', header: 'Trạng thái', cell: (f) => <FormStatusBadge status={f.status} /> },
  { key: 'sent', header: 'Gửi lúc', hideOnMobile: true, cell: (f) => formatDateTime(f.submittedAt) },
];

/**
 * The homeroom teacher's section of /teacher/homeroom-class (issue 17): the class's forms waiting for
 * them (counted), each decided with a comment; the forms already handled; the absences from approved
 * leave against 45. `?form=ID` opens a form (links from notifications).
 */
export function HomeroomForms({ classId, className }: { classId: number; className: string }) {
  const params = useUrlParams();
  const openId = Number(params.get(FORM_KEY)) || null;
  const open = (id: number | null) => params.update({ [FORM_KEY]: id ? String(id) : null });
  const waiting = useClassForms(classId, 'submitted');
  const all = useClassForms(classId, null);
  const [showHistory, setShowHistory] = useState(false);
  const count = waiting.data?.total ?? 0;
  const handled = (all.data?.items ?? []).filter((f) => f.status !== 'submitted');
  const view = (f: TStudentForm) => (
    <Button variant="secondary" onClick={() => open(f.id)}>
      {f.status === 'submitted' ? 'Xem và duyệt' : 'Xem'}
    </Button>
  );
  return (
    <section aria-labelledby="homeroom-forms" className="mt-6 space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="homeroom-forms" className="text-lg font-semibold">
          Đơn từ của học sinh lớp {className}
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${count ? 'bg-primary text-white' : 'bg-surface-2 text-muted'}`}
          aria-label={`${count} đơn chờ duyệt`}
        >
          {count} chờ duyệt
        </span>
      </div>
      <DataTable
        label={`Đơn chờ duyệt của lớp ${className}`}
        columns={columns}
        rows={waiting.data?.items}
        rowKey={(f) => f.id}
        loading={waiting.isPending}
        error={waiting.isError ? waiting.error : undefined}
        onRetry={() => void waiting.refetch()}
        emptyTitle="Không có đơn nào chờ bạn duyệt."
        actions={view}
      />
      <div>
        <Button variant="ghost" onClick={() => setShowHistory((v) => !v)} aria-expanded={showHistory}>
          {showHistory ? 'Ẩn đơn đã xử lý' : `Đơn đã xử lý (${handled.length})`}
        </Button>
        {showHistory ? (
          <DataTable
            label={`Đơn đã xử lý của lớp ${className}`}
            columns={columns}
            rows={all.data ? handled : undefined}
            rowKey={(f) => f.id}
            loading={all.isPending}
            error={all.isError ? all.error : undefined}
            onRetry={() => void all.refetch()}
            emptyTitle="Chưa có đơn nào được xử lý."
            actions={view}
          />
        ) : null}
      </div>
      <AbsencesPanel classId={classId} />
      <FormDetailDialog
        formId={openId}
        onClose={() => open(null)}
        actions={(f) =>
          f.status === 'submitted' && f.homeroomClassId === classId ? <DecideButtons form={f} onDone={() => open(null)} /> : null
        }
      />
    </section>
  );
}
