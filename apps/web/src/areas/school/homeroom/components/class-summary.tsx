import type { THomeroomClass } from '@app/shared/school';
import { formatValue } from '@/lib/format';

/** The class at a glance: its name, then grade, campus, year and size (two per row on a phone). */
export function ClassSummary({ cls }: { cls: THomeroomClass }) {
  const facts = [
    { label: 'Khối', value: String(cls.grade) },
    { label: 'Cơ sở', value: cls.campusName },
    { label: 'Năm học', value: cls.academicYearName },
    { label: 'Sĩ số', value: `${formatValue(cls.studentCount)} học sinh` },
  ];
  return (
    <section aria-labelledby="homeroom-class-name" className="mb-6 rounded-xl border border-border bg-surface p-4 sm:p-5">
      <p className="text-xs font-medium tracking-wide text-muted uppercase">Lớp</p>
      <h2 id="homeroom-class-name" className="mt-0.5 text-lg font-semibold break-words text-fg sm:text-xl">
        {cls.name}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        {facts.map((f) => (
          <div key={f.label} className="min-w-0">
            <dt className="text-muted">{f.label}</dt>
            <dd className="font-medium break-words text-fg">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
