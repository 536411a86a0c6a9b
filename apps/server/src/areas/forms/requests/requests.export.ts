import { formatDateTime, isoToDisplay } from '@app/shared/format';
import { FORM_STATUS_LABELS, type TStudentForm } from '@app/shared/forms';
import { xlsxBuffer } from '@/lib/xlsx';

/** "Đơn của học sinh" as a sheet, with the list's filters: one row a form, dates as dd/mm/yyyy; `filename` without
 * extension (sendXlsx adds it). */
export async function formsSheet(rows: TStudentForm[]) {
  const body = await xlsxBuffer<TStudentForm>({
    sheet: 'Đơn của học sinh',
    rows,
    columns: [
      { header: 'Mã HS', width: 12, value: (r) => r.studentCode },
      { header: 'Học sinh', width: 28, value: (r) => r.studentName },
      { header: 'Lớp', width: 12, value: (r) => r.className ?? '' },
      { header: 'Loại đơn', width: 30, value: (r) => r.kindName },
      { header: 'Trạng thái', width: 22, value: (r) => FORM_STATUS_LABELS[r.status] },
      { header: 'Từ ngày', width: 12, value: (r) => (r.firstDay ? isoToDisplay(r.firstDay) : '') },
      { header: 'Đến ngày', width: 12, value: (r) => (r.lastDay ? isoToDisplay(r.lastDay) : '') },
      { header: 'Số buổi vắng', width: 12, value: (r) => r.absenceSessions },
      { header: 'Gửi lúc', width: 18, value: (r) => formatDateTime(r.submittedAt) },
      { header: 'Quyết định lúc', width: 18, value: (r) => formatDateTime(r.decidedAt) },
      { header: 'Người quyết định', width: 26, value: (r) => r.decidedByName ?? '' },
      { header: 'Ý kiến', width: 40, value: (r) => r.decisionComment ?? '' },
    ],
  });
  return { filename: 'don-cua-hoc-sinh', body };
}
