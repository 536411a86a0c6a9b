import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TPayDepartmentTotal } from '@app/shared/pay';
import { formatMoney } from '@app/shared/pay-calc';
import { formatPeriods } from '@app/shared/workload-calc';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { ScrollBox } from './line-explanation';

const TH = 'px-3 py-2 text-xs font-semibold whitespace-nowrap text-muted';
const TD = 'px-3 py-2 tabular-nums';
/** Columns a phone leaves out: the amounts stay in view, the periods are in the lines below. */
const WIDE = 'hidden sm:table-cell';
const axisTick = { fontSize: 11, fill: 'var(--app-muted)' };
/** "12,3 tr" on the axis: the full amount is in the table and the tooltip. */
const millions = (v: number) => `${(v / 1_000_000).toLocaleString('vi-VN', { maximumFractionDigits: 1 })} tr`;

/** The amount of each department as horizontal bars; for the eye only, the table holds the same numbers. */
function AmountChart({ rows }: { rows: TPayDepartmentTotal[] }) {
  const labelWidth = useMediaQuery(DESKTOP_QUERY) ? 160 : 96;
  const data = rows.map((d) => ({ label: d.departmentName, amount: d.amount }));
  const height = data.length * 32 + 36;
  return (
    <figure aria-hidden="true" className="m-0 w-full max-w-3xl min-w-0">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 0 }} barCategoryGap={8}>
          <CartesianGrid horizontal={false} stroke="var(--app-border)" />
          <XAxis type="number" tick={axisTick} tickFormatter={millions} />
          <YAxis type="category" dataKey="label" width={labelWidth} interval={0} tick={{ fontSize: 12, fill: 'var(--app-fg)' }} />
          <Tooltip cursor={{ fill: 'var(--app-surface-2)' }} formatter={(v) => [formatMoney(Number(v)), 'Thành tiền']} />
          <Bar dataKey="amount" fill="var(--app-primary)" radius={[0, 4, 4, 0]} maxBarSize={20} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Totals per department (teachers, periods, overtime paid, amount, due) with the school's total and a bar chart. */
export function DepartmentTotals({ rows, showDue }: { rows: TPayDepartmentTotal[]; showDue: boolean }) {
  if (rows.length === 0) return <p className="text-sm text-muted">Chưa có giáo viên nào được tính trong đợt này.</p>;
  const sum = (f: (d: TPayDepartmentTotal) => number) => rows.reduce((s, d) => s + f(d), 0);
  return (
    <div className="space-y-4">
      <ScrollBox label="Bảng tổng theo tổ">
        <table className="w-full border-collapse text-sm">
          <thead className="bg-surface-2">
            <tr>
              <th scope="col" className={`${TH} text-left`}>
                Tổ chuyên môn
              </th>
              <th scope="col" className={`${TH} ${WIDE} text-right`}>
                Giáo viên
              </th>
              <th scope="col" className={`${TH} ${WIDE} text-right`}>
                Số tiết được tính
              </th>
              <th scope="col" className={`${TH} ${WIDE} text-right`}>
                Tiết dạy thêm được trả
              </th>
              <th scope="col" className={`${TH} text-right`}>
                Thành tiền
              </th>
              {showDue ? (
                <th scope="col" className={`${TH} text-right`}>
                  Còn nhận
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((d) => (
              <tr key={d.departmentId ?? 'none'}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-fg sm:whitespace-nowrap">
                  {d.departmentName}
                </th>
                <td className={`${TD} ${WIDE} text-right`}>{d.teachers}</td>
                <td className={`${TD} ${WIDE} text-right`}>{formatPeriods(d.counted)}</td>
                <td className={`${TD} ${WIDE} text-right`}>{formatPeriods(d.overtimePaid)}</td>
                <td className={`${TD} text-right whitespace-nowrap`}>{formatMoney(d.amount)}</td>
                {showDue ? <td className={`${TD} text-right whitespace-nowrap`}>{formatMoney(d.due)}</td> : null}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-border font-semibold">
            <tr>
              <th scope="row" className="px-3 py-2 text-left">
                Toàn trường
              </th>
              <td className={`${TD} ${WIDE} text-right`}>{sum((d) => d.teachers)}</td>
              <td className={`${TD} ${WIDE} text-right`}>{formatPeriods(sum((d) => d.counted))}</td>
              <td className={`${TD} ${WIDE} text-right`}>{formatPeriods(sum((d) => d.overtimePaid))}</td>
              <td className={`${TD} text-right whitespace-nowrap`}>{formatMoney(sum((d) => d.amount))}</td>
              {showDue ? <td className={`${TD} text-right whitespace-nowrap`}>{formatMoney(sum((d) => d.due))}</td> : null}
            </tr>
          </tfoot>
        </table>
      </ScrollBox>
      <AmountChart rows={rows} />
    </div>
  );
}
