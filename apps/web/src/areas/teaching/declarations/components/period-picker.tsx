import { useMemo } from 'react';
import { formatDate } from '@app/shared/format';
import type { TDeclarationPeriod } from '@app/shared/declarations';
import { FilterSelect } from '@/components/data/filter-select';
import { useUrlParams } from '@/components/data/url-params';
import { useDeclarationPeriods } from '../api/periods';
import { defaultPeriod, isOpen, periodLabel } from '../lib/periods';

/** The declaration periods and the one chosen (`?period=` in the address; the open one by default). */
export function usePeriodChoice() {
  const query = useDeclarationPeriods();
  const params = useUrlParams();
  const raw = params.get('period');
  const periods = useMemo(() => query.data ?? [], [query.data]);
  const period: TDeclarationPeriod | null = periods.find((p) => String(p.id) === raw) ?? defaultPeriod(periods);
  const setPeriod = (id: string) => params.update({ period: id || null, page: null, id: null });
  const picker = (
    <FilterSelect
      label="Kỳ kê khai"
      value={period ? String(period.id) : ''}
      onChange={setPeriod}
      allLabel={null}
      disabled={periods.length === 0}
      options={periods.map((p) => ({ value: p.id, label: `${periodLabel(p)}${isOpen(p) ? ' (đang mở)' : ''}` }))}
    />
  );
  return { query, periods, period, picker };
}

/** "Mở 01/09/2025 – hạn nộp 15/01/2026 · hạn duyệt 20/01/2026". */
export function PeriodDeadlines({ period }: { period: TDeclarationPeriod }) {
  return (
    <span>
      Mở {formatDate(period.opensAt)} – hạn nộp {formatDate(period.closesAt)}
      {period.reviewBy ? ` · hạn duyệt ${formatDate(`${period.reviewBy}T12:00:00+07:00`)}` : ''} · {period.weeks} tuần
    </span>
  );
}
