/**
 * People type dates as dd/mm/yyyy (spec section 9); the API speaks YYYY-MM-DD. These two convert
 * between them without going through Date, so no time zone can shift the day.
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
