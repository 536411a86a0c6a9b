const percentFormat = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** The change from `before` to `now` in % ("+12,5%", "-3%", "0%"); null when there is nothing to compare with. */
export function percentChange(now: number, before: number | null): string | null {
  if (before === null || before === 0) return null;
  return `${percentFormat.format(((now - before) / before) * 100)}%`;
}

/** `part` as a share of `whole` ("38,2%"); null when the whole is zero. */
export function share(part: number, whole: number): string | null {
  return whole === 0 ? null : `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 }).format((part / whole) * 100)}%`;
}

/** Money on a chart's axis: millions of đồng ("12,5 tr"). */
export const millions = (v: number) => `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 }).format(v / 1_000_000)} tr`;
