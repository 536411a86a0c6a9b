import { Link, useNavigate } from 'react-router';
import { CalendarDays, CheckCircle2, ClipboardList, Eye, PencilLine } from 'lucide-react';
import { formatDate, formatDateTime } from '@app/shared/format';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import type { TStudentSurveyItem } from '@app/shared/surveys';
import { useRouteTitle } from '@/components/data/use-route-title';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/areas/auth/public';
import { useStudentSurveys } from '../api/student-surveys-api';
import { InlineError } from '@/areas/surveys/core/components/inline-error';
import type { TSurveyFormState } from './survey-form-page';

/** Where a done survey's own answers are shown (course class in the query for subject surveys). */
const ownResponsePath = (item: Pick<TStudentSurveyItem, 'surveyId' | 'courseClass'>) =>
  `/student/surveys/${item.surveyId}${item.courseClass ? `?courseClassId=${item.courseClass.id}` : ''}`;

/** /student/surveys: what the student must answer, "Chưa hoàn thành" then "Đã hoàn thành". */
export default function StudentSurveysPage() {
  const title = useRouteTitle('Khảo sát');
  const { user } = useAuth();
  const studentId = user?.studentId ?? null;
  const list = useStudentSurveys(studentId);

  let body;
  if (!studentId) body = <InlineError text={SURVEY_MSG.noStudent} backTo="/student/dashboard" />;
  else if (list.isPending)
    body = (
      <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-40 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
        <span role="status" className="sr-only">
          Đang tải danh sách khảo sát...
        </span>
      </div>
    );
  else if (list.isError)
    body = (
      <InlineErrorNoBack
        text={errorMessage(list.error, 'Không thể tải danh sách khảo sát. Vui lòng thử lại sau.')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (list.data.length === 0)
    body = (
      <EmptyState
        icon={ClipboardList}
        title="Hiện chưa có khảo sát nào dành cho em."
        description="Khi nhà trường mở khảo sát, khảo sát sẽ hiện ở đây."
      />
    );
  else {
    const todo = list.data.filter((s) => !s.completed);
    const done = list.data.filter((s) => s.completed);
    body = (
      <div className="space-y-8">
        <Group id="todo" title="Chưa hoàn thành" items={todo} empty="Em đã hoàn thành tất cả khảo sát. Cảm ơn em!" />
        <Group id="done" title="Đã hoàn thành" items={done} empty="Chưa có khảo sát nào được hoàn thành." />
      </div>
    );
  }
  return (
    <div>
      <PageHeader title={title} subtitle="Ý kiến của em giúp nhà trường nâng cao chất lượng dạy và học." />
      {body}
    </div>
  );
}

function InlineErrorNoBack({ text, onRetry, retrying }: { text: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-5">
      <p className="text-sm font-medium text-danger">Lỗi: {text}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        Thử lại
      </Button>
    </div>
  );
}

function Group({ id, title, items, empty }: { id: string; title: string; items: TStudentSurveyItem[]; empty: string }) {
  const headingId = `survey-group-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-lg font-semibold text-fg">
        {title}
        <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">{items.length}</span>
      </h2>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-surface px-4 py-6 text-center text-sm text-muted">{empty}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {items.map((item) => (
            <li key={`${item.surveyId}-${item.courseClass?.id ?? 'general'}`}>
              <SurveyCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SurveyCard({ item }: { item: TStudentSurveyItem }) {
  const navigate = useNavigate();
  const start = () => {
    const state: TSurveyFormState = { surveyId: item.surveyId, courseClassId: item.courseClass?.id ?? null };
    void navigate('/student/surveys/form', { state });
  };
  const teachers = item.courseClass?.teachers.map((t) => t.displayName).join(', ');
  const titleId = `survey-${item.surveyId}-${item.courseClass?.id ?? 'g'}`;
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-fg">
          {item.title}
        </h3>
        {item.completed ? <CheckCircle2 aria-label="Đã hoàn thành" className="size-5 shrink-0 text-primary" /> : null}
      </div>
      <p className="flex items-center gap-1.5 text-sm text-muted">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        {formatDate(item.startDate) || '—'} – {formatDate(item.endDate) || '—'}
      </p>
      {item.surveyType === 'SUBJECT_SPECIFIC' ? (
        <dl className="space-y-0.5 text-sm">
          {item.subject ? <Row label="Môn học" value={item.subject.name} /> : null}
          {item.courseClass ? <Row label="Lớp học phần" value={item.courseClass.name} /> : null}
          {teachers ? <Row label="Giáo viên" value={teachers} /> : null}
        </dl>
      ) : null}
      {item.completed && item.submittedAt ? <p className="text-xs text-muted">Đã gửi lúc {formatDateTime(item.submittedAt)}</p> : null}
      <div className="mt-auto pt-1">
        {item.completed ? (
          <Link to={ownResponsePath(item)} className={buttonClass('secondary')}>
            <Eye aria-hidden="true" className="size-4" />
            Xem câu trả lời
          </Link>
        ) : (
          <Button onClick={start} aria-describedby={titleId}>
            <PencilLine aria-hidden="true" className="size-4" />
            Làm khảo sát
          </Button>
        )}
      </div>
    </article>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-muted">{label}:</dt>
      <dd className="text-fg">{value}</dd>
    </div>
  );
}
