import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, ClipboardList } from 'lucide-react';
import { toast } from 'sonner';
import { formatDateTime } from '@app/shared/format';
import type { TActionResult, TMyRegistration, TMyRound, TSeat } from '@app/shared/registration';
import type { TPeriod } from '@app/shared/timetables';
import { withRegistrations } from '@app/shared/registration-rules';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { useRouteTitle } from '@/components/data/use-route-title';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { dropClass } from '../api/drop-class';
import { useMyRegistration } from '../api/get-my-registration';
import { seatMap, useSeats } from '../api/get-seats';
import { myRegistrationKey, seatsKey } from '../api/keys';
import { registerClass } from '../api/register-class';
import { swapClass } from '../api/swap-class';
import { Countdown } from '../components/countdown';
import { MyRegistrationPanel } from '../components/my-registration-panel';
import { OfferCard } from '../components/offer-card';
import { RoundStateBadge } from '../components/round-state-badge';
import { SwapDialog } from '../components/swap-dialog';
import { offerSections, type MyOffer } from '../lib/offers';
import { clockOffset } from '../lib/time';

const FALLBACK = 'Không thể thực hiện. Vui lòng thử lại sau.';

/** What the student is told after an action; a waitlist place always says its position. */
function outcomeText(res: TActionResult, code: string, serverMessage?: string): string {
  if (res.outcome === 'waitlisted') return `Lớp ${code} đã hết chỗ: bạn ở vị trí ${res.position ?? '?'} trong danh sách chờ.`;
  if (serverMessage) return serverMessage;
  if (res.outcome === 'registered') return `Đã đăng ký lớp ${code}.`;
  if (res.outcome === 'dropped') return `Đã hủy đăng ký lớp ${code}.`;
  return `Đã đổi sang lớp ${code}.`;
}

/**
 * /student/course-registration: the rounds of the student's grade. Before a round opens: when it opens
 * (counting down on the server's clock); while open: the offers by elective group and subject with
 * seats left read again every 5 s, and register, drop, waitlist and swap; after it closes: the result.
 */
export default function StudentRegistrationPage() {
  const title = useRouteTitle('Đăng ký học phần');
  const me = useMyRegistration();
  return (
    <div className="space-y-6">
      <PageHeader title={title} subtitle="Chọn lớp học phần trong các đợt đăng ký của khối bạn." />
      {me.isPending ? (
        <SectionSpinner label="Đang tải các đợt đăng ký..." />
      ) : me.isError ? (
        <LoadError
          error={me.error}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
          fallback="Không thể tải các đợt đăng ký. Vui lòng thử lại sau."
        />
      ) : me.data.rounds.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title="Chưa có đợt đăng ký"
          description="Khi nhà trường mở đợt đăng ký học phần cho khối của bạn, đợt sẽ hiện ở đây."
        />
      ) : (
        me.data.rounds.map((r) => <StudentRound key={r.id} round={r} periods={me.data.periods} receivedAt={me.dataUpdatedAt} />)
      )}
    </div>
  );
}

function StudentRound({ round, periods, receivedAt }: { round: TMyRound; periods: readonly TPeriod[]; receivedAt: number }) {
  const client = useQueryClient();
  const offset = useMemo(() => clockOffset(round.now, receivedAt), [round.now, receivedAt]);
  const open = round.state === 'open';
  const seats = useSeats(round.id, open);
  // The round changes state at its moments: read it again once a countdown passes one.
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: myRegistrationKey }), [client]);

  // Seats from the live poll replace those of the page's last read.
  const offers: MyOffer[] = useMemo(() => {
    const live = seatMap(seats.data);
    return round.offers.map((o) => {
      const s = live.get(o.courseClassId);
      return s ? { ...o, capacity: s.capacity, taken: s.taken, waiting: s.waiting } : o;
    });
  }, [round.offers, seats.data]);
  const sections = useMemo(() => offerSections(round.groups, offers), [round.groups, offers]);
  const mineByClass = useMemo(() => new Map(round.mine.map((r) => [r.courseClassId, r])), [round.mine]);
  const droppable = useMemo(
    () => offers.filter((o) => !o.compulsory && mineByClass.get(o.courseClassId)?.status === 'registered'),
    [offers, mineByClass],
  );

  // One action at a time: the ref stops a second click before React has re-rendered the disabled button.
  const running = useRef(false);
  const [busy, setBusy] = useState<{ classId: number; what: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dropping, setDropping] = useState<MyOffer | null>(null);
  const [swapTo, setSwapTo] = useState<MyOffer | null>(null);

  /** Runs one action; the answer's round replaces the page's. A refusal is toasted, shown above the offers, and rethrown when a dialog shows it too. */
  const act = async (
    target: MyOffer,
    what: 'register' | 'drop' | 'swap',
    send: () => Promise<{ data: TActionResult; message?: string }>,
    rethrow = false,
  ) => {
    if (running.current) return;
    running.current = true;
    setBusy({ classId: target.courseClassId, what });
    setRefusal(null);
    try {
      const res = await send();
      // The answer is the student's registrations and the seats: applied to the round held here, by the
      // same code the server builds the round with (clashes, rule status, seats).
      client.setQueryData<TMyRegistration>(myRegistrationKey, (d) =>
        d
          ? { ...d, rounds: d.rounds.map((r) => (r.id === res.data.roundId ? withRegistrations(r, res.data.mine, res.data.seats) : r)) }
          : d,
      );
      const fresh = seatMap(res.data.seats);
      client.setQueryData<TSeat[]>(seatsKey(round.id), (d) => d?.map((s) => fresh.get(s.courseClassId) ?? s));
      toast.success(outcomeText(res.data, target.code, res.message));
    } catch (err) {
      const message = errorMessage(err, FALLBACK);
      setRefusal(message);
      toast.error(message);
      if (rethrow) throw err;
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`round-${round.id}`} className="space-y-4">
      <div className="rounded-xl border border-border bg-surface p-4 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`round-${round.id}`} className="text-lg font-semibold text-fg">
            {round.name}
          </h2>
          <RoundStateBadge state={round.state} />
        </div>
        <p className="mt-1 text-sm text-muted">
          Mở {formatDateTime(round.opensAt)} – đóng {formatDateTime(round.closesAt)}
          {round.maxClasses ? ` · tối đa ${round.maxClasses} lớp` : ''}
          {round.noClash ? ' · không được trùng lịch' : ''}
          {round.waitlist ? ' · có danh sách chờ' : ''}
        </p>
        {round.state === 'upcoming' ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-fg" role="timer" aria-live="off">
            <CalendarClock aria-hidden="true" className="size-4 text-primary" />
            Đợt mở lúc {formatDateTime(round.opensAt)} — còn <Countdown to={round.opensAt} offset={offset} onPass={reload} />.
          </p>
        ) : null}
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
        <div className="min-w-0 lg:order-2 lg:sticky lg:top-4">
          {round.state === 'upcoming' ? null : (
            <MyRegistrationPanel round={round} offers={offers} periods={periods} offset={offset} onClosing={reload} />
          )}
        </div>
        <div className="min-w-0 space-y-4 lg:order-1">
          {refusal ? (
            <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
              {refusal}
            </p>
          ) : null}
          {open && seats.isError ? <p className="text-xs text-muted">Không cập nhật được số chỗ; đang thử lại...</p> : null}
          {round.state === 'closed' || round.state === 'ended' ? null : sections.length === 0 ? (
            <EmptyState title="Đợt chưa có lớp học phần nào" />
          ) : (
            sections.map((s) => (
              <section key={s.key} aria-label={s.group ? `Nhóm tự chọn ${s.title}` : `Môn ${s.title}`} className="space-y-2">
                <h3 className="text-base font-semibold text-fg">
                  {s.group ? `Nhóm tự chọn: ${s.title}` : s.title}
                  {s.group ? <span className="ml-2 text-sm font-normal text-muted">(chọn {s.group.choose} lớp)</span> : null}
                </h3>
                <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
                  {s.offers.map((o) => (
                    <OfferCard
                      key={o.courseClassId}
                      offer={o}
                      mine={mineByClass.get(o.courseClassId)}
                      waitlist={round.waitlist}
                      actions={
                        open
                          ? {
                              busy: busy?.classId === o.courseClassId ? busy.what : null,
                              anyBusy: busy !== null,
                              onRegister: () => void act(o, 'register', () => registerClass(round.id, o.courseClassId)),
                              onDrop: () => setDropping(o),
                              onSwap: droppable.length ? () => setSwapTo(o) : null,
                            }
                          : null
                      }
                    />
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
      </div>

      <ConfirmDialog
        open={dropping !== null}
        onClose={() => setDropping(null)}
        title={dropping ? `Hủy đăng ký lớp ${dropping.code}?` : ''}
        message={
          mineByClass.get(dropping?.courseClassId ?? -1)?.status === 'waitlisted'
            ? 'Bạn sẽ rời danh sách chờ của lớp này.'
            : 'Chỗ của bạn sẽ được nhường cho người khác và có thể không còn khi bạn muốn đăng ký lại.'
        }
        confirmLabel="Hủy đăng ký"
        onConfirm={() => (dropping ? act(dropping, 'drop', () => dropClass(round.id, dropping.courseClassId), true) : Promise.resolve())}
      />
      {swapTo ? (
        <SwapDialog
          target={swapTo}
          candidates={droppable.filter((o) => o.courseClassId !== swapTo.courseClassId)}
          onClose={() => setSwapTo(null)}
          onSwap={(from) => act(swapTo, 'swap', () => swapClass(round.id, from, swapTo.courseClassId), true)}
        />
      ) : null}
    </section>
  );
}
