import { Link, useNavigate } from 'react-router';
import { CalendarClock, PencilLine } from 'lucide-react';
import type { TStudentSurveyItem } from '@app/shared/surveys';
import { Badge } from '@/components/data/badge';
import { Button } from '@/components/ui/button';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { useAuth } from '@/areas/auth/public';
import { useStudentSurveys } from '../api/student-surveys-api';
import { daysLeft, daysLeftLabel, deadlineText } from '../lib/deadline';
import type { TSurveyFormState } from '../pages/survey-form-page';

/** How many surveys to do the card lists; the rest are on /student/surveys. */
const SHOWN = 4;
const SOON_DAYS = 3;

const byDeadline = (a: TStudentSurveyItem, b: TStudentSurveyItem) =>
  (a.endDate ?? '9999').localeCompare(b.endDate ?? '9999') || a.title.localeCompare(b.title, 'vi');

/**
 * The student's dashboard card (issue 12): the surveys still to do, nearest deadline first, each
 * with its deadline and a one-click start (the same navigation state as /student/surveys), and how
 * many are done.
 */
export function StudentSurveysCard() {
  const { user } = useAuth();
  const studentId = user?.studentId ?? null;
  const list = useStudentSurveys(studentId);
  const all = list.data ?? [];
  const notDone = all.filter((s) => !s.completed).sort(byDeadline);
  const done = all.length - notDone.length;

  return (
    <CardPanel
      title="Khảo sát cần làm"
      description={all.length ? `Đã hoàn thành ${done}/${all.length} khảo sát.` : undefined}
      action={
        studentId ? (
          <Link to="/student/surveys" className={cardLinkClass}>
            Xem tất cả khảo sát
          </Link>
        ) : null
      }
      loading={!!studentId && list.isPending}
      error={list.error ?? undefined}
      errorText="Không thể tải danh sách khảo sát. Vui lòng thử lại sau."
      onRetry={() => void list.refetch()}
    >
      {!studentId ? (
        <CardEmpty>Tài khoản chưa gắn với hồ sơ học sinh, nên chưa có khảo sát nào. Hãy liên hệ giáo viên chủ nhiệm.</CardEmpty>
      ) : all.length === 0 ? (
        <CardEmpty>Hiện chưa có khảo sát nào dành cho em. Khi nhà trường mở khảo sát, khảo sát và hạn chót sẽ hiện ở đây.</CardEmpty>
      ) : notDone.length === 0 ? (
        <CardEmpty>Em đã hoàn thành tất cả khảo sát. Cảm ơn em! Khảo sát mới sẽ hiện ở đây khi nhà trường mở.</CardEmpty>
      ) : (
        <>
          <ul className="divide-y divide-border">
            {notDone.slice(0, SHOWN).map((item) => (
              <li key={`${item.surveyId}-${item.courseClass?.id ?? 'g'}`} className="py-3 first:pt-0 last:pb-0">
                <NotDoneRow item={item} />
              </li>
            ))}
          </ul>
          {notDone.length > SHOWN ? (
            <p className="mt-3 text-sm text-muted">
              Còn {notDone.length - SHOWN} khảo sát khác cần làm —{' '}
              <Link to="/student/surveys" className={cardLinkClass}>
                xem tất cả
              </Link>
              .
            </p>
          ) : null}
        </>
      )}
    </CardPanel>
  );
}

function NotDoneRow({ item }: { item: TStudentSurveyItem }) {
  const navigate = useNavigate();
  const start = () => {
    const state: TSurveyFormState = { surveyId: item.surveyId, courseClassId: item.courseClass?.id ?? null };
    void navigate('/student/surveys/form', { state });
  };
  const titleId = `dash-survey-${item.surveyId}-${item.courseClass?.id ?? 'g'}`;
  const days = daysLeft(item.endDate);
  const deadline = deadlineText(item.endDate);
  // A course class's name already says its subject ("Toán – lớp 10 Toán").
  const about = item.courseClass ? `Lớp học phần ${item.courseClass.name}` : null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p id={titleId} className="font-medium break-words text-fg">
          {item.title}
        </p>
        {about ? <p className="text-sm break-words text-muted">{about}</p> : null}
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
          <span>{deadline ? `Hạn chót: ${deadline}` : 'Chưa đặt hạn chót'}</span>
          {days !== null ? <Badge tone={days <= SOON_DAYS ? 'danger' : 'neutral'}>{daysLeftLabel(days)}</Badge> : null}
        </p>
      </div>
      <Button onClick={start} aria-describedby={titleId} className="shrink-0 self-start sm:self-center">
        <PencilLine aria-hidden="true" className="size-4" />
        Làm khảo sát
      </Button>
    </div>
  );
}
