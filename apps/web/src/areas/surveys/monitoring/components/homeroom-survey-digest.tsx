import { Link } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { CardEmpty, cardLinkClass } from '@/components/ui/card-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useHomeroomSurveyStatus } from '../api/monitoring-api';
import { usePendingStudents } from '../api/get-pending-students';
import { studentsText } from '../lib/completion';
import { ProgressBar } from './progress-bar';
import { EndHint } from './teaching-completion-cards';

/** How many students who have not finished the card names; the rest are on /teacher/homeroom-class. */
const NAMED = 8;
const PAGE = '/teacher/homeroom-class';

type ClassRef = { id: number; name: string };

/**
 * A compact "Tiến độ khảo sát" of /teacher/homeroom-class for the homeroom teacher's dashboard card
 * (issue 12): the class's completion per open survey of the module and the first students who have not
 * finished, with what they still have to do. Done / not done only, as the homeroom endpoints give it
 * (never answers). The card around it (which class, its heading) is the homeroom area's.
 */
export function HomeroomSurveyDigest({ cls, moduleId }: { cls: ClassRef; moduleId: number | undefined }) {
  const status = useHomeroomSurveyStatus(cls.id, moduleId);
  const surveys = status.data?.surveys ?? [];
  if (status.isPending) return <Loading />;
  if (status.isError) return <InlineError error={status.error} onRetry={() => void status.refetch()} />;
  if (surveys.length === 0)
    return (
      <CardEmpty>
        Chưa có khảo sát nào đang mở cho lớp {cls.name}
        {status.data.moduleCode ? ` trong học phần ${status.data.moduleCode}` : ''}. Khi nhà trường mở khảo sát, tiến độ và những em chưa
        làm sẽ hiện ở đây.
      </CardEmpty>
    );
  return (
    <div className="space-y-5">
      <ul className="space-y-4" aria-label={`Tiến độ khảo sát của lớp ${cls.name}`}>
        {surveys.map((s) => (
          <li key={s.surveyId}>
            <ProgressBar label={s.title} completion={s} hint={<EndHint survey={s} extra={studentsText(s)} />} />
          </li>
        ))}
      </ul>
      <PendingStudents cls={cls} moduleId={status.data.moduleId ?? moduleId} />
    </div>
  );
}

function PendingStudents({ cls, moduleId }: { cls: ClassRef; moduleId: number | undefined }) {
  const pending = usePendingStudents({ homeroomClassId: cls.id, moduleId, limit: NAMED });
  const headingId = `homeroom-pending-${cls.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-fg">
        Học sinh chưa hoàn thành{pending.data ? ` (${pending.data.total})` : ''}
      </h3>
      {pending.isPending ? (
        <Loading />
      ) : pending.isError ? (
        <InlineError error={pending.error} onRetry={() => void pending.refetch()} />
      ) : pending.data.items.length === 0 ? (
        <p className="text-sm text-muted">Cả lớp đã hoàn thành các khảo sát đang mở.</p>
      ) : (
        <>
          <ul className="divide-y divide-border text-sm">
            {pending.data.items.map((s) => (
              <li key={s.studentId} className="py-1.5">
                <span className="font-medium text-fg">{s.fullName}</span>
                <span className="text-muted">
                  {' '}
                  · còn {s.pending.length}:{' '}
                  {s.pending.map((p) => (p.courseClassName ? `${p.title} (${p.courseClassName})` : p.title)).join('; ')}
                </span>
              </li>
            ))}
          </ul>
          {pending.data.total > pending.data.items.length ? (
            <p className="mt-2 text-sm text-muted">
              Và {pending.data.total - pending.data.items.length} em khác —{' '}
              <Link to={PAGE} className={cardLinkClass}>
                xem cả danh sách
              </Link>
              .
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Loading() {
  return (
    <div aria-busy="true" className="space-y-2">
      <Skeleton className="h-6" />
      <Skeleton className="h-6 w-2/3" />
      <span className="sr-only">Đang tải tiến độ khảo sát...</span>
    </div>
  );
}

function InlineError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      {errorMessage(error, 'Không thể tải tiến độ khảo sát. Vui lòng thử lại sau.')}
      <button type="button" onClick={onRetry} className={cardLinkClass}>
        Thử lại
      </button>
    </div>
  );
}
