import { Printer } from 'lucide-react';
import { SCHOOL_NAME } from '@app/shared/constants';
import { formatDate, formatDateTime } from '@app/shared/format';
import { FORM_STATUS_LABELS, renderTemplate, valueText, type TStudentFormDetail } from '@app/shared/forms';
import { useSchoolInfo } from '@/areas/settings/public';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';

/**
 * A decided form on paper: A4 portrait, the school's header (its name from the settings), the kind's template filled (as text: what a
 * student typed prints as typed, never as markup), the decision, who made it and when. Only the part
 * marked `.form-print` reaches the paper, the same way the payroll sheet prints.
 */
const CSS = `@media print {
  @page { size: A4 portrait; margin: 18mm 20mm; }
  body *:not(:has(.form-print)):not(.form-print):not(.form-print *) { display: none !important; }
  body *:has(.form-print) {
    margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important; background: none !important;
    position: static !important; height: auto !important; min-height: 0 !important; max-height: none !important; max-width: none !important; overflow: visible !important;
  }
  body { background: #fff !important; }
  .form-print { width: 100%; color: #000 !important; font-size: 13pt; line-height: 1.5; }
}`;

export function placeholders(form: TStudentFormDetail, schoolName: string): Record<string, string> {
  const out: Record<string, string> = {
    hoTen: form.studentName,
    maHocSinh: form.studentCode,
    lop: form.className ?? '',
    ngayGui: formatDate(form.submittedAt),
    trangThai: FORM_STATUS_LABELS[form.status],
    nguoiDuyet: form.decidedByName ?? '',
    ngayDuyet: formatDate(form.decidedAt),
    yKien: form.decisionComment ?? '',
    truong: schoolName,
  };
  const daysOff = new Set(form.holidays);
  for (const f of form.kind.fields) out[f.key] = valueText(f, form.values[f.key], formatDate, daysOff);
  return out;
}

export function FormSheet({ form, schoolName }: { form: TStudentFormDetail; schoolName: string }) {
  const daysOff = new Set(form.holidays);
  const body = form.kind.template.trim()
    ? renderTemplate(form.kind.template, placeholders(form, schoolName))
    : form.kind.fields.map((f) => `${f.label}: ${valueText(f, form.values[f.key], formatDate, daysOff)}`).join('\n');
  const decision =
    form.status === 'approved' ? 'ĐỒNG Ý' : form.status === 'rejected' ? 'KHÔNG ĐỒNG Ý' : FORM_STATUS_LABELS[form.status].toUpperCase();
  return (
    <article className="form-print mx-auto max-w-[170mm] space-y-4 bg-white p-2 text-black">
      <header className="flex justify-between gap-4 text-sm">
        <div className="text-center">
          <p>SỞ GIÁO DỤC VÀ ĐÀO TẠO</p>
          <p className="font-semibold uppercase">{schoolName}</p>
        </div>
        <p className="text-right italic">Ngày gửi: {formatDate(form.submittedAt)}</p>
      </header>
      <div className="whitespace-pre-wrap">{body}</div>
      <section className="mt-6 rounded border border-black p-3 text-sm">
        <p className="font-semibold">Ý KIẾN GIẢI QUYẾT: {decision}</p>
        {form.homeroomApprovedByName ? (
          <p>
            Giáo viên chủ nhiệm {form.homeroomApprovedByName} đã duyệt lúc {formatDateTime(form.homeroomApprovedAt)}, chuyển Hiệu trưởng
            quyết định.
          </p>
        ) : null}
        <p>
          Người quyết định: {form.decidedByName ?? '—'}
          {form.decidedAt ? `, lúc ${formatDateTime(form.decidedAt)}` : ''}
        </p>
        {form.decisionComment ? <p className="whitespace-pre-wrap">Ý kiến: {form.decisionComment}</p> : null}
      </section>
      <footer className="grid grid-cols-2 pt-4 text-center text-sm">
        <div>
          <p className="font-semibold">Người quyết định</p>
          <p className="pt-12">{form.decidedByName ?? ''}</p>
        </div>
        <div>
          <p className="font-semibold">Học sinh</p>
          <p className="pt-12">{form.studentName}</p>
        </div>
      </footer>
    </article>
  );
}

export function FormPrintDialog({ form, open, onClose }: { form: TStudentFormDetail; open: boolean; onClose: () => void }) {
  const school = useSchoolInfo();
  const schoolName = school.data?.name || SCHOOL_NAME;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`In ${form.kind.name.toLowerCase()}`}
      description="Khổ A4 dọc, có tên trường, quyết định, người quyết định và thời điểm."
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Đóng
          </Button>
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            In
          </Button>
        </>
      }
    >
      <style>{CSS}</style>
      <FormSheet form={form} schoolName={schoolName} />
    </Modal>
  );
}
