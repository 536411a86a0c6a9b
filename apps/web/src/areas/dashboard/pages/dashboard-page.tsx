import { Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronRight, CircleAlert, RefreshCw } from 'lucide-react';
import { findRoute } from '@app/shared/routes';
import { ROLE_LABELS } from '@app/shared/roles';
import type { TDashboard } from '@app/shared/auth';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@app/shared/format';
import { formatValue } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/areas/auth/public';
import { useDashboard } from '../api/get-dashboard';
import type { DashboardCard } from '../dashboard-card';

/**
 * One landing page for every role: the server decides the greeting and figures for the caller's
 * primary role; `cards` (from app/dashboard-cards/) say what to do next, each loading its own data.
 */
export default function DashboardPage({ cards = [] }: { cards?: readonly DashboardCard[] }) {
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
              // Two figures a row from the smallest phone, so the cards below are not pushed a screen away.
              <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
                {dashboard.data.stats.map((stat, i) => (
                  <li key={`${i}-${stat.label}`} className={String(stat.value).length > 10 ? 'col-span-2 sm:col-span-1' : undefined}>
                    <StatTile stat={stat} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="rounded-xl border border-dashed border-border bg-surface p-5 text-sm text-muted">
                Chưa có số liệu để hiển thị.
              </p>
            )}
          </section>

          {cards.map(({ key, component: Card }) => (
            <Suspense key={key} fallback={<Skeleton className="h-32" />}>
              <Card />
            </Suspense>
          ))}

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

/** One figure; with `href` the whole tile is a link to where its work is done (the server gives only pages the role may open). */
function StatTile({ stat }: { stat: TDashboard['stats'][number] }) {
  const body = (
    <>
      <p className="flex items-center justify-between gap-2 text-sm text-muted">
        {stat.label}
        {stat.href ? <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-primary" /> : null}
      </p>
      <p
        className={`mt-2 font-semibold break-words text-fg tabular-nums ${String(stat.value).length > 10 ? 'text-lg' : 'text-2xl sm:text-3xl'}`}
      >
        {formatValue(stat.value)}
      </p>
      {stat.hint ? <p className={`mt-1 text-xs ${stat.href ? 'text-primary' : 'text-muted'}`}>{stat.hint}</p> : null}
    </>
  );
  const tile = 'block h-full rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5';
  return stat.href ? (
    <Link
      to={stat.href}
      className={`${tile} transition-colors hover:border-primary/60 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary`}
    >
      {body}
    </Link>
  ) : (
    <div className={tile}>{body}</div>
  );
}
