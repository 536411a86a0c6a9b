import { DECLARATION_STATUS_LABELS } from '@app/shared/declarations';
import { formatDateTime } from '@app/shared/format';
import type { Db } from '@/db/client';
import { xlsxBuffer } from '@/lib/xlsx';
import type { Actor } from '@/plugins/actor';
import { listDeclarationRows } from './declarations.repository';
import { scopeOf, summaryOf } from './declarations.service';
import { periodTeachers } from './periods.service';

/**
 * A period's declarations as XLSX, within the caller's scope: one row per teacher (those without a
 * declaration too, "Chưa kê khai"), department, state, counted periods, norm, overtime, last change and
 * the last review comment. Answers the file and its name.
 */
export async function declarationsExport(db: Db, actor: Actor, periodId: number): Promise<{ filename: string; body: Buffer }> {
  const teachers = await periodTeachers(db, actor, periodId);
  const scope = await scopeOf(db, actor);
  const { rows } = await listDeclarationRows(db, { scope, periodId, page: 1, limit: 100_000 });
  const byTeacher = new Map(rows.map((r) => [r.teacherId, summaryOf(r)]));
  const semester = rows[0] ? summaryOf(rows[0]).semesterName : `kỳ ${periodId}`;
  const body = await xlsxBuffer({
    sheet: 'Kê khai giảng dạy',
    rows: teachers.map((t) => ({ t, d: byTeacher.get(t.teacherId) ?? null })),
    columns: [
      { header: 'Mã giáo viên', value: ({ t }) => t.staffCode },
      { header: 'Họ và tên', width: 28, value: ({ t }) => t.fullName },
      { header: 'Tổ chuyên môn', width: 24, value: ({ t }) => t.departmentName },
      { header: 'Trạng thái', width: 20, value: ({ d }) => (d ? DECLARATION_STATUS_LABELS[d.status] : 'Chưa kê khai') },
      { header: 'Số tiết được tính', value: ({ d }) => d?.totals?.counted ?? null },
      { header: 'Định mức', value: ({ d }) => d?.totals?.normBase ?? null },
      { header: 'Số tiết vượt giờ', value: ({ d }) => d?.totals?.overtime ?? null },
      { header: 'Cập nhật lúc', width: 18, value: ({ d }) => (d ? formatDateTime(d.updatedAt) : null) },
      { header: 'Nhận xét gần nhất', width: 40, value: ({ d }) => d?.lastComment ?? null },
    ],
  });
  return { filename: `Kê khai giảng dạy - ${semester}`, body };
}
