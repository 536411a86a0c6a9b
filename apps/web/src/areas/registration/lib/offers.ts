import type { TMyRound, TOffer, TRoundGroup } from '@app/shared/registration';
import { DAY_LABELS } from '@app/shared/timetables';

export type MyOffer = TMyRound['offers'][number];

export interface OfferSection<O extends TOffer = TOffer> {
  key: string;
  title: string;
  /** "Chọn 2 lớp trong nhóm" for an elective group. */
  group: TRoundGroup | null;
  offers: O[];
}

const byName = (a: TOffer, b: TOffer) => a.subjectName.localeCompare(b.subjectName, 'vi') || a.code.localeCompare(b.code, 'vi');

/** The offers as the student reads them: each elective group first ("chọn k"), then the other classes by subject. */
export function offerSections<O extends TOffer>(groups: readonly TRoundGroup[], offers: readonly O[]): OfferSection<O>[] {
  const out: OfferSection<O>[] = groups.map((g) => ({
    key: `g${g.id}`,
    title: g.name,
    group: g,
    offers: offers.filter((o) => o.groupId === g.id).sort(byName),
  }));
  const known = new Set(groups.map((g) => g.id));
  const bySubject = new Map<number, OfferSection<O>>();
  for (const o of [...offers].sort(byName)) {
    if (o.groupId !== null && known.has(o.groupId)) continue;
    let s = bySubject.get(o.subjectId);
    if (!s) {
      s = { key: `s${o.subjectId}`, title: o.subjectName, group: null, offers: [] };
      bySubject.set(o.subjectId, s);
    }
    s.offers.push(o);
  }
  return [...out.filter((s) => s.offers.length > 0), ...bySubject.values()];
}

/** "Thứ Hai, tiết 1–2, phòng A101". */
export function lessonText(l: { day: number; period: number; length: number; roomCode: string | null }): string {
  const periods = l.length > 1 ? `tiết ${l.period}–${l.period + l.length - 1}` : `tiết ${l.period}`;
  return `${DAY_LABELS[l.day] ?? `Ngày ${l.day}`}, ${periods}${l.roomCode ? `, phòng ${l.roomCode}` : ''}`;
}

/** Seats left (never below 0). */
export const seatsLeft = (o: { capacity: number; taken: number }) => Math.max(0, o.capacity - o.taken);

export interface WeekCell {
  code: string;
  name: string;
  roomCode: string | null;
}

/** A class with its lessons: an offer, or one of the student's other classes of the module. */
export type Timed = Pick<TOffer, 'code' | 'name' | 'lessons'>;

/** The chosen classes' lessons laid on days × periods (a double period fills both rows). */
export function weekOf(
  offers: readonly Timed[],
  /** The grid's number of periods: every one gets a row (without a grid, at least 5). */
  gridPeriods = 0,
): { days: number[]; periods: number[]; at: (day: number, period: number) => WeekCell[] } {
  const cells = new Map<string, WeekCell[]>();
  let last = 0;
  for (const o of offers)
    for (const l of o.lessons)
      for (let p = l.period; p < l.period + Math.max(1, l.length); p++) {
        const k = `${l.day}:${p}`;
        cells.set(k, [...(cells.get(k) ?? []), { code: o.code, name: o.name, roomCode: l.roomCode }]);
        last = Math.max(last, p);
      }
  return {
    days: [1, 2, 3, 4, 5, 6],
    periods: Array.from({ length: Math.max(last, gridPeriods || 5) }, (_, i) => i + 1),
    at: (day, period) => cells.get(`${day}:${period}`) ?? [],
  };
}
