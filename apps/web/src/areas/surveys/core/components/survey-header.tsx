import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { formatDate } from '@app/shared/format';
import type { TSurvey } from '@app/shared/surveys';
import { QuestionContent } from './question-content';

/**
 * The header block of spec section 2: back link to the list, cover image, title, start and end
 * dates, subject (subject-specific surveys), course class name and teacher names.
 */
export function SurveyHeader({
  survey,
  backTo = '/student/surveys',
  backLabel = 'Quay lại danh sách khảo sát',
  hideTitle = false,
}: {
  survey: TSurvey;
  backTo?: string;
  backLabel?: string;
  hideTitle?: boolean;
}) {
  const cls = survey.studentCourseClass;
  const teachers = cls?.teachers.map((t) => t.displayName).join(', ');
  return (
    <header className="mb-6 space-y-4">
      <Link to={backTo} className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {backLabel}
      </Link>
      <div className="overflow-hidden rounded-xl border border-border bg-surface shadow-sm">
        {survey.coverImageUrl ? (
          <img src={survey.coverImageUrl} alt="" className="h-32 w-full object-cover sm:h-48" />
        ) : (
          <div aria-hidden="true" className="h-2 bg-primary" />
        )}
        <div className="space-y-3 p-4 sm:p-6">
          {hideTitle ? null : <h1 className="text-xl font-semibold text-fg sm:text-2xl">{survey.title}</h1>}
          {survey.description ? <QuestionContent html={survey.description} className="text-sm text-muted [&_p]:mb-1" /> : null}
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <Item label="Ngày bắt đầu" value={formatDate(survey.startDate) || '—'} />
            <Item label="Ngày kết thúc" value={formatDate(survey.endDate) || '—'} />
            {survey.surveyType === 'SUBJECT_SPECIFIC' && survey.subject ? <Item label="Môn học" value={survey.subject.name} /> : null}
            {cls ? <Item label="Lớp học phần" value={cls.name} /> : null}
            {cls && teachers ? <Item label="Giáo viên" value={teachers} /> : null}
          </dl>
        </div>
      </div>
    </header>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-muted">{label}:</dt>
      <dd className="font-medium text-fg">{value}</dd>
    </div>
  );
}
