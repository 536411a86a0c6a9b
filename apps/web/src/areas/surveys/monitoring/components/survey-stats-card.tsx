import { Link } from 'react-router';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { CLOSING_SOON_DAYS, type TSurveyCompletion } from '@app/shared/survey-monitoring';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@app/shared/format';
import { formatValue } from '@/lib/format';
import { Badge } from '@/components/data/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSurveyStats } from '../api/monitoring-api';
import { closesSoon, daysLeftText, formatRate, itemsText, studentsText } from '../lib/completion';
import { ProgressBar } from './progress-bar';

/**
 * Survey figures for a dashboard: surveys open, responses today (school time) and in all, overall
 * completion of the open surveys, and the open surveys with a bar each — those closing within
 * CLOSING_SOON_DAYS flagged (or, with `onlyClosingSoon`, the only ones listed).
 */
export function SurveyStatsCard({
  surveyLink,
  allLink,
  onlyClosingSoon = false,
}: {
  surveyLink: (surveyId: number) => string;
  /** Where "Xem tất cả khảo sát" goes (the role's survey page). */
  allLink?: string;
  onlyClosingSoon?: boolean;
}) {
  const stats = useSurveyStats();
  if (stats.isPending)
    return (
      <div aria-busy="true" className="space-y-3">
        <Skeleton className="h-24 rounded-xl" />
        <span className="sr-only">Đang tải số liệu khảo sát...</span>
      </div>
    );
  if (stats.isError)
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger"
      >
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        {errorMessage(stats.error, 'Không thể tải số liệu khảo sát. Vui lòng thử lại sau.')}
        <Button variant="secondary" onClick={() => void stats.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Thử lại
        </Button>
      </div>
    );
  const d = stats.data;
  const figures: Array<{ label: string; value: string; hint: string; extra?: string }> = [
    { label: 'Khảo sát đang mở', value: formatValue(d.surveys.active), hint: `${d.surveys.draft} bản nháp · ${d.surveys.closed} đã đóng` },
    { label: 'Phản hồi hôm nay', value: formatValue(d.responses.today), hint: `Tính từ 00:00 ngày ${formatDate(new Date())}` },
    { label: 'Tổng số phản hồi', value: formatValue(d.responses.total), hint: 'Mọi khảo sát' },
    // The rate counts answers (lượt: one per student, survey and course class); the student count
    // counts students who finished every open survey — labelled apart so they do not look contradictory.
    {
      label: 'Lượt hoàn thành',
      value: formatRate(d.activeCompletion.rate),
      hint: `Các khảo sát đang mở · ${itemsText(d.activeCompletion)}`,
      extra: `Học sinh đã làm xong tất cả: ${formatValue(d.activeCompletion.studentsDone)}/${formatValue(d.activeCompletion.students)}`,
    },
  ];
  const listed = onlyClosingSoon ? d.activeSurveys.filter((s) => closesSoon(s.daysLeft)) : d.activeSurveys;
  return (
    <section aria-labelledby="survey-stats-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="survey-stats-title" className="text-lg font-semibold text-fg">
          Khảo sát
        </h2>
        {allLink ? (
          <Link
            to={allLink}
            className="rounded text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          >
            Xem tất cả khảo sát
          </Link>
        ) : null}
      </div>
      {/* Two figures a row from the smallest phone, like the dashboard's own figures. */}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {figures.map((f) => (
          <li key={f.label} className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5">
            <p className="text-sm text-muted">{f.label}</p>
            <p className="mt-2 text-2xl font-semibold text-fg tabular-nums sm:text-3xl">{f.value}</p>
            <p className="mt-1 text-xs text-muted">{f.hint}</p>
            {f.extra ? <p className="mt-1 text-xs font-medium text-fg">{f.extra}</p> : null}
          </li>
        ))}
      </ul>
      <div className="rounded-xl border border-border bg-surface p-4 sm:p-5">
        <h3 className="text-base font-semibold text-fg">{onlyClosingSoon ? 'Khảo sát sắp đóng' : 'Khảo sát đang mở'}</h3>
        <p className="mt-0.5 text-xs text-muted">
          {onlyClosingSoon
            ? `Kết thúc trong ${CLOSING_SOON_DAYS} ngày tới, kèm tiến độ hiện tại.`
            : `Khảo sát kết thúc trong ${CLOSING_SOON_DAYS} ngày tới được đánh dấu.`}
        </p>
        {listed.length ? (
          <ul className="mt-4 space-y-4">
            {listed.map((s) => (
              <li key={s.surveyId}>
                <ProgressBar label={<SurveyLink survey={s} to={surveyLink(s.surveyId)} />} completion={s} hint={<EndHint survey={s} />} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-muted">
            {onlyClosingSoon ? `Không có khảo sát nào kết thúc trong ${CLOSING_SOON_DAYS} ngày tới.` : 'Chưa có khảo sát nào đang mở.'}
          </p>
        )}
      </div>
    </section>
  );
}

function SurveyLink({ survey, to }: { survey: TSurveyCompletion; to: string }) {
  return (
    <Link to={to} className="rounded hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary">
      {survey.title}
    </Link>
  );
}

function EndHint({ survey }: { survey: TSurveyCompletion }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span>Kết thúc {formatDate(survey.endDate) || '—'}</span>
      {closesSoon(survey.daysLeft) ? (
        <Badge tone="danger">{daysLeftText(survey.daysLeft)}</Badge>
      ) : (
        <span>· {daysLeftText(survey.daysLeft)}</span>
      )}
      <span>· {studentsText(survey)}</span>
    </span>
  );
}
