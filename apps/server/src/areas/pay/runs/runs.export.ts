import ExcelJS from 'exceljs';
import { formatDate } from '@app/shared/format';
import { PAY_RUN_STATUS_LABELS, type TPayLine } from '@app/shared/pay';
import type { DbOrTx } from '@/db/client';
import { payrollOf } from './runs.service';

/*
 * The payroll sheet (Bảng thanh toán tiền dạy thêm giờ) in the usual Vietnamese layout: the school and
 * the title on top, one block per department (STT, họ tên, tổ, hệ số, lương tháng, định mức, số tiết
 * thực dạy, số tiết dạy thêm, đơn giá, thành tiền, ký nhận) closed by the department's total, the
 * school's total, and the signatures. Amounts are the run's stored (frozen) figures: the sheet's totals
 * are the page's. When earlier runs paid part of it, "Đã chi" and "Còn nhận" columns follow.
 */

const MONEY = '#,##0';
const PERIODS = '#,##0.##';

export async function payrollSheet(db: DbOrTx, runId: number, schoolName: string): Promise<{ filename: string; body: Buffer }> {
  const { run, inputs, lines } = await payrollOf(db, runId);
  const withPaid = lines.some((l) => l.previouslyPaid !== 0);
  const wb = new ExcelJS.Workbook();
  wb.creator = schoolName;
  const ws = wb.addWorksheet('Bảng thanh toán', {
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const headers = [
    'STT',
    'Họ và tên',
    'Tổ chuyên môn',
    'Hệ số lương',
    'Lương tháng (đ)',
    'Định mức (tiết)',
    'Số tiết thực dạy (tiết)',
    'Số tiết dạy thêm (tiết)',
    'Đơn giá (đ/tiết)',
    'Thành tiền (đ)',
    ...(withPaid ? ['Đã chi (đ)', 'Còn nhận (đ)'] : []),
    'Ký nhận',
  ];
  const widths = [6, 28, 22, 10, 16, 12, 14, 14, 14, 16, ...(withPaid ? [16, 16] : []), 16];
  ws.columns = widths.map((width) => ({ width }));
  const last = headers.length;

  const title = (text: string, size: number, bold = true) => {
    const row = ws.addRow([text]);
    ws.mergeCells(row.number, 1, row.number, last);
    row.font = { bold, size };
    row.alignment = { horizontal: 'center' };
  };
  const top = ws.addRow([schoolName.toUpperCase()]);
  top.font = { bold: true };
  title('BẢNG THANH TOÁN TIỀN DẠY THÊM GIỜ', 14);
  title(`${run.name} — ${PAY_RUN_STATUS_LABELS[run.status]}`, 11, false);
  title(
    `Lương cơ sở ${inputs.settings.baseSalary.toLocaleString('vi-VN')} đ; dạy thêm giờ ${inputs.settings.overtimeRatePercent}%; ${inputs.ruleSet.name} (tối đa ${inputs.ruleSet.overtimeCapPerYear} tiết/năm)`,
    10,
    false,
  );
  ws.addRow([]);
  const head = ws.addRow(headers);
  head.font = { bold: true };
  head.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  head.height = 32;
  ws.views = [{ state: 'frozen', ySplit: head.number }];

  const border = (row: ExcelJS.Row) =>
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      if (col > last) return;
      cell.border = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };
    });
  border(head);
  const figures = (l: Pick<TPayLine, 'norm' | 'counted' | 'overtimePaid' | 'amount' | 'previouslyPaid' | 'due'>) => [
    l.norm,
    l.counted,
    l.overtimePaid,
  ];
  const format = (row: ExcelJS.Row) => {
    row.getCell(4).numFmt = '0.00';
    row.getCell(5).numFmt = MONEY;
    for (const c of [6, 7, 8]) row.getCell(c).numFmt = PERIODS;
    for (let c = 9; c < last; c++) row.getCell(c).numFmt = MONEY;
  };

  const departments = new Map<string, TPayLine[]>();
  for (const l of lines) {
    const key = l.departmentName ?? 'Chưa thuộc tổ';
    departments.set(key, [...(departments.get(key) ?? []), l]);
  }
  const sum = (ls: TPayLine[], k: 'norm' | 'counted' | 'overtimePaid' | 'amount' | 'previouslyPaid' | 'due') =>
    // Periods carry up to 4 decimals: add them as integers of ten-thousandths.
    ls.reduce((a, l) => a + Math.round(l[k] * 10_000), 0) / 10_000;
  let stt = 0;
  for (const [name, ls] of departments) {
    for (const l of ls) {
      stt++;
      const row = ws.addRow([
        stt,
        l.fullName,
        name,
        Number(l.coefficient),
        l.monthlySalary,
        ...figures(l),
        l.overtimePeriodPay,
        l.amount,
        ...(withPaid ? [l.previouslyPaid, l.due] : []),
        '',
      ]);
      format(row);
      border(row);
    }
    const total = ws.addRow([
      '',
      `Cộng ${name}`,
      '',
      null,
      null,
      sum(ls, 'norm'),
      sum(ls, 'counted'),
      sum(ls, 'overtimePaid'),
      null,
      sum(ls, 'amount'),
      ...(withPaid ? [sum(ls, 'previouslyPaid'), sum(ls, 'due')] : []),
      '',
    ]);
    total.font = { bold: true };
    format(total);
    border(total);
  }
  const grand = ws.addRow([
    '',
    'TỔNG CỘNG TOÀN TRƯỜNG',
    '',
    null,
    null,
    sum(lines, 'norm'),
    sum(lines, 'counted'),
    sum(lines, 'overtimePaid'),
    null,
    sum(lines, 'amount'),
    ...(withPaid ? [sum(lines, 'previouslyPaid'), sum(lines, 'due')] : []),
    '',
  ]);
  grand.font = { bold: true };
  format(grand);
  border(grand);

  ws.addRow([]);
  const when = ws.addRow([]);
  when.getCell(last - 2).value = `Ngày ${formatDate(new Date())}`;
  const sign = ws.addRow([]);
  sign.getCell(2).value = 'Người lập biểu';
  sign.getCell(6).value = 'Kế toán trưởng';
  sign.getCell(last - 2).value = 'Hiệu trưởng';
  sign.font = { bold: true };
  const hint = ws.addRow([]);
  hint.getCell(2).value = '(Ký, ghi rõ họ tên)';
  hint.getCell(6).value = '(Ký, ghi rõ họ tên)';
  hint.getCell(last - 2).value = '(Ký tên, đóng dấu)';
  hint.font = { italic: true };

  return { filename: `Bảng thanh toán tiền dạy thêm giờ - ${run.name}`, body: Buffer.from(await wb.xlsx.writeBuffer()) };
}
