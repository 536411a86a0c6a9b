import { formatMoney } from '@app/shared/pay-calc';
import type { Column } from '@/components/data/data-table';

/**
 * A column of đồng ("15.331.680 đ", "—" for none): right-aligned, on one line, digits lined up; `strong`
 * for the amounts a reader looks for (thành tiền, còn nhận).
 */
export function moneyColumn<T>({
  value,
  strong = false,
  ...column
}: {
  key: string;
  header: string;
  value: (row: T) => number | null;
  sortKey?: string;
  strong?: boolean;
  hideOnMobile?: boolean;
}): Column<T> {
  return {
    ...column,
    cell: (row) => {
      const v = value(row);
      return v === null ? '—' : formatMoney(v);
    },
    align: 'right',
    className: strong ? 'whitespace-nowrap font-medium tabular-nums' : 'whitespace-nowrap tabular-nums',
  };
}
