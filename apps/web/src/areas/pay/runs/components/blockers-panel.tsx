import { TriangleAlert } from 'lucide-react';
import type { TPayBlocker } from '@app/shared/pay';
import { ScrollBox } from './line-explanation';

/**
 * "Giáo viên chưa đủ điều kiện": the teachers the run cannot pay yet and what each one lacks (a locked
 * declaration, coefficients). Shown first and in the danger colour: submitting leaves them out.
 */
export function BlockersPanel({ blockers }: { blockers: TPayBlocker[] }) {
  if (blockers.length === 0) return null;
  return (
    <section aria-labelledby="pay-blockers" className="space-y-3 rounded-xl border border-danger/40 bg-danger/5 p-4">
      <h2 id="pay-blockers" className="flex items-center gap-2 text-base font-semibold text-danger">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        Giáo viên chưa đủ điều kiện ({blockers.length})
      </h2>
      <p className="text-sm text-fg">
        Các giáo viên này chưa được tính trong đợt. Hãy bổ sung rồi bấm “Tính lại”, hoặc trình duyệt không gồm họ.
      </p>
      <ScrollBox label="Danh sách giáo viên chưa đủ điều kiện" className="max-h-96 overflow-y-auto">
        <table className="w-full border-collapse bg-surface text-sm">
          <thead className="sticky top-0 bg-surface-2 text-xs text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                Giáo viên
              </th>
              {/* On a phone the department goes under the name, so what is missing stays in view. */}
              <th scope="col" className="hidden px-3 py-2 text-left font-semibold whitespace-nowrap sm:table-cell">
                Tổ
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                Còn thiếu
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {blockers.map((b) => (
              <tr key={b.teacherId}>
                <th scope="row" className="px-3 py-2 text-left align-top font-medium text-fg sm:whitespace-nowrap">
                  {b.fullName}
                  <span className="block text-xs font-normal text-muted">
                    {b.staffCode}
                    {b.departmentName ? <span className="sm:hidden"> · {b.departmentName}</span> : null}
                  </span>
                </th>
                <td className="hidden px-3 py-2 align-top whitespace-nowrap sm:table-cell">{b.departmentName ?? '—'}</td>
                <td className="px-3 py-2 align-top sm:min-w-56">
                  <ul className="list-disc space-y-0.5 pl-4">
                    {b.missing.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
