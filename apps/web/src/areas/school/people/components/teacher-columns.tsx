import type { TTeacher } from '@app/shared/school';
import type { Column } from '@/components/data/data-table';

function Subjects({ t }: { t: TTeacher }) {
  if (!t.subjects.length) return <span className="text-muted">—</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {t.subjects.map((s) => (
        <li key={s.id} title={s.code} className="rounded-full bg-surface-2 px-2 py-0.5 text-xs whitespace-nowrap">
          {s.name}
        </li>
      ))}
    </ul>
  );
}

/** The teacher list's columns, shared by the admin's page and the head of department's. */
export const teacherColumns: Column<TTeacher>[] = [
  { key: 'code', header: 'Mã GV', cell: (t) => <span className="font-mono text-xs">{t.staffCode}</span>, sortKey: 'staffCode' },
  {
    key: 'name',
    header: 'Họ và tên',
    primary: true,
    sortKey: 'fullName',
    cell: (t) => (
      <span className="inline-flex flex-wrap items-center gap-1.5 font-medium">
        {t.fullName}
        {t.isHead ? (
          <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">Tổ trưởng/tổ phó</span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'email',
    header: 'E-mail',
    cell: (t) => t.email ?? <span className="text-muted">—</span>,
    className: 'break-all md:break-normal md:whitespace-nowrap',
  },
  {
    key: 'department',
    header: 'Tổ chuyên môn',
    cell: (t) => t.departmentName ?? <span className="text-muted">Chưa có tổ</span>,
    sortKey: 'departmentName',
  },
  { key: 'subjects', header: 'Môn dạy', cell: (t) => <Subjects t={t} /> },
];
