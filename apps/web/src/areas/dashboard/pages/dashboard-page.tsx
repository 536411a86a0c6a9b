import { Link, useLocation } from 'react-router';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { findRoute } from '@app/shared/routes';
import { ROLE_LABELS } from '@app/shared/roles';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@app/shared/format';
import { formatValue } from '@/lib/format';
import { Button, buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/areas/auth/public';
import { useDashboard } from '../api/get-dashboard';
import { SurveyStatsCard } from '@/areas/surveys/monitoring/public';

/** One landing page for every role: the server decides the figures for the caller's primary role. */
export default function DashboardPage() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const title = findRoute(pathname)?.title ?? 'Tổng quan';
  const dashboard = useDashboard(user?.id);

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm text-muted">
          {title} · Hôm nay {formatDate(new Date())}
        </p>
        {dashboard.data ? (
          <h1 className="mt-1 text-xl font-semibold text-fg sm:text-2xl">{dashboard.data.greeting}</h1>
        ) : (
          <h1 className="sr-only">{title}</h1>
        )}
        {dashboard.data ? <p className="mt-1 text-sm text-muted">Vai trò: {ROLE_LABELS[dashboard.data.role]}</p> : null}
      </div>

      {dashboard.isPending ? (
        <div aria-busy="true" aria-label="Đang tải dữ liệu tổng quan" className="space-y-6">
          <Skeleton className="h-8 w-2/3 max-w-md" />
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
          <Skeleton className="h-32" />
        </div>
      ) : dashboard.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-5">
          <p className="flex items-center gap-2 text-sm font-medium text-danger">
            <CircleAlert aria-hidden="true" className="size-4" />
            {errorMessage(dashboard.error, 'Không thể tải dữ liệu tổng quan. Vui lòng thử lại sau.')}
          </p>
          <Button variant="secondary" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
            <RefreshCw aria-hidden="true" className={`size-4 ${dashboard.isFetching ? 'animate-spin' : ''}`} />
            Thử lại
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby="dashboard-stats">
            <h2 id="dashboard-stats" className="sr-only">
              Số liệu
            </h2>
            {dashboard.data.stats.length ? (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
                {dashboard.data.stats.map((stat, i) => (
                  <li key={`${i}-${stat.label}`} className="rounded-xl border border-border bg-surface p-5 shadow-sm">
                    <p className="text-sm text-muted">{stat.label}</p>
                    <p className={`mt-2 font-semibold text-fg tabular-nums ${String(stat.value).length > 12 ? 'text-lg' : 'text-3xl'}`}>
                      {formatValue(stat.value)}
                    </p>
                    {stat.hint ? <p className="mt-1 text-xs text-muted">{stat.hint}</p> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="rounded-xl border border-dashed border-border bg-surface p-5 text-sm text-muted">
                Chưa có số liệu để hiển thị.
              </p>
            )}
          </section>

          {dashboard.data.role === 'TEACHER' ? (
            // The survey previews are in no menu of the spec (only the preview's back link names the list).
            <section
              aria-labelledby="dashboard-surveys"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface p-5"
            >
              <div>
                <h2 id="dashboard-surveys" className="text-base font-semibold text-fg">
                  Khảo sát lấy ý kiến học sinh
                </h2>
                <p className="mt-1 text-sm text-muted">
                  Xem trước các khảo sát về lớp học phần và lớp chủ nhiệm của thầy cô, và kết quả khảo sát.
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to="/teacher/homeroom-surveys" className={buttonClass('secondary')}>
                  Khảo sát liên quan
                </Link>
                <Link to="/teacher/personal-survey-results" className={buttonClass('secondary')}>
                  Kết quả khảo sát cá nhân
                </Link>
              </div>
            </section>
          ) : null}

          {dashboard.data.role === 'ADMIN' ? (
            <SurveyStatsCard surveyLink={(id) => `/admin/surveys/${id}?tab=progress`} allLink="/admin/surveys" onlyClosingSoon />
          ) : null}

          {dashboard.data.notes.length ? (
            <section aria-labelledby="dashboard-notes" className="rounded-xl border border-border bg-surface p-5">
              <h2 id="dashboard-notes" className="text-base font-semibold text-fg">
                Ghi chú
              </h2>
              <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-fg">
                {dashboard.data.notes.map((note, i) => (
                  <li key={`${i}-${note}`}>{note}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
