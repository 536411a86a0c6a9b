import { Link } from 'react-router';
import { canAccess, findRoute } from '@app/shared/routes';
import { CLASSROOM_KIND_LABELS } from '@app/shared/school';
import type { TKindCount } from '@app/shared/school-overview';
import { useAuth } from '@/areas/auth/public';
import { formatValue } from '@/lib/format';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { useFacilitySummary } from '../api/overview-api';

const roomsText = (rooms: number, seats: number) => `${formatValue(rooms)} phòng · ${formatValue(seats)} chỗ`;

function KindList({ kinds, label }: { kinds: TKindCount[]; label: string }) {
  return (
    <ul aria-label={label} className="mt-1.5 flex flex-wrap gap-1.5">
      {kinds.map((k) => (
        <li key={k.kind} className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs text-fg">
          {CLASSROOM_KIND_LABELS[k.kind]} <span className="font-semibold tabular-nums">{formatValue(k.rooms)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The facility pages the user may open: the facility manager's two, else the admin's one. */
function useFacilityLinks() {
  const { user } = useAuth();
  const roles = (user?.roles ?? []).map((r) => r.role);
  const may = (path: string) => {
    const route = findRoute(path);
    return !!route && canAccess(roles, route.roles);
  };
  const links: Array<{ to: string; label: string }> = [];
  if (may('/facility/campus')) links.push({ to: '/facility/campus', label: 'Quản lý cơ sở' });
  if (may('/facility/classrooms')) links.push({ to: '/facility/classrooms', label: 'Quản lý phòng học' });
  if (!links.length && may('/admin/facilities')) links.push({ to: '/admin/facilities', label: 'Cơ sở vật chất' });
  return links;
}

/**
 * The facility manager's first screen (issue 12): campuses with their rooms and seats, rooms by kind,
 * campuses that have no room yet, and how the header module's course classes use the rooms.
 */
export function FacilitySummaryCard() {
  const q = useFacilitySummary();
  const d = q.data;
  const links = useFacilityLinks();
  return (
    <CardPanel
      title="Cơ sở và phòng học"
      description={d ? `${formatValue(d.totals.campuses)} cơ sở · ${roomsText(d.totals.rooms, d.totals.seats)}` : undefined}
      loading={q.isPending}
      error={q.isError && !d ? q.error : undefined}
      errorText="Không thể tải số liệu cơ sở vật chất. Vui lòng thử lại sau."
      onRetry={() => void q.refetch()}
      action={links.map((l) => (
        <Link key={l.to} to={l.to} className={cardLinkClass}>
          {l.label}
        </Link>
      ))}
    >
      {d && !d.campuses.length ? (
        <CardEmpty>Chưa có cơ sở nào. Khi thêm cơ sở và phòng học, số phòng và sức chứa của từng cơ sở sẽ hiện ở đây.</CardEmpty>
      ) : d ? (
        <div className="space-y-5">
          <ul className="divide-y divide-border">
            {d.campuses.map((c) => (
              <li key={c.id} className="py-2.5">
                <p className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
                  <span className="font-medium text-fg">
                    {c.name} <span className="text-muted">({c.code})</span>
                  </span>
                  {c.rooms ? (
                    <span className="text-muted tabular-nums">{roomsText(c.rooms, c.seats)}</span>
                  ) : (
                    <span className="font-medium text-danger">Chưa có phòng nào</span>
                  )}
                </p>
                {c.byKind.length ? <KindList kinds={c.byKind} label={`Loại phòng của ${c.name}`} /> : null}
              </li>
            ))}
          </ul>
          {d.byKind.length ? (
            <div>
              <h3 className="text-sm font-semibold text-fg">Theo loại phòng</h3>
              <ul className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                {d.byKind.map((k) => (
                  <li key={k.kind} className="flex justify-between gap-3">
                    <span>{CLASSROOM_KIND_LABELS[k.kind]}</span>
                    <span className="text-muted tabular-nums">{roomsText(k.rooms, k.seats)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {d.module ? (
            <div>
              <h3 className="text-sm font-semibold text-fg">Phòng cho lớp học phần · Học phần {d.module.code}</h3>
              <p className="mt-1 text-sm text-muted">
                {formatValue(d.roomsInUse)} phòng đang được gán cho lớp học phần ·{' '}
                {d.classesWithoutRoom.count ? `${formatValue(d.classesWithoutRoom.count)} lớp chưa có phòng` : 'mọi lớp đã có phòng'}
              </p>
              {d.classesWithoutRoom.count ? (
                <details className="mt-1 text-sm">
                  <summary className="cursor-pointer rounded text-primary focus-visible:outline-2 focus-visible:outline-primary">
                    Xem lớp chưa có phòng
                  </summary>
                  <ul className="mt-1 space-y-0.5 pl-4">
                    {d.classesWithoutRoom.items.map((c) => (
                      <li key={c.id}>
                        {c.code} – {c.name} · {c.campusName} · {c.enrolledCount} học sinh
                      </li>
                    ))}
                    {d.classesWithoutRoom.count > d.classesWithoutRoom.items.length ? (
                      <li className="text-muted">
                        và {formatValue(d.classesWithoutRoom.count - d.classesWithoutRoom.items.length)} lớp khác
                      </li>
                    ) : null}
                  </ul>
                </details>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </CardPanel>
  );
}
