import { useMemo } from 'react';
import { CircleAlert } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { useUrlParams } from '@/components/data/url-params';
import { Skeleton } from '@/components/ui/skeleton';
import { useClassCompletion, useGradeCampusCompletion, useSurveyCompletion } from '../api/monitoring-api';
import { studentsText } from '../lib/completion';
import { CompletionBars } from './completion-bars';
import { CompletionSummary } from './completion-summary';
import { PendingStudents, pendingOfClass } from './pending-students';

/**
 * Live completion of one survey: overall, a bar per homeroom class and per grade × campus, and the
 * students not done yet (searchable, paged, exportable). Used by the admin survey page's "Tiến độ"
 * tab and the quality / principal drill-down.
 */
export function CompletionPanel({ surveyId }: { surveyId: number }) {
  const scope = useMemo(() => ({ surveyId }), [surveyId]);
  const overall = useSurveyCompletion(surveyId);
  const byClass = useClassCompletion(scope);
  const byGradeCampus = useGradeCampusCompletion(scope);
  const params = useUrlParams();
  const classOptions = useMemo(
    () =>
      (byClass.data ?? [])
        .filter((c) => c.homeroomClassId !== null)
        .map((c) => ({ value: c.homeroomClassId!, label: c.homeroomClassName ?? '' })),
    [byClass.data],
  );
  const showClass = (classId: number | null) => params.update(pendingOfClass(classId));

  if (overall.isPending) return <Skeleton className="h-28 rounded-xl" />;
  if (overall.isError || !overall.data)
    return (
      <p role="alert" className="flex items-center gap-2 rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        {errorMessage(overall.error, 'Không thể tải tiến độ khảo sát. Vui lòng thử lại sau.')}
      </p>
    );
  const survey = overall.data;
  return (
    <div className="space-y-4">
      <CompletionSummary survey={survey} />
      {survey.status === 'draft' ? (
        <p className="rounded-lg border border-border bg-surface-2 p-3 text-sm text-muted">
          Khảo sát chưa mở: các số liệu dưới đây là những học sinh sẽ phải trả lời khi khảo sát được mở.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <CompletionBars
          title="Theo lớp chủ nhiệm"
          description="Bài đã gửi được tính vào lớp của học sinh lúc gửi; bài chưa gửi theo lớp hiện tại."
          rows={byClass.data}
          loading={byClass.isPending}
          error={byClass.error}
          onRetry={() => void byClass.refetch()}
          rowKey={(r) => r.homeroomClassId ?? 0}
          label={(r) => r.homeroomClassName ?? 'Chưa xếp lớp'}
          hint={(r) => `${studentsText(r)}${r.homeroomTeacherName ? ` · GVCN ${r.homeroomTeacherName}` : ''}`}
          action={(r) =>
            r.done < r.expected ? (
              <button
                type="button"
                onClick={() => showClass(r.homeroomClassId)}
                aria-label={`Xem học sinh chưa làm ${r.homeroomClassName ? `lớp ${r.homeroomClassName}` : '(chưa xếp lớp)'}`}
                className="rounded font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
              >
                Xem học sinh chưa làm
              </button>
            ) : null
          }
          emptyText="Không có học sinh nào phải làm khảo sát này."
        />
        <CompletionBars
          title="Theo khối và cơ sở"
          rows={byGradeCampus.data}
          loading={byGradeCampus.isPending}
          error={byGradeCampus.error}
          onRetry={() => void byGradeCampus.refetch()}
          rowKey={(r) => `${r.grade}-${r.campusId}`}
          label={(r) => `Khối ${r.grade} – ${r.campusName}`}
          hint={(r) => studentsText(r)}
          emptyText="Không có học sinh nào phải làm khảo sát này."
        />
      </div>
      <PendingStudents surveyId={surveyId} subject={survey.surveyType === 'SUBJECT_SPECIFIC'} classOptions={classOptions} />
    </div>
  );
}
