import { formatDate } from '@app/shared/format';
import { tutoringKindLabel, type TTutoringReport } from '@app/shared/tutoring';
import { xlsxSheetsBuffer } from '@/lib/xlsx';

const pct = (r: number | null) => (r === null ? '' : `${r.toLocaleString('vi-VN')}%`);

/** The report as one workbook: per teacher, per kind, per group, per student (issue 15 "Reports … export"). */
export async function reportWorkbook(r: TTutoringReport): Promise<{ filename: string; body: Buffer }> {
  const body = await xlsxSheetsBuffer([
    {
      sheet: 'Theo giáo viên',
      rows: r.byTeacher,
      columns: [
        { header: 'Giáo viên', width: 28, value: (x: TTutoringReport['byTeacher'][number]) => x.teacherName },
        { header: 'Số buổi đã dạy', value: (x: TTutoringReport['byTeacher'][number]) => x.sessions },
        { header: 'Số tiết', value: (x: TTutoringReport['byTeacher'][number]) => x.periods },
      ],
    },
    {
      sheet: 'Theo loại hoạt động',
      rows: r.byKind,
      columns: [
        { header: 'Loại hoạt động', width: 36, value: (x: TTutoringReport['byKind'][number]) => tutoringKindLabel(x.kind) },
        { header: 'Số buổi đã dạy', value: (x: TTutoringReport['byKind'][number]) => x.sessions },
        { header: 'Số tiết', value: (x: TTutoringReport['byKind'][number]) => x.periods },
      ],
    },
    {
      sheet: 'Chuyên cần theo nhóm',
      rows: r.byGroup,
      columns: [
        { header: 'Nhóm', width: 32, value: (x: TTutoringReport['byGroup'][number]) => x.name },
        { header: 'Loại hoạt động', width: 30, value: (x: TTutoringReport['byGroup'][number]) => tutoringKindLabel(x.kind) },
        { header: 'Số buổi đã dạy', value: (x: TTutoringReport['byGroup'][number]) => x.sessions },
        { header: 'Lượt điểm danh', value: (x: TTutoringReport['byGroup'][number]) => x.marked },
        { header: 'Lượt có mặt', value: (x: TTutoringReport['byGroup'][number]) => x.attended },
        { header: 'Tỷ lệ chuyên cần', value: (x: TTutoringReport['byGroup'][number]) => pct(x.rate) },
      ],
    },
    {
      sheet: 'Chuyên cần theo học sinh',
      rows: r.byStudent,
      columns: [
        { header: 'Nhóm', width: 32, value: (x: TTutoringReport['byStudent'][number]) => x.groupName },
        { header: 'Mã học sinh', value: (x: TTutoringReport['byStudent'][number]) => x.code },
        { header: 'Họ và tên', width: 28, value: (x: TTutoringReport['byStudent'][number]) => x.name },
        { header: 'Số buổi điểm danh', value: (x: TTutoringReport['byStudent'][number]) => x.marked },
        { header: 'Số buổi có mặt', value: (x: TTutoringReport['byStudent'][number]) => x.attended },
        { header: 'Tỷ lệ chuyên cần', value: (x: TTutoringReport['byStudent'][number]) => pct(x.rate) },
      ],
    },
  ]);
  return { filename: `Báo cáo phụ đạo ${formatDate(r.from).replace(/\//g, '-')} đến ${formatDate(r.to).replace(/\//g, '-')}`, body };
}
