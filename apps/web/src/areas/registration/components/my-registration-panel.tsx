import { CircleCheck, CircleAlert } from 'lucide-react';
import { formatDateTime } from '@app/shared/format';
import type { TMyRound } from '@app/shared/registration';
import type { TPeriod } from '@app/shared/timetables';
import { Badge } from '@/components/data/badge';
import type { MyOffer } from '../lib/offers';
import { Countdown } from './countdown';
import { WeekPreview } from './week-preview';

/**
 * "Đăng ký của tôi": the classes chosen (and waited for), the rule status in the server's words, the
 * time left before the round closes, and the week as it will look with the seats held.
 */
export function MyRegistrationPanel({
  round,
  offers,
  periods,
  offset,
  onClosing,
}: {
  round: TMyRound;
  offers: readonly MyOffer[];
  /** The student's campus's periods, with their times. */
  periods: readonly TPeriod[];
  /** The server's clock minus this device's. */
  offset: number;
  /** The closing moment has passed. */
  onClosing: () => void;
}) {
  const byId = new Map(offers.map((o) => [o.courseClassId, o]));
  const held = round.mine.filter((r) => r.status === 'registered');
  const waiting = round.mine.filter((r) => r.status === 'waitlisted');
  const heldOffers = held.map((r) => byId.get(r.courseClassId)).filter((o): o is MyOffer => !!o);
  const final = round.state === 'ended' || round.state === 'closed';
  return (
    <section aria-labelledby={`mine-${round.id}`} className="space-y-4 rounded-xl border border-border bg-surface p-4 shadow-sm">
      <div>
        <h3 id={`mine-${round.id}`} className="text-base font-semibold text-fg">
          {final ? 'Kết quả đăng ký' : 'Đăng ký của tôi'}
        </h3>
        {round.state === 'open' ? (
          <p className="mt-1 text-sm text-fg" role="timer" aria-live="off">
            Còn <Countdown to={round.closesAt} offset={offset} onPass={onClosing} /> trước khi đóng ({formatDateTime(round.closesAt)}).
          </p>
        ) : round.state === 'ended' ? (
          <p className="mt-1 text-sm text-muted">Đợt đã hết giờ đăng ký; nhà trường đang chốt danh sách.</p>
        ) : round.state === 'closed' ? (
          <p className="mt-1 text-sm text-muted">
            Đợt đã được chốt{round.closedAt ? ` lúc ${formatDateTime(round.closedAt)}` : ''}; các lớp dưới đây là lớp học của bạn.
          </p>
        ) : null}
      </div>

      {round.mine.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-3 py-2 text-sm text-muted">
          Bạn chưa đăng ký lớp nào trong đợt này.
        </p>
      ) : (
        <ul className="space-y-1.5 text-sm" aria-label="Các lớp đã chọn">
          {[...held, ...waiting].map((r) => {
            const o = byId.get(r.courseClassId);
            return (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0">
                  <span className="font-medium">{o?.code ?? `#${r.courseClassId}`}</span>
                  {o ? <span className="text-muted"> · {o.name}</span> : null}
                </span>
                {r.status === 'registered' ? (
                  <Badge tone="primary">Đã đăng ký</Badge>
                ) : (
                  <Badge>{`Chờ · vị trí ${r.position ?? '?'}`}</Badge>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {round.state !== 'closed' ? (
        round.rules.met ? (
          <p className="flex items-center gap-2 text-sm text-primary">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
            Bạn đã đáp ứng đủ các quy tắc của đợt.
          </p>
        ) : (
          <div className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            <p className="flex items-center gap-2 font-medium">
              <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
              Chưa đáp ứng quy tắc của đợt
            </p>
            <ul className="mt-1 list-disc pl-6" aria-label="Quy tắc chưa đáp ứng">
              {round.rules.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )
      ) : null}

      <WeekPreview offers={[...heldOffers, ...round.others]} periods={periods} label={`Tuần học dự kiến – ${round.name}`} />
    </section>
  );
}
