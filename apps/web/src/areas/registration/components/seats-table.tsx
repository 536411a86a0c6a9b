import type { TOffer, TSeat } from '@app/shared/registration';
import { Badge } from '@/components/data/badge';
import { SeatBar } from './seat-bar';

/** Per offered class: seats taken of capacity as a bar, and its waitlist (the live seats replace the round's read). */
export function SeatsTable({ offers, seats }: { offers: readonly TOffer[]; seats: ReadonlyMap<number, TSeat> }) {
  const rows = [...offers].sort((a, b) => a.subjectName.localeCompare(b.subjectName, 'vi') || a.code.localeCompare(b.code, 'vi'));
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-surface">
      <table className="w-full text-sm">
        <caption className="sr-only">Chỗ đã đăng ký theo lớp</caption>
        <thead className="bg-surface-2 text-left text-xs text-muted">
          <tr>
            <th scope="col" className="p-2 font-medium">
              Lớp học phần
            </th>
            <th scope="col" className="w-1/2 p-2 font-medium">
              Đã đăng ký / sức chứa
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => {
            const s = seats.get(o.courseClassId) ?? o;
            return (
              <tr key={o.courseClassId} className="border-t border-border" data-testid={`fill-${o.courseClassId}`}>
                <th scope="row" className="p-2 text-left font-normal">
                  <span className="font-medium">{o.code}</span> · {o.name}
                  <span className="block text-xs text-muted">
                    {o.subjectName}
                    {o.compulsory ? ' · bắt buộc' : ''}
                  </span>
                  {s.taken >= s.capacity ? <Badge tone="danger">Đầy</Badge> : null}
                </th>
                <td className="p-2">
                  <SeatBar taken={s.taken} capacity={s.capacity} waiting={s.waiting} label={`${o.code}: đã đăng ký / sức chứa`} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
