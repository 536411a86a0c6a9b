import { useMemo } from 'react';
import { moduleLabel } from '@app/shared/format';
import type { TRoundDetail } from '@app/shared/registration';
import { useRouteTitle } from '@/components/data/use-route-title';
import { CardPanel, CardEmpty } from '@/components/ui/card-panel';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSpinner } from '@/components/ui/spinner';
import { formatValue } from '@/lib/format';
import { seatMap, useSeats } from '../api/get-seats';
import { RoundsPanel, useRoundsPage } from '../components/round-module';
import { RoundExportButtons } from '../components/export-buttons';
import { FillChart } from '../components/fill-chart';
import { RoundStateBadge } from '../components/round-state-badge';
import { demandByClass, fillByClass, fillByGradeCampus, fillBySubject, fmtPercent, withSeats } from '../lib/fill';

/**
 * /quality/student-registration: read-only monitoring of the module's rounds: demand against seats per
 * class, fill per class, subject and grade × campus (charts beside their tables), waitlists, unmet students, exports.
 */
export default function QualityRegistrationPage() {
  const title = useRouteTitle('Đăng ký học phần');
  const page = useRoundsPage();
  const { module, loading, picker } = page;

  if (loading) return <SectionSpinner />;
  if (!module)
    return (
      <div>
        <PageHeader title={title} />
        {picker}
        <EmptyState title="Chưa có học phần" description="Chưa có học phần nào để theo dõi đăng ký." />
      </div>
    );

  return (
    <div className="space-y-6">
      <PageHeader title={title} subtitle={`Theo dõi các đợt đăng ký của học phần ${moduleLabel(module)} (chỉ xem).`} />
      {picker}
      <RoundsPanel page={page} emptyDescription="Học phần này chưa có đợt đăng ký nào.">
        {(round) => <RoundFigures key={round.id} round={round} />}
      </RoundsPanel>
    </div>
  );
}

function RoundFigures({ round }: { round: TRoundDetail }) {
  const seats = useSeats(round.id, round.state === 'open');
  const offers = useMemo(() => withSeats(round.offers, seatMap(seats.data)), [round.offers, seats.data]);
  const taken = offers.reduce((n, o) => n + o.taken, 0);
  const capacity = offers.reduce((n, o) => n + o.capacity, 0);
  const waiting = offers.filter((o) => o.waiting > 0).sort((a, b) => b.waiting - a.waiting);
  const tiles = [
    ['Chỗ đã đăng ký', `${formatValue(taken)}/${formatValue(capacity)}`],
    ['Tỉ lệ lấp đầy', fmtPercent(capacity ? Math.round((taken / capacity) * 1000) / 10 : 0)],
    ['Đang chờ', formatValue(offers.reduce((n, o) => n + o.waiting, 0))],
    ['Học sinh chưa đạt quy tắc', `${formatValue(round.unmetCount)}/${formatValue(round.studentCount)}`],
  ] as const;
  return (
    <section aria-labelledby={`figures-${round.id}`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`figures-${round.id}`} className="text-lg font-semibold text-fg">
            {round.name}
          </h2>
          <RoundStateBadge state={round.state} />
        </div>
        <RoundExportButtons roundId={round.id} />
      </div>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-border bg-surface p-4">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-2xl font-semibold text-fg tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {offers.length === 0 ? (
        <EmptyState title="Đợt chưa có lớp học phần nào" />
      ) : (
        <>
          <CardPanel
            title="Mức độ quan tâm theo lớp"
            description="Số học sinh muốn học lớp (đã đăng ký và đang chờ) so với số chỗ; trên 100% là lớp được chọn nhiều hơn số chỗ."
          >
            <FillChart rows={demandByClass(offers)} label="Mức độ quan tâm theo lớp" countLabel="Nhu cầu" />
          </CardPanel>
          <CardPanel title="Tỉ lệ lấp đầy theo môn">
            <FillChart rows={fillBySubject(offers)} label="Tỉ lệ lấp đầy theo môn" />
          </CardPanel>
          <CardPanel
            title="Tỉ lệ lấp đầy theo lớp"
            description={round.state === 'open' ? 'Cập nhật mỗi 5 giây khi trang đang mở.' : undefined}
          >
            <FillChart rows={fillByClass(offers)} label="Tỉ lệ lấp đầy theo lớp" />
          </CardPanel>
          <CardPanel title="Tỉ lệ lấp đầy theo khối và cơ sở">
            <FillChart rows={fillByGradeCampus(offers)} label="Tỉ lệ lấp đầy theo khối và cơ sở" />
          </CardPanel>
          <CardPanel title="Danh sách chờ">
            {waiting.length === 0 ? (
              <CardEmpty>Không lớp nào có người chờ.</CardEmpty>
            ) : (
              <ul className="divide-y divide-border text-sm" aria-label="Danh sách chờ theo lớp">
                {waiting.map((o) => (
                  <li key={o.courseClassId} className="flex justify-between gap-3 py-1.5">
                    <span>
                      <span className="font-medium">{o.code}</span> · {o.name}
                    </span>
                    <span className="tabular-nums">{o.waiting} người chờ</span>
                  </li>
                ))}
              </ul>
            )}
          </CardPanel>
        </>
      )}
    </section>
  );
}
