import { AlertTriangle, ArrowLeftRight, Clock, LoaderCircle } from 'lucide-react';
import type { TRegistration } from '@app/shared/registration';
import { Badge } from '@/components/data/badge';
import { Button } from '@/components/ui/button';
import { lessonText, seatsLeft, type MyOffer } from '../lib/offers';

export interface OfferActions {
  /** The action running for this class ('register', 'drop', 'swap'), if any; every button waits while one runs. */
  busy: string | null;
  anyBusy: boolean;
  onRegister: () => void;
  onDrop: () => void;
  /** Offered only when the student holds a class they may give up. */
  onSwap: (() => void) | null;
}

/**
 * One offered class: code and name, teachers, lessons (Thứ/tiết/phòng), seats left, a clash warning and
 * what the student may do with it now (no actions before the round opens or after it closes).
 */
export function OfferCard({
  offer,
  mine,
  waitlist,
  actions,
}: {
  offer: MyOffer;
  mine: TRegistration | undefined;
  /** The round keeps a waitlist. */
  waitlist: boolean;
  actions: OfferActions | null;
}) {
  const left = seatsLeft(offer);
  const full = left === 0;
  const spin = (what: string) => (actions?.busy === what ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null);
  return (
    <li
      aria-label={`${offer.code} ${offer.name}`}
      className={`rounded-xl border bg-surface p-3 sm:p-4 ${mine ? 'border-primary/60 ring-1 ring-primary/30' : 'border-border'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-fg">
            {offer.code} <span className="font-normal">· {offer.name}</span>
          </p>
          <p className="text-xs text-muted">
            {offer.teachers.length ? `GV: ${offer.teachers.join(', ')}` : 'Chưa phân công giáo viên'} · {offer.campusName}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {offer.compulsory ? <Badge tone="primary">Bắt buộc</Badge> : null}
          {mine?.status === 'registered' ? <Badge tone="primary">Đã đăng ký</Badge> : null}
          {mine?.status === 'waitlisted' ? <Badge>{`Danh sách chờ · vị trí ${mine.position ?? '?'}`}</Badge> : null}
        </div>
      </div>

      <ul className="mt-2 space-y-0.5 text-sm text-fg">
        {offer.lessons.length ? (
          offer.lessons.map((l) => <li key={`${l.day}-${l.period}`}>{lessonText(l)}</li>)
        ) : (
          <li className="text-muted">Chưa có lịch học</li>
        )}
      </ul>

      <p className="mt-2 text-sm" data-testid={`seats-${offer.courseClassId}`}>
        {full ? (
          <span className="font-medium text-danger">
            Hết chỗ ({offer.capacity}/{offer.capacity})
          </span>
        ) : (
          <span className="text-fg">
            Còn <strong>{left}</strong>/{offer.capacity} chỗ
          </span>
        )}
        {offer.waiting > 0 ? <span className="text-muted"> · {offer.waiting} người đang chờ</span> : null}
      </p>

      {offer.clashesWith.length && !mine ? (
        <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-danger/10 px-2 py-1.5 text-sm text-danger">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>Trùng lịch với {offer.clashesWith.join('; ')}</span>
        </p>
      ) : null}

      {actions ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {mine ? (
            offer.compulsory && mine.status === 'registered' ? (
              <p className="text-xs text-muted">Lớp bắt buộc, không thể hủy.</p>
            ) : (
              <Button
                variant="secondary"
                onClick={actions.onDrop}
                disabled={actions.anyBusy}
                aria-label={`${mine.status === 'waitlisted' ? 'Rời danh sách chờ' : 'Hủy'} ${offer.code}`}
              >
                {spin('drop')}
                {mine.status === 'waitlisted' ? 'Rời danh sách chờ' : 'Hủy'}
              </Button>
            )
          ) : full ? (
            waitlist ? (
              <Button
                variant="secondary"
                onClick={actions.onRegister}
                disabled={actions.anyBusy}
                aria-label={`Vào danh sách chờ ${offer.code}`}
              >
                {spin('register') ?? <Clock aria-hidden="true" className="size-4" />}
                Vào danh sách chờ
              </Button>
            ) : (
              <Button variant="secondary" disabled aria-label={`Hết chỗ ${offer.code}`}>
                Hết chỗ
              </Button>
            )
          ) : (
            <>
              <Button onClick={actions.onRegister} disabled={actions.anyBusy} aria-label={`Đăng ký ${offer.code}`}>
                {spin('register')}
                Đăng ký
              </Button>
              {actions.onSwap ? (
                <Button variant="secondary" onClick={actions.onSwap} disabled={actions.anyBusy} aria-label={`Đổi lớp sang ${offer.code}`}>
                  {spin('swap') ?? <ArrowLeftRight aria-hidden="true" className="size-4" />}
                  Đổi lớp
                </Button>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </li>
  );
}
