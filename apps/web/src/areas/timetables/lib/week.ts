import { type TPeriod, type TPeriodGrid, type TWeekEntry } from '@app/shared/timetables';

/** Dates here are plain YYYY-MM-DD strings, computed in UTC so no time zone shifts a day. */
const parse = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Today in the school's time zone (Asia/Ho_Chi_Minh), as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(date: string, days: number): string {
  const d = parse(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  const dow = parse(date).getUTCDay(); // 0 = Sunday
  return addDays(date, dow === 0 ? -6 : 1 - dow);
}

/** dd/mm/yyyy for people. */
export function formatDate(date: string, sep = '/'): string {
  const [y, m, d] = date.split('-');
  return [d, m, y].join(sep);
}

export const isIsoDate = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(parse(s).getTime());

/** The school day (1 = Thứ Hai … 6 = Thứ Bảy) of `today` in the week starting `weekStart`, or null when outside it. */
export function todayInWeek(weekStart: string, today: string): number | null {
  const diff = Math.round((parse(today).getTime() - parse(weekStart).getTime()) / 86_400_000);
  return diff >= 0 && diff <= 5 ? diff + 1 : null;
}

/** The entries taking place in a slot: those starting there and a double period started the slot before. */
export function entriesAt(entries: readonly TWeekEntry[], day: number, period: number): TWeekEntry[] {
  return entries.filter((e) => e.day === day && e.period <= period && period < e.period + Math.max(1, e.length));
}

/** Periods grouped by session, in order (morning first). */
export function periodsBySession(grid: TPeriodGrid): Array<{ session: TPeriod['session']; periods: TPeriod[] }> {
  const groups: Array<{ session: TPeriod['session']; periods: TPeriod[] }> = [];
  for (const p of grid.periods) {
    const last = groups[groups.length - 1];
    if (last && last.session === p.session) last.periods.push(p);
    else groups.push({ session: p.session, periods: [p] });
  }
  return groups;
}

/**
 * How a slot is drawn in the week grid: `span` 2 when the slot holds exactly one double period that
 * starts here and also fills the next period of the same session alone; `skip` for that next slot.
 */
export function slotLayout(entries: readonly TWeekEntry[], grid: TPeriodGrid, day: number, period: number): { span: 1 | 2; skip: boolean } {
  const starts = (p: number) => {
    const here = entriesAt(entries, day, p);
    const cur = grid.periods.find((x) => x.period === p);
    const next = grid.periods.find((x) => x.period === p + 1);
    if (here.length !== 1 || here[0].period !== p || here[0].length !== 2 || !cur || !next || next.session !== cur.session) return false;
    const after = entriesAt(entries, day, p + 1);
    return after.length === 1 && after[0] === here[0];
  };
  if (starts(period)) return { span: 2, skip: false };
  if (period > 1 && starts(period - 1)) return { span: 1, skip: true };
  return { span: 1, skip: false };
}

/** What a week shows without the words "Thời khóa biểu (của)" the server's titles start with: "học sinh Lê Minh Châu". */
export function titleSubject(title: string): string {
  return title.replace(/^Thời khóa biểu\s+(của\s+)?/u, '').trim() || title;
}

/** The week's full title: "Thời khóa biểu học sinh Lê Minh Châu". */
export function fullTitle(title: string): string {
  return `Thời khóa biểu ${titleSubject(title)}`;
}

/** The title's subject as part of a file name: characters a file name cannot hold become spaces. */
export function fileTitle(title: string): string {
  return titleSubject(title)
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
