import { useState } from 'react';
import { ABSENCE_LIMIT, ABSENCE_WARNING, type TStudentAbsence } from '@app/shared/forms';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { Button } from '@/components/ui/button';
import { useAbsences } from '../api/get-absences';

const LEVEL: Record<TStudentAbsence['level'], { label: string; tone: 'neutral' | 'primary' | 'danger' } | null> = {
  ok: null,
  warning: { label: `Cảnh báo (từ ${ABSENCE_WARNING} buổi)`, tone: 'danger' },
  over: { label: `Vượt ${ABSENCE_LIMIT} buổi`, tone: 'danger' },
};

/**
 * The class's absences from approved leave this school year, per student, against the 45 half-day sessions
 * of Thông tư 22/2021 (warning from 30), most first; students with none are folded away.
 */
export function AbsencesPanel({ classId }: { classId: number }) {
  const q = useAbsences(classId);
  const [all, setAll] = useState(false);
  const students = q.data?.students ?? [];
  const rows = all ? students : students.filter((s) => s.sessions > 0);
  const warned = students.filter((s) => s.level !== 'ok').length;
  const columns: Column<TStudentAbsence>[] = [
    { key: 'name', header: 'Học sinh', primary: true, cell: (s) => `${s.fullName} (${s.studentCode})` },
    {
      key: 'sessions',
      header: 'Buổi vắng có phép',
      align: 'right',
      cell: (s) => (
        <span className={s.level === 'ok' ? '' : 'font-semibold text-danger'}>
          {s.sessions}/{ABSENCE_LIMIT}
        </span>
      ),
    },
    { key: 'forms', header: 'Số đơn', align: 'right', cell: (s) => s.forms, hideOnMobile: true },
    {
      key: 'level',
      header: 'Mức',
      cell: (s) => (LEVEL[s.level] ? <Badge tone={LEVEL[s.level]!.tone}>{LEVEL[s.level]!.label}</Badge> : ''),
    },
  ];
  return (
    <section aria-labelledby="absences" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="absences" className="text-base font-semibold">
          Số buổi nghỉ học có phép {q.data?.academicYearName ? `năm học ${q.data.academicYearName}` : ''}
        </h3>
        <p className="text-xs text-muted">
          Tối đa {ABSENCE_LIMIT} buổi/năm (Thông tư 22/2021/TT-BGDĐT); cảnh báo từ {ABSENCE_WARNING} buổi.
          {warned ? ` ${warned} học sinh cần lưu ý.` : ''}
        </p>
      </div>
      <DataTable
        label="Số buổi nghỉ học có phép theo học sinh"
        columns={columns}
        rows={q.data ? rows : undefined}
        rowKey={(s) => s.studentId}
        loading={q.isPending}
        error={q.isError ? q.error : undefined}
        onRetry={() => void q.refetch()}
        emptyTitle="Chưa có học sinh nào nghỉ học theo đơn được duyệt."
      />
      {students.length > rows.length || all ? (
        <Button variant="ghost" onClick={() => setAll((v) => !v)}>
          {all ? 'Chỉ hiện học sinh có buổi nghỉ' : `Hiện cả lớp (${students.length} học sinh)`}
        </Button>
      ) : null}
    </section>
  );
}
