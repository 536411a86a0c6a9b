// Dates: @app/shared/format (dd/mm/yyyy in the school's time zone), so server and web agree.
const numberFormat = new Intl.NumberFormat('vi-VN');

/** Vietnamese digit grouping (1.234.567); strings pass through unchanged. */
export function formatValue(value: number | string): string {
  return typeof value === 'number' ? numberFormat.format(value) : value;
}
