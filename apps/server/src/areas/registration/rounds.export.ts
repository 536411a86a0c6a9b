import { formatDateTime } from '@app/shared/format';
import { REGISTRATION_STATUS_LABELS } from '@app/shared/registration';
import type { DbOrTx } from '@/db/client';
import { xlsxBuffer } from '@/lib/xlsx';
import { exportRows } from './rounds.service';

export type ExportKind = 'class' | 'student' | 'unmet';
const yesNo = (b: boolean) => (b ? 'Có' : 'Không');

/**
 * A round as XLSX (issue 14 "Export"): `class` one row per registration, by course class; `student` one
 * row per student of the round's grades with their classes and rule status; `unmet` the same, only the
 * students who have not met the rules. Answers the file and its name.
 */
export async function roundExport(db: DbOrTx, id: number, kind: ExportKind): Promise<{ filename: string; body: Buffer }> {
  const { round, regs, offers, students } = await exportRows(db, id);
  const offerOf = new Map(offers.map((o) => [o.courseClassId, o]));
  if (kind === 'class') {
    const body = await xlsxBuffer({
      sheet: 'Theo lớp',
      rows: regs,
      columns: [
        { header: 'Mã lớp học phần', value: (r) => offerOf.get(r.courseClassId)?.code },
        { header: 'Tên lớp học phần', width: 30, value: (r) => offerOf.get(r.courseClassId)?.name },
        { header: 'Môn học', width: 20, value: (r) => offerOf.get(r.courseClassId)?.subjectName },
        { header: 'Mã học sinh', value: (r) => r.studentCode },
        { header: 'Họ và tên', width: 28, value: (r) => r.studentName },
        { header: 'Lớp chủ nhiệm', value: (r) => r.homeroomClassName },
        { header: 'Trạng thái', value: (r) => REGISTRATION_STATUS_LABELS[r.status] },
        { header: 'Thứ tự chờ', value: (r) => r.position },
        { header: 'Thời điểm đăng ký', width: 18, value: (r) => formatDateTime(r.createdAt) },
        { header: 'Người đăng ký', value: (r) => (r.via === 'admin' ? 'Quản trị' : 'Học sinh') },
        { header: 'Lý do', width: 30, value: (r) => r.reason },
      ],
    });
    return { filename: `Đăng ký theo lớp - ${round.name}`, body };
  }
  const byStudent = new Map<number, { registered: string[]; waitlisted: string[] }>();
  for (const r of regs) {
    const s = byStudent.get(r.studentId) ?? { registered: [], waitlisted: [] };
    const code = offerOf.get(r.courseClassId)?.code ?? String(r.courseClassId);
    (r.status === 'registered' ? s.registered : s.waitlisted).push(r.status === 'waitlisted' ? `${code} (chờ thứ ${r.position})` : code);
    byStudent.set(r.studentId, s);
  }
  const rows = kind === 'unmet' ? students.filter((s) => !s.rules.met) : students;
  const body = await xlsxBuffer({
    sheet: kind === 'unmet' ? 'Chưa đủ điều kiện' : 'Theo học sinh',
    rows,
    columns: [
      { header: 'Mã học sinh', value: (s) => s.studentCode },
      { header: 'Họ và tên', width: 28, value: (s) => s.fullName },
      { header: 'Lớp chủ nhiệm', value: (s) => s.homeroomClassName },
      { header: 'Khối', value: (s) => s.grade },
      { header: 'Số lớp đã đăng ký', value: (s) => s.registered },
      { header: 'Các lớp đã đăng ký', width: 40, value: (s) => byStudent.get(s.studentId)?.registered.join(', ') ?? '' },
      { header: 'Danh sách chờ', width: 30, value: (s) => byStudent.get(s.studentId)?.waitlisted.join(', ') ?? '' },
      { header: 'Đủ điều kiện', value: (s) => yesNo(s.rules.met) },
      { header: 'Còn thiếu', width: 50, value: (s) => s.rules.problems.join('; ') },
    ],
  });
  return { filename: `${kind === 'unmet' ? 'Học sinh chưa đủ điều kiện' : 'Đăng ký theo học sinh'} - ${round.name}`, body };
}
