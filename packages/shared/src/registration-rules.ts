import type { TLessonSlot, TMyRound, TRegistration, TRuleStatus, TSeat } from './registration';
import { DAY_LABELS } from './timetables';

/*
 * The rules of a registration round as pure functions, the same code on both sides: the server builds
 * the student's round with them (apps/server/src/areas/registration), and the student's page applies an
 * action's answer (their registrations and the seats) to the round it holds with `withRegistrations`,
 * so an action answers a few rows instead of the whole round.
 */

/** "Toán – lớp 10A1 (Thứ Hai, tiết 3)": a class and the first period it clashes at. */
export function clashLabel(c: { name: string; day: number; period: number }): string {
  return `${c.name} (${DAY_LABELS[c.day] ?? `Thứ ${c.day + 1}`}, tiết ${c.period})`;
}

export interface RuleData {
  maxClasses: number | null;
  groups: ReadonlyArray<{ id: number; name: string; choose: number }>;
  /** The compulsory classes the student must hold (those of their grade). */
  compulsory: ReadonlyArray<{ courseClassId: number; name: string }>;
}

/**
 * Whether a student's registered classes meet the round: every compulsory class, every elective group
 * exactly its `choose` classes, at most `maxClasses`; each unmet rule in Vietnamese
 * ("Cần chọn thêm 1 lớp trong nhóm Tự chọn A").
 */
export function ruleStatusOf(data: RuleData, registered: ReadonlyArray<{ courseClassId: number; groupId: number | null }>): TRuleStatus {
  const problems: string[] = [];
  const have = new Set(registered.map((r) => r.courseClassId));
  for (const c of data.compulsory) if (!have.has(c.courseClassId)) problems.push(`Chưa đăng ký lớp bắt buộc ${c.name}`);
  for (const g of data.groups) {
    const n = registered.filter((r) => r.groupId === g.id).length;
    if (n < g.choose) problems.push(`Cần chọn thêm ${g.choose - n} lớp trong nhóm ${g.name}`);
    else if (n > g.choose) problems.push(`Nhóm ${g.name} chỉ được chọn ${g.choose} lớp (đang có ${n} lớp)`);
  }
  const max = data.maxClasses;
  if (max !== null && registered.length > max) problems.push(`Đăng ký vượt quá ${max} lớp tối đa (đang có ${registered.length} lớp)`);
  return { met: problems.length === 0, problems };
}

const overlaps = (a: TLessonSlot, b: TLessonSlot) => a.day === b.day && a.period < b.period + b.length && b.period < a.period + a.length;

interface Timed {
  courseClassId: number;
  name: string;
  lessons: readonly TLessonSlot[];
}

/**
 * For each class of `candidates`, the classes of `held` (other than itself) it clashes with, each
 * named with its first shared period ("Toán – lớp 10A1 (Thứ Hai, tiết 3)"). A class with no placed
 * lessons clashes with nothing.
 */
export function clashesOf(candidates: readonly Timed[], held: readonly Timed[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const o of candidates) {
    const labels: string[] = [];
    for (const c of held) {
      if (c.courseClassId === o.courseClassId) continue;
      let first: { day: number; period: number } | null = null;
      for (const a of o.lessons)
        for (const b of c.lessons) {
          if (!overlaps(a, b)) continue;
          const hit = { day: b.day, period: Math.max(a.period, b.period) };
          if (!first || hit.day < first.day || (hit.day === first.day && hit.period < first.period)) first = hit;
        }
      if (first) labels.push(clashLabel({ name: c.name, ...first }));
    }
    out.set(o.courseClassId, labels);
  }
  return out;
}

/**
 * The student's round with `mine` as their registrations and `seats` as the seats of some offers (the
 * others keep theirs): the offers' seats and clashes, the round's totals and the rule status follow.
 * The server builds the round with it; the page applies an action's answer with it.
 */
export function withRegistrations(round: TMyRound, mine: readonly TRegistration[], seats: readonly TSeat[]): TMyRound {
  const seatOf = new Map(seats.map((s) => [s.courseClassId, s]));
  const totals = { seats: round.seats, taken: round.taken, waiting: round.waiting };
  const offers = round.offers.map((o) => {
    const s = seatOf.get(o.courseClassId);
    if (!s) return o;
    totals.seats += s.capacity - o.capacity;
    totals.taken += s.taken - o.taken;
    totals.waiting += s.waiting - o.waiting;
    return { ...o, capacity: s.capacity, taken: s.taken, waiting: s.waiting };
  });
  const registered = new Set(mine.filter((r) => r.status === 'registered').map((r) => r.courseClassId));
  const heldOffers = offers.filter((o) => registered.has(o.courseClassId));
  const clashes = clashesOf(offers, [...heldOffers, ...round.others]);
  return {
    ...round,
    ...totals,
    offers: offers.map((o) => ({ ...o, clashesWith: clashes.get(o.courseClassId) ?? [] })),
    mine: [...mine],
    rules: ruleStatusOf(
      {
        maxClasses: round.maxClasses,
        groups: round.groups,
        compulsory: offers.filter((o) => o.compulsory),
      },
      heldOffers,
    ),
  };
}
