import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Eye, RefreshCw, Trash2 } from 'lucide-react';
import type { TSurveyStudentStatus } from '@app/shared/survey-monitoring';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { Modal } from '@/components/data/modal';
import { IconAction, RowActions } from '@/components/data/row-actions';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { apiClient, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@app/shared/format';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/areas/auth/public';
import { loadErrorText, ownResponseToAnswers, surveyQuery } from '@/areas/surveys/core/api/survey-api';
import { FormSkeleton } from '@/areas/surveys/core/components/inline-error';
import { SurveyFormView } from '@/areas/surveys/core/components/survey-form-view';
import { MONITOR_PATHS } from '../api/monitoring-api';

const studentResponsePath = (surveyId: number, studentId: number) => `/v1/surveys/${surveyId}/responses/student/${studentId}`;

/** Everything a deleted response moves: this list, the completion figures, the dashboards, the responses. */
const invalidateFor = (surveyId: number) => [
  MONITOR_PATHS.surveyStudents(surveyId),
  MONITOR_PATHS.surveys,
  MONITOR_PATHS.byClass,
  MONITOR_PATHS.byGradeCampus,
  MONITOR_PATHS.stats,
  `/v1/surveys/${surveyId}/responses`,
];

const who = (r: TSurveyStudentStatus) => `${r.fullName} (${r.studentCode})${r.courseClassName ? ` – ${r.courseClassName}` : ''}`;

/**
 * The admin's row actions on a done student of the "Tiến độ" list: "Xem câu trả lời" (read-only, the
 * student's own renderer) and "Xóa phản hồi" (the student may then answer again). The server allows
 * both to ADMIN only, so other roles get no actions at all (`actions` undefined: no empty column).
 */
export function useStudentResponseActions(
  surveyId: number,
  subject: boolean,
): {
  actions: ((r: TSurveyStudentStatus) => ReactNode) | undefined;
  dialogs: ReactNode;
} {
  const { user } = useAuth();
  const isAdmin = Boolean(user?.roles.some((r) => r.role === 'ADMIN'));
  const [viewing, setViewing] = useState<TSurveyStudentStatus | null>(null);
  const [deleting, setDeleting] = useState<TSurveyStudentStatus | null>(null);
  const remove = useApiMutation<TSurveyStudentStatus>({
    method: 'delete',
    // A subject survey holds one response per course class: delete only this row's one.
    url: (r) => `${studentResponsePath(surveyId, r.studentId)}${subject && r.courseClassId ? `?courseClassId=${r.courseClassId}` : ''}`,
    invalidate: invalidateFor(surveyId),
    successMessage: 'Đã xóa phản hồi.',
  });
  if (!isAdmin) return { actions: undefined, dialogs: null };
  const actions = (r: TSurveyStudentStatus) =>
    r.done ? (
      <RowActions name={`phản hồi của ${r.fullName}`}>
        <IconAction icon={Eye} label={`Xem câu trả lời của ${r.fullName}`} onClick={() => setViewing(r)} />
        <IconAction icon={Trash2} label={`Xóa phản hồi của ${r.fullName}`} onClick={() => setDeleting(r)} danger />
      </RowActions>
    ) : null;
  const dialogs = (
    <>
      {viewing ? <StudentResponseDialog surveyId={surveyId} row={viewing} subject={subject} onClose={() => setViewing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Xóa phản hồi?"
        confirmLabel="Xóa phản hồi"
        message={
          deleting ? (
            <>
              <p>
                Xóa câu trả lời của <strong>{who(deleting)}</strong>
                {deleting.submittedAt ? `, gửi lúc ${formatDateTime(deleting.submittedAt)}` : ''}.
              </p>
              <p className="mt-2 text-muted">
                Học sinh sẽ được làm lại khảo sát này (nếu khảo sát còn mở). Câu trả lời đã xóa không khôi phục được; thao tác được ghi nhật
                ký.
              </p>
            </>
          ) : null
        }
        onConfirm={() => remove.mutateAsync(deleting!)}
      />
    </>
  );
  return { actions, dialogs };
}

/** One student's submitted answers, read-only: the survey definition + GET …/responses/student/{id}. */
function StudentResponseDialog({
  surveyId,
  row,
  subject,
  onClose,
}: {
  surveyId: number;
  row: TSurveyStudentStatus;
  subject: boolean;
  onClose: () => void;
}) {
  const courseClassId = subject ? row.courseClassId : null;
  const survey = useQuery(surveyQuery(surveyId, null));
  const response = useQuery({
    queryKey: ['admin-student-response', studentResponsePath(surveyId, row.studentId), courseClassId],
    queryFn: async () => {
      const res = await apiClient.get(studentResponsePath(surveyId, row.studentId), {
        params: courseClassId ? { courseClassId } : undefined,
      });
      const list = ((res.data ?? {}) as { data?: unknown }).data;
      const items = Array.isArray(list) ? (list as Array<{ courseClassId?: number | null; submission?: unknown }>) : [];
      return items.find((x) => (x.courseClassId ?? null) === courseClassId) ?? items[0] ?? null;
    },
    retry: false,
  });
  let body: ReactNode;
  if (survey.isError)
    body = <LoadError text={loadErrorText(survey.error)} onRetry={() => void survey.refetch()} retrying={survey.isFetching} />;
  else if (response.isError)
    body = (
      <LoadError
        text={errorMessage(response.error, 'Không thể tải câu trả lời.')}
        onRetry={() => void response.refetch()}
        retrying={response.isFetching}
      />
    );
  else if (survey.isPending || response.isPending) body = <FormSkeleton label="Đang tải câu trả lời..." />;
  else if (!response.data?.submission) body = <LoadError text="Không tìm thấy câu trả lời của học sinh này (có thể đã bị xóa)." />;
  else
    body = (
      <SurveyFormView
        survey={survey.data}
        answers={ownResponseToAnswers(survey.data, response.data.submission)}
        mode="readonly"
        idPrefix="adm"
      />
    );
  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title={`Câu trả lời của ${row.fullName}`}
      description={`${row.studentCode}${row.courseClassName ? ` · ${row.courseClassName}` : ''}${row.submittedAt ? ` · Gửi lúc ${formatDateTime(row.submittedAt)}` : ''} · Chỉ xem`}
    >
      {body}
    </Modal>
  );
}

/** A load error inside the dialog (the student pages' InlineError links back to the student list). */
function LoadError({ text, onRetry, retrying }: { text: string; onRetry?: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4">
      <p className="flex items-center gap-2 text-sm font-medium text-danger">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        Lỗi: {text}
      </p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
          Thử lại
        </Button>
      ) : null}
    </div>
  );
}
