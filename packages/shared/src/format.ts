/** The school's time zone: every date a person reads is in it, whatever the server's zone. */
export const SCHOOL_TZ = 'Asia/Ho_Chi_Minh';

function parts(d: Date, withTime: boolean) {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone: SCHOOL_TZ,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  });
  return Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));
}

function toDate(value: Date | string | number): Date | null {
  // A bare YYYY-MM-DD is a calendar date, not a moment: read it as such.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return new Date(`${y}-${m}-${d}T12:00:00+07:00`);
  }
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** dd/mm/yyyy (spec section 9), '' for a missing or invalid value. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  const p = parts(d, false);
  return `${p.day}/${p.month}/${p.year}`;
}

/** dd/mm/yyyy HH:mm in the school's time zone. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  const p = parts(d, true);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}
