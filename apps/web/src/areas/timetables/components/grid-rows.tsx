import { SESSION_LABELS, type TPeriod } from '@app/shared/timetables';

/** The row that opens a session ("Buổi sáng") across the whole week table. */
export function SessionHeaderRow({ session, columns }: { session: TPeriod['session']; columns: number }) {
  return (
    <tr>
      <th
        colSpan={columns + 1}
        scope="colgroup"
        className="bg-surface-2 px-2 py-1 text-left text-xs font-semibold tracking-wide text-muted uppercase print:bg-transparent"
      >
        Buổi {SESSION_LABELS[session].toLowerCase()}
      </th>
    </tr>
  );
}

/** A period's row header: "Tiết 3" and its times (start – end, or the start alone where space is short). */
export function PeriodRowHeader({ period, startOnly = false }: { period: TPeriod; startOnly?: boolean }) {
  return (
    <th scope="row" className="p-2 text-left align-top text-xs font-medium text-fg">
      Tiết {period.period}
      <span className="block font-normal text-muted tabular-nums">{startOnly ? period.start : `${period.start} – ${period.end}`}</span>
    </th>
  );
}
