import { useState, type ReactNode } from 'react';
import { ClipboardCheck } from 'lucide-react';
import { tutoringKindLabel, type TMySession } from '@app/shared/tutoring';
import { useRouteTitle } from '@/components/data/use-route-title';
import { Button } from '@/components/ui/button';
import { CardEmpty, CardPanel } from '@/components/ui/card-panel';
import { PageHeader } from '@/components/ui/page-header';
import { useMyTutoring } from '../api/mine';
import { AttendanceDialog } from '../components/attendance-sheet';
import { SessionStatusBadge, sessionWhen } from '../components/session-status';

/**
 * /teacher/tutoring: the teacher's own groups, the sessions to come, and past sessions still waiting for
 * attendance, each with its sheet (GET /tutoring/mine, GET/PUT …/attendance).
 */
export default function MyTutoringPage() {
  const title = useRouteTitle('Phụ đạo của tôi');
  const mine = useMyTutoring();
  const [marking, setMarking] = useState<number | null>(null);
  const state = { loading: mine.isPending, error: mine.error, onRetry: () => void mine.refetch() };
  const data = mine.data;
  return (
    <div className="space-y-4">
      <PageHeader title={title} subtitle="Nhóm phụ đạo bạn dạy, lịch sắp tới và các buổi cần điểm danh." />
      <CardPanel title="Cần điểm danh" {...state}>
        {data && data.toMark.length === 0 ? <CardEmpty>Không có buổi nào chờ điểm danh.</CardEmpty> : null}
        <SessionList
          sessions={data?.toMark ?? []}
          action={(s) => (
            <Button onClick={() => setMarking(s.id)} aria-label={`Điểm danh buổi ${sessionWhen(s)} nhóm ${s.groupName}`}>
              <ClipboardCheck aria-hidden="true" className="size-4" />
              Điểm danh
            </Button>
          )}
        />
      </CardPanel>
      <CardPanel title="Buổi sắp tới" {...state}>
        {data && data.upcoming.length === 0 ? <CardEmpty>Chưa có buổi phụ đạo nào sắp tới.</CardEmpty> : null}
        <SessionList sessions={data?.upcoming ?? []} />
      </CardPanel>
      <CardPanel title="Nhóm của tôi" {...state}>
        {data && data.groups.length === 0 ? <CardEmpty>Bạn chưa được phân công nhóm phụ đạo nào.</CardEmpty> : null}
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {data?.groups.map((g) => (
            <li key={g.id} className="rounded-lg border border-border p-3 text-sm">
              <p className="font-medium text-fg">{g.name}</p>
              <p className="text-muted">
                {tutoringKindLabel(g.kind)} · {g.subjectName}
              </p>
              <p className="text-muted">
                {g.studentCount} học sinh · đã dạy {g.taughtCount}/{g.sessionCount} buổi ({g.taughtPeriods} tiết)
              </p>
            </li>
          ))}
        </ul>
      </CardPanel>
      <AttendanceDialog sessionId={marking} onClose={() => setMarking(null)} />
    </div>
  );
}

function SessionList({ sessions, action }: { sessions: TMySession[]; action?: (s: TMySession) => ReactNode }) {
  if (sessions.length === 0) return null;
  return (
    <ul className="mt-3 divide-y divide-border">
      {sessions.map((s) => (
        <li key={s.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 text-sm">
            <p className="font-medium text-fg">{s.groupName}</p>
            <p className="text-muted">
              {sessionWhen(s)}
              {s.classroomName ? ` · phòng ${s.classroomName}` : ''} · {s.subjectName}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <SessionStatusBadge status={s.status} />
            {action?.(s)}
          </div>
        </li>
      ))}
    </ul>
  );
}
