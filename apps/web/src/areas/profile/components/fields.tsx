import type { ReactNode } from 'react';

/** A read-only "label: value" list; a missing value reads "Chưa có". */
export function Fields({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(9rem,auto)_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="-mt-2 font-medium break-words text-fg sm:mt-0">{value === null || value === '' ? 'Chưa có' : value}</dd>
        </div>
      ))}
    </dl>
  );
}
