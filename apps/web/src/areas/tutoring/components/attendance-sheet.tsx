import { useState } from 'react';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES, ATTENDED, type TAttendanceSheet, type TAttendanceStatus } from '@app/shared/tutoring';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SectionSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAttendance, useSaveAttendance } from '../api/attendance';
import { sessionWhen } from './session-status';

/**
 * The attendance of one session in a dialog: every student of the group with a mark, saved all at once
 * (PUT …/attendance marks the session taught). Students not marked yet start as present, the usual case.
 */
export function AttendanceDialog({ sessionId, onClose }: { sessionId: number | null; onClose: () => void }) {
  if (sessionId === null) return null;
  return <AttendanceBody sessionId={sessionId} onClose={onClose} />;
}

function AttendanceBody({ sessionId, onClose }: { sessionId: number; onClose: () => void }) {
  const sheet = useAttendance(sessionId);
  const title = sheet.data ? `Điểm danh: ${sheet.data.groupName}` : 'Điểm danh';
  return (
    <Modal open onClose={onClose} title={title} description={sheet.data ? sessionWhen(sheet.data.session) : undefined} size="lg">
      {sheet.isPending ? (
        <SectionSpinner label="Đang tải danh sách học sinh..." />
      ) : sheet.isError ? (
        <LoadError error={sheet.error} onRetry={() => void sheet.refetch()} fallback="Không thể tải danh sách điểm danh." />
      ) : (
        <SheetForm sheet={sheet.data} sessionId={sessionId} onDone={onClose} />
      )}
    </Modal>
  );
}

function SheetForm({ sheet, sessionId, onDone }: { sheet: TAttendanceSheet; sessionId: number; onDone: () => void }) {
  const [marks, setMarks] = useState<Record<number, TAttendanceStatus>>(() =>
    Object.fromEntries(sheet.students.map((s) => [s.id, s.status ?? 'present'])),
  );
  const [error, setError] = useState<string | null>(null);
  const save = useSaveAttendance(sessionId, onDone);
  if (sheet.students.length === 0) {
    return <EmptyState title="Nhóm chưa có học sinh" description="Hãy thêm học sinh vào nhóm trước khi điểm danh." />;
  }
  const attended = sheet.students.filter((s) => ATTENDED.includes(marks[s.id])).length;
  const submit = async () => {
    setError(null);
    try {
      const notes = new Map(sheet.students.map((s) => [s.id, s.note]));
      await save.mutateAsync({
        items: sheet.students.map((s) => ({ studentId: s.id, status: marks[s.id], note: notes.get(s.id) ?? null })),
      });
    } catch (err) {
      setError(errorMessage(err, 'Không thể lưu điểm danh. Vui lòng thử lại sau.'));
    }
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted">
          Có mặt {attended}/{sheet.students.length} học sinh
          {sheet.session.status !== 'taught' ? ' · chưa lưu điểm danh' : ''}
        </p>
        <Button variant="secondary" onClick={() => setMarks(Object.fromEntries(sheet.students.map((s) => [s.id, 'present'])))}>
          Tất cả có mặt
        </Button>
      </div>
      <ul aria-label="Danh sách điểm danh" className="divide-y divide-border rounded-lg border border-border">
        {sheet.students.map((s) => (
          <li key={s.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium text-fg">{s.name}</p>
              <p className="text-xs text-muted">
                {s.code}
                {s.homeroomClassName ? ` · ${s.homeroomClassName}` : ''}
              </p>
            </div>
            <label className="sr-only" htmlFor={`att-${sessionId}-${s.id}`}>
              Điểm danh {s.name}
            </label>
            <select
              id={`att-${sessionId}-${s.id}`}
              value={marks[s.id]}
              onChange={(e) => setMarks((m) => ({ ...m, [s.id]: e.target.value as TAttendanceStatus }))}
              className="w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-primary sm:w-48"
            >
              {ATTENDANCE_STATUSES.map((st) => (
                <option key={st} value={st}>
                  {ATTENDANCE_LABELS[st]}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-danger/10 p-3 text-sm text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Hủy
        </Button>
        <Button onClick={() => void submit()} disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          Lưu điểm danh
        </Button>
      </div>
    </div>
  );
}
