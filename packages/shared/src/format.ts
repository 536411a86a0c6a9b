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

/** YYYY-MM-DD of a moment in the school's time zone (today by default), for addresses and API filters. */
export function isoDateInSchool(value: Date = new Date()): string {
  const p = parts(value, false);
  return `${p.year}-${p.month}-${p.day}`;
}

/** dd/mm/yyyy HH:mm in the school's time zone. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value == null || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  const p = parts(d, true);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/*
 * People type dates as dd/mm/yyyy (spec section 9); the API speaks YYYY-MM-DD. The date fields convert
 * between them with these, without going through Date, so no time zone can shift the day (and text
 * that is not a calendar date shows as nothing, where formatDate would read any Date-parsable string).
 */

/** "2025-09-05" → "05/09/2025"; anything else → ''. */
export function isoToDisplay(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** "5/9/2025", "05/09/2025", "05-09-2025", "05.09.2025" → "2025-09-05"; null when it is not a real day. */
export function displayToIso(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return null;
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d > daysInMonth) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Inserts the slashes while typing digits: "0509" → "05/09", "05092025" → "05/09/2025". Text typed
 * with its own separators elsewhere ("5/9/2025") is left alone.
 */
export function maskDateInput(text: string): string {
  const ownSlashes = [...text].every((c, i) => /\d/.test(c) || (c === '/' && (i === 2 || i === 5)));
  if (!ownSlashes) return text.slice(0, 10);
  const digits = text.replace(/\D/g, '').slice(0, 8);
  // Keep a slash just typed after the day or month ("05/").
  const trailing = text.endsWith('/') && (digits.length === 2 || digits.length === 4) ? '/' : '';
  if (digits.length <= 2) return digits + trailing;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}${trailing}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/**
 * How a học phần is named wherever a person picks or reads one (issue 12): its code, unique and
 * already saying year, semester and slice ("2026-HK1-M2"), with "(hiện tại)" on the current one. Its
 * longer name goes on a line of its own where there is room (the header's list), never appended.
 */
export function moduleLabel(m: { code: string; isCurrent?: boolean }): string {
  return m.isCurrent ? `${m.code} (hiện tại)` : m.code;
}
