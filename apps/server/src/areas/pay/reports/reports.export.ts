import type { TPayReport } from '@app/shared/pay';
import type { DbOrTx } from '@/db/client';
import { xlsxSheetsBuffer, type XlsxSheet } from '@/lib/xlsx';
import { payReport } from './reports.service';

type Dept = TPayReport['byDepartment'][number];

/**
 * A year's financial report as XLSX: by department with the school's total and the previous year beside
 * (Tổng hợp theo tổ), the salary fund month by month (Theo tháng), the teachers over the cap (Vượt giới
 * hạn). Money in whole đồng as numbers, so the sheet sums them; periods as numbers too.
 */
export async function payReportExport(db: DbOrTx, academicYearId?: number): Promise<{ filename: string; body: Buffer }> {
  const r = await payReport(db, academicYearId);
  const school: Dept = {
    departmentId: null,
    departmentName: 'Toàn trường',
    ...r.totals,
    previousAmount: r.previousYear?.totals.amount ?? null,
  };
  const byDepartment: XlsxSheet<Dept> = {
    sheet: 'Tổng hợp theo tổ',
    rows: [...r.byDepartment, school],
    columns: [
      { header: 'Tổ chuyên môn', width: 28, value: (d) => d.departmentName },
      { header: 'Số giáo viên', value: (d) => d.teachers },
      { header: 'Số tiết thực dạy', value: (d) => d.counted },
      { header: 'Định mức', value: (d) => d.norm },
      { header: 'Số tiết vượt định mức', width: 22, value: (d) => d.overtime },
      { header: 'Số tiết dạy thêm được trả', width: 26, value: (d) => d.overtimePaid },
      { header: 'Thành tiền (đ)', width: 16, value: (d) => d.amount },
      { header: 'Còn phải trả (đ)', width: 18, value: (d) => d.due },
      {
        header: `Năm trước (đ)${r.previousYear ? ` – ${r.previousYear.academicYearName}` : ''}`,
        width: 26,
        value: (d) => d.previousAmount,
      },
      { header: 'Chênh lệch (đ)', width: 16, value: (d) => (d.previousAmount === null ? null : d.amount - d.previousAmount) },
    ],
  };
  const byMonth: XlsxSheet<TPayReport['byMonth'][number]> = {
    sheet: 'Theo tháng',
    rows: r.byMonth,
    columns: [
      { header: 'Tháng', value: (m) => `${m.month.slice(5, 7)}/${m.month.slice(0, 4)}` },
      { header: 'Số giáo viên', value: (m) => m.teachers },
      { header: 'Quỹ lương tháng (đ)', width: 22, value: (m) => m.salaryFund },
    ],
  };
  const overCap: XlsxSheet<TPayReport['overCap'][number]> = {
    sheet: 'Vượt giới hạn',
    rows: r.overCap,
    columns: [
      { header: 'Mã giáo viên', value: (t) => t.staffCode },
      { header: 'Họ và tên', width: 28, value: (t) => t.fullName },
      { header: 'Tổ chuyên môn', width: 24, value: (t) => t.departmentName },
      { header: 'Số tiết vượt định mức', width: 22, value: (t) => t.overtime },
      { header: 'Số tiết được trả', width: 18, value: (t) => t.overtimePaid },
      { header: 'Số tiết không được trả', width: 24, value: (t) => Math.round((t.overtime - t.overtimePaid) * 10_000) / 10_000 },
      { header: 'Thành tiền (đ)', width: 16, value: (t) => t.amount },
    ],
  };
  return { filename: `Báo cáo thù lao - ${r.academicYearName}`, body: await xlsxSheetsBuffer([byDepartment, byMonth, overCap]) };
}
