import { SURVEY_STATUS_LABELS, SURVEY_TYPE_LABELS } from '@app/shared/surveys';
import type { TSurveyCompletion } from '@app/shared/survey-monitoring';
import { Badge } from '@/components/data/badge';
import { formatDate } from '@app/shared/format';
import { closesSoon, daysLeftText, studentsText } from '../lib/completion';
import { ProgressBar } from './progress-bar';

/** One survey's overall completion: the big bar, students done, the window and how long is left. */
export function CompletionSummary({ survey }: { survey: TSurveyCompletion }) {
  const open = survey.status === 'active';
  return (
    <section aria-label="Tiến độ chung" className="rounded-xl border border-border bg-surface p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center gap-2 text-xs text-muted">
        <Badge tone={open ? 'primary' : 'neutral'}>{SURVEY_STATUS_LABELS[survey.status]}</Badge>
        <span>
          {SURVEY_TYPE_LABELS[survey.surveyType]}
          {survey.subjectName ? ` – ${survey.subjectName}` : ''}
        </span>
        {survey.startDate || survey.endDate ? (
          <span>
            · {formatDate(survey.startDate) || '—'} – {formatDate(survey.endDate) || '—'}
          </span>
        ) : null}
        {open && closesSoon(survey.daysLeft) ? (
          <Badge tone="danger">{daysLeftText(survey.daysLeft)}</Badge>
        ) : open ? (
          <span>· {daysLeftText(survey.daysLeft)}</span>
        ) : null}
      </div>
      <ProgressBar large label="Tiến độ chung" completion={survey} hint={studentsText(survey)} />
    </section>
  );
}
