import { Link } from 'react-router';
import { isAxiosError } from 'axios';
import { formatDate } from '@app/shared/format';
import type { TDepartmentCompletion, TSurveyCompletion } from '@app/shared/survey-monitoring';
import { Badge } from '@/components/data/badge';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { useDepartmentCompletion } from '../api/get-department-completion';
import { useMyClassesCompletion } from '../api/get-my-classes-completion';
import { closesSoon, daysLeftText, studentsText } from '../lib/completion';
import { ProgressBar } from './progress-bar';

/*
 * The teachers' and heads' survey cards (issue 12): how far the open subject surveys about their
 * classes have got — counts only (the server gives them no names), nearest end first. Results come
 * once a survey is closed and published: the results cards say so.
 */

const NO_TEACHER_RECORD =
  'Tài khoản chưa gắn với hồ sơ giáo viên, nên chưa có lớp nào để theo dõi. Hãy liên hệ phòng giáo vụ để được gắn tài khoản.';
const isNoTeacherRecord = (error: unknown) =>
  isAxiosError(error) && (error.response?.data as { code?: unknown } | undefined)?.code === 'NO_TEACHER_RECORD';

/** "Kết thúc 06/12/2026 · Còn 9 ngày" — the days left in red when the survey closes soon. */
export function EndHint({ survey, extra }: { survey: Pick<TSurveyCompletion, 'endDate' | 'daysLeft'>; extra?: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span>Kết thúc {formatDate(survey.endDate) || '—'}</span>
      {closesSoon(survey.daysLeft) ? (
        <Badge tone="danger">{daysLeftText(survey.daysLeft)}</Badge>
      ) : (
        <span>· {daysLeftText(survey.daysLeft)}</span>
      )}
      {extra ? <span>· {extra}</span> : null}
    </span>
  );
}

/** TEACHER: the open subject surveys of the header's module over their own course classes, per class. */
export function MyClassesSurveysCard() {
  const { module, status } = useCurrentModule();
  const completion = useMyClassesCompletion(module?.id ?? null);
  const noRecord = isNoTeacherRecord(completion.error);
  const surveys = completion.data?.surveys ?? [];

  return (
    <CardPanel
      title="Khảo sát về lớp của tôi"
      description={
        module
          ? `Các khảo sát theo môn đang mở của học phần ${module.code}, tính trên các lớp thầy cô dạy. Giáo viên chỉ xem trước, không làm khảo sát.`
          : undefined
      }
      action={
        <Link to="/teacher/homeroom-surveys" className={cardLinkClass}>
          Khảo sát liên quan
        </Link>
      }
      loading={(!module && (status === 'idle' || status === 'loading')) || (!!module && completion.isPending)}
      error={noRecord ? undefined : (completion.error ?? undefined)}
      errorText="Không thể tải tiến độ khảo sát. Vui lòng thử lại sau."
      onRetry={() => void completion.refetch()}
    >
      {noRecord ? (
        <CardEmpty>{NO_TEACHER_RECORD}</CardEmpty>
      ) : !module ? (
        <CardEmpty>Chưa có học phần hiện tại. Khi nhà trường mở học phần, các khảo sát về lớp của thầy cô sẽ hiện ở đây.</CardEmpty>
      ) : surveys.length === 0 ? (
        <CardEmpty>
          Chưa có khảo sát theo môn nào đang mở cho các lớp của thầy cô trong học phần {module.code}. Khi nhà trường mở khảo sát, tiến độ
          trả lời của từng lớp sẽ hiện ở đây; kết quả có sau khi khảo sát kết thúc và được công bố.
        </CardEmpty>
      ) : (
        <ul className="space-y-5">
          {surveys.map((s) => (
            <li key={s.surveyId}>
              <ProgressBar
                label={
                  <Link to={`/teacher/survey-preview/${s.surveyId}`} className={cardLinkClass} title="Xem trước khảo sát">
                    {s.title}
                  </Link>
                }
                completion={s}
                hint={<EndHint survey={s} extra={studentsText(s)} />}
              />
              {s.courseClasses.length > 1 ? (
                <ul
                  className="mt-3 grid gap-x-6 gap-y-3 border-l-2 border-border pl-3 sm:grid-cols-2"
                  aria-label={`Các lớp của ${s.title}`}
                >
                  {s.courseClasses.map((c) => (
                    <li key={c.courseClassId}>
                      <ProgressBar label={c.courseClassName} completion={c} />
                    </li>
                  ))}
                </ul>
              ) : s.courseClasses.length === 1 ? (
                <p className="mt-1 text-xs text-muted">Lớp {s.courseClasses[0].courseClassName}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </CardPanel>
  );
}

/** HEAD_DEPARTMENT: each department they head — in all, per teacher (lowest first: whom to remind) and per open survey. */
export function DepartmentSurveysCard() {
  const { module, status } = useCurrentModule();
  const completion = useDepartmentCompletion(module?.id ?? null);
  const noRecord = isNoTeacherRecord(completion.error);
  const departments = completion.data?.departments ?? [];

  return (
    <CardPanel
      title="Tiến độ khảo sát của tổ"
      description={
        module
          ? `Các khảo sát theo môn đang mở của học phần ${module.code}, tính trên các lớp giáo viên trong tổ dạy. Chỉ có số lượt trả lời, không có tên học sinh.`
          : undefined
      }
      loading={(!module && (status === 'idle' || status === 'loading')) || (!!module && completion.isPending)}
      error={noRecord ? undefined : (completion.error ?? undefined)}
      errorText="Không thể tải tiến độ khảo sát của tổ. Vui lòng thử lại sau."
      onRetry={() => void completion.refetch()}
    >
      {noRecord ? (
        <CardEmpty>{NO_TEACHER_RECORD}</CardEmpty>
      ) : !module ? (
        <CardEmpty>Chưa có học phần hiện tại. Khi nhà trường mở học phần, tiến độ khảo sát của tổ sẽ hiện ở đây.</CardEmpty>
      ) : departments.length === 0 ? (
        <CardEmpty>Thầy cô chưa được giao phụ trách tổ chuyên môn nào. Khi được giao, tiến độ khảo sát của tổ sẽ hiện ở đây.</CardEmpty>
      ) : (
        <div className="space-y-6">
          {departments.map((d) => (
            <DepartmentBlock key={d.departmentId} department={d} moduleCode={module.code} />
          ))}
        </div>
      )}
    </CardPanel>
  );
}

function DepartmentBlock({ department: d, moduleCode }: { department: TDepartmentCompletion; moduleCode: string }) {
  if (d.expected === 0)
    return (
      <CardEmpty>
        Chưa có khảo sát theo môn nào đang mở cho các lớp của {d.departmentName} trong học phần {moduleCode}. Khi nhà trường mở khảo sát,
        tiến độ theo từng giáo viên sẽ hiện ở đây.
      </CardEmpty>
    );
  return (
    <div className="space-y-4">
      <ProgressBar large label={d.departmentName} completion={d} hint={studentsText(d)} />
      <div>
        <h3 className="mb-2 text-sm font-semibold text-fg">Theo giáo viên (tỷ lệ thấp nhất ở trên)</h3>
        <ul className="grid gap-x-8 gap-y-3 lg:grid-cols-2" aria-label={`Tiến độ theo giáo viên, ${d.departmentName}`}>
          {d.teachers.map((t) => (
            <li key={t.teacherId}>
              <ProgressBar label={t.fullName} completion={t} hint={`${t.classCount} lớp · ${studentsText(t)}`} />
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-fg">Theo khảo sát</h3>
        <ul className="space-y-3" aria-label={`Tiến độ theo khảo sát, ${d.departmentName}`}>
          {d.surveys.map((s) => (
            <li key={s.surveyId}>
              <ProgressBar label={s.title} completion={s} hint={<EndHint survey={s} />} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
