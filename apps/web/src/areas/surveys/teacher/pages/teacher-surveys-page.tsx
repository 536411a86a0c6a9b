import { Link } from 'react-router';
import { ClipboardList, Eye } from 'lucide-react';
import { formatDate } from '@app/shared/format';
import { SURVEY_STATUS_LABELS } from '@app/shared/surveys';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { useRouteTitle } from '@/components/data/use-route-title';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/areas/auth/public';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { useTeacherSurveys, type TTeacherSurveyRow } from '../api/teacher-surveys-api';

const previewPath = (surveyId: number) => `/teacher/survey-preview/${surveyId}`;

const COLUMNS: Column<TTeacherSurveyRow>[] = [
  { key: 'title', header: 'Khảo sát', primary: true, cell: (r) => <span className="font-medium text-fg">{r.survey.title}</span> },
  {
    key: 'type',
    header: 'Loại',
    cell: (r) =>
      r.survey.surveyType === 'SUBJECT_SPECIFIC'
        ? `Theo môn học${r.survey.subjectName ? ` – ${r.survey.subjectName}` : ''}`
        : 'Khảo sát chung',
  },
  {
    key: 'concerns',
    header: 'Lớp liên quan',
    cell: (r) =>
      r.homeroomClass
        ? `Lớp chủ nhiệm ${r.homeroomClass.name} (khối ${r.homeroomClass.grade})`
        : r.courseClasses.map((c) => c.name).join(', '),
  },
  { key: 'dates', header: 'Thời gian', cell: (r) => `${formatDate(r.survey.startDate) || '—'} – ${formatDate(r.survey.endDate) || '—'}` },
  {
    key: 'status',
    header: 'Trạng thái',
    cell: (r) => <Badge tone={r.survey.status === 'active' ? 'primary' : 'neutral'}>{SURVEY_STATUS_LABELS[r.survey.status]}</Badge>,
  },
];

/**
 * /teacher/homeroom-surveys: the surveys of the current module that concern the teacher (subject
 * surveys of the subjects they teach, general surveys of their homeroom class's grade), each with a
 * "Xem trước" link to the read-only preview.
 */
export default function TeacherSurveysPage() {
  const title = useRouteTitle('Khảo sát liên quan');
  const { user } = useAuth();
  const { module, status } = useCurrentModule();
  const isTeacher = (user?.roles ?? []).some((r) => r.role === 'TEACHER');
  const list = useTeacherSurveys(module, isTeacher);

  const subtitle = module
    ? `Học phần ${module.code} – ${module.semesterName}, ${module.academicYearName}. Giáo viên chỉ được xem trước, không làm khảo sát.`
    : undefined;
  let body;
  if (!module && (status === 'idle' || status === 'loading'))
    body = (
      <div aria-busy="true" className="space-y-3">
        <Skeleton className="h-12 rounded-lg" />
        <Skeleton className="h-12 rounded-lg" />
        <span role="status" className="sr-only">
          Đang tải học phần hiện tại...
        </span>
      </div>
    );
  else if (!module)
    body = (
      <EmptyState
        icon={ClipboardList}
        title="Chưa có học phần hiện tại."
        description="Khi nhà trường mở học phần, các khảo sát liên quan đến thầy cô sẽ hiện ở đây."
      />
    );
  else
    body = (
      <DataTable
        label="Danh sách khảo sát liên quan"
        columns={COLUMNS}
        rows={list.data}
        rowKey={(r) => r.survey.id}
        loading={list.isPending}
        fetching={list.isFetching && !list.isPending}
        error={list.isError ? list.error : undefined}
        onRetry={() => void list.refetch()}
        emptyTitle="Chưa có khảo sát nào liên quan đến thầy cô trong học phần này."
        emptyDescription="Khảo sát theo môn của các lớp học phần thầy cô dạy và khảo sát chung của khối lớp chủ nhiệm sẽ hiện ở đây."
        actions={(r) => (
          <Link
            to={previewPath(r.survey.id)}
            className={buttonClass('secondary', 'px-3 py-1.5')}
            aria-label={`Xem trước ${r.survey.title}`}
          >
            <Eye aria-hidden="true" className="size-4" />
            Xem trước
          </Link>
        )}
      />
    );
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} />
      {body}
    </div>
  );
}
