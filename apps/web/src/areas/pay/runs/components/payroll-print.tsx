import { useState } from 'react';
import { Printer } from 'lucide-react';
import { SCHOOL_NAME } from '@app/shared/constants';
import type { TPayDepartmentTotal, TPayLine, TPayRunDetail } from '@app/shared/pay';
import { formatMoney } from '@app/shared/pay-calc';
import { formatPeriods } from '@app/shared/workload-calc';
import { useAuthConfig } from '@/areas/auth/public';
import { FilterSelect } from '@/components/data/filter-select';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { SectionSpinner } from '@/components/ui/spinner';
import { useAllLines } from '../api/list-lines';
import { formatCoefficient } from '@/areas/pay/core/lib/format';
import { runScope } from '../lib/format';

/**
 * Printing the payroll sheet: A4 landscape, and only the part marked `.pay-print` (the app's sidebar,
 * header, the dialog's frame and buttons stay off paper); one sheet per department, each on its own page.
 * The same way the timetables print.
 */
const CSS = `@media print {
  @page { size: A4 landscape; margin: 10mm; }
  body *:not(:has(.pay-print)):not(.pay-print):not(.pay-print *) { display: none !important; }
  body *:has(.pay-print) {
    margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important; background: none !important;
    position: static !important; height: auto !important; min-height: 0 !important; max-height: none !important; max-width: none !important; overflow: visible !important;
  }
  body { background: #fff !important; }
  .pay-print { width: 100%; color: #000 !important; }
  .pay-print .pay-sheet { break-after: page; }
  .pay-print .pay-sheet:last-child { break-after: auto; }
  .pay-print table { font-size: 9pt; }
  .pay-print th, .pay-print td { border-color: #000 !important; padding: 2px 4px !important; }
  .pay-print tbody td { height: 9mm; }
}`;

const money = (n: number) => formatMoney(n).replace(' đ', '');
const NONE = 'none';
const deptKey = (id: number | null) => (id === null ? NONE : String(id));

/** One department's sheet: the school, the title, the table with "Ký nhận", the total and the signatures. */
function Sheet({ run, dept, lines, schoolName }: { run: TPayRunDetail; dept: TPayDepartmentTotal; lines: TPayLine[]; schoolName: string }) {
  const showPaid = lines.some((l) => l.previouslyPaid !== 0);
  const cell = 'border border-border px-2 py-1';
  const num = `${cell} text-right tabular-nums whitespace-nowrap`;
  return (
    <section className="pay-sheet space-y-3 text-sm" aria-label={`Bảng thanh toán ${dept.departmentName}`}>
      <div className="flex flex-wrap justify-between gap-2">
        <p className="font-semibold uppercase">{schoolName}</p>
        <p className="text-xs">{run.name}</p>
      </div>
      <div className="text-center">
        <h3 className="text-base font-bold">BẢNG THANH TOÁN TIỀN DẠY THÊM GIỜ</h3>
        <p>
          {dept.departmentName} · {runScope(run)}
        </p>
      </div>
      <div className="max-w-full overflow-x-auto">
        <table className="w-full border-collapse text-xs">
          <thead>
            <tr>
              {[
                'STT',
                'Họ và tên',
                'Hệ số',
                'Lương tháng (đ)',
                'Định mức (tiết)',
                'Số tiết thực dạy',
                'Số tiết dạy thêm',
                'Đơn giá (đ)',
                'Thành tiền (đ)',
                ...(showPaid ? ['Đã chi (đ)', 'Còn nhận (đ)'] : []),
                'Ký nhận',
              ].map((h) => (
                <th key={h} scope="col" className={`${cell} text-center font-semibold`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={l.teacherId}>
                <td className={`${cell} text-center`}>{i + 1}</td>
                <td className={`${cell} whitespace-nowrap`}>{l.fullName}</td>
                <td className={num}>{formatCoefficient(l.coefficient)}</td>
                <td className={num}>{money(l.monthlySalary)}</td>
                <td className={num}>{formatPeriods(l.norm)}</td>
                <td className={num}>{formatPeriods(l.counted)}</td>
                <td className={num}>{formatPeriods(l.overtimePaid)}</td>
                <td className={num}>{money(l.overtimePeriodPay)}</td>
                <td className={num}>{money(l.amount)}</td>
                {showPaid ? (
                  <>
                    <td className={num}>{money(l.previouslyPaid)}</td>
                    <td className={num}>{money(l.due)}</td>
                  </>
                ) : null}
                <td className={`${cell} min-w-24`} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" colSpan={6} className={`${cell} text-left`}>
                Cộng {dept.departmentName}
              </th>
              <td className={num}>{formatPeriods(dept.overtimePaid)}</td>
              <td className={cell} />
              <td className={num}>{money(dept.amount)}</td>
              {showPaid ? (
                <>
                  <td className={cell} />
                  <td className={num}>{money(dept.due)}</td>
                </>
              ) : null}
              <td className={cell} />
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-right italic">……………, ngày …… tháng …… năm ………</p>
      <div className="grid grid-cols-3 gap-4 pb-16 text-center">
        {['Người lập biểu', 'Kế toán trưởng', 'Hiệu trưởng'].map((who) => (
          <div key={who}>
            <p className="font-semibold">{who}</p>
            <p className="text-xs italic">(Ký, ghi rõ họ tên)</p>
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * "In bảng thanh toán": choose a department (or every one), see the sheets, print them. The preview is
 * the printed part itself, so what is seen is what goes on paper.
 */
export function PayrollPrintDialog({ run, open, onClose }: { run: TPayRunDetail; open: boolean; onClose: () => void }) {
  const [choice, setChoice] = useState(run.departments[0] ? deptKey(run.departments[0].departmentId) : '');
  const lines = useAllLines(run.id, open);
  const config = useAuthConfig();
  const schoolName = config.data?.schoolName ?? SCHOOL_NAME;
  const depts = choice === '' ? run.departments : run.departments.filter((d) => deptKey(d.departmentId) === choice);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="In bảng thanh toán"
      description="Khổ A4 ngang, mỗi tổ một trang; cột “Ký nhận” để giáo viên ký khi nhận tiền."
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Đóng
          </Button>
          <Button onClick={() => window.print()} disabled={!lines.data || depts.length === 0}>
            <Printer aria-hidden="true" className="size-4" />
            In
          </Button>
        </>
      }
    >
      <style>{CSS}</style>
      <div className="space-y-4">
        <FilterSelect
          label="Tổ chuyên môn"
          value={choice}
          onChange={setChoice}
          allLabel="Tất cả các tổ"
          options={run.departments.map((d) => ({ value: deptKey(d.departmentId), label: d.departmentName }))}
        />
        {lines.isPending ? (
          <SectionSpinner label="Đang tải bảng thanh toán..." />
        ) : lines.isError ? (
          <LoadError
            error={lines.error}
            onRetry={() => void lines.refetch()}
            retrying={lines.isFetching}
            fallback="Không thể tải bảng thanh toán."
          />
        ) : (
          <div className="pay-print space-y-8">
            {depts.map((d) => (
              <Sheet
                key={deptKey(d.departmentId)}
                run={run}
                dept={d}
                lines={lines.data.filter((l) => l.departmentId === d.departmentId)}
                schoolName={schoolName}
              />
            ))}
          </div>
        )}
      </div>
    </Modal>
  );
}
