/** Periods of a course class: its own columns, else the subject × grade plan, else these defaults. */
export const DEFAULT_PERIODS_PER_WEEK = 2;
export const DEFAULT_ROOM_KIND = 'standard';

export interface ClassPeriods {
  periodsPerWeek: number;
  doublePeriods: boolean;
  roomKind: string;
}

export function resolvePeriods(
  own: { periodsPerWeek: number | null; doublePeriods: boolean | null; roomKind: string | null },
  plan: { periodsPerWeek: number; doublePeriods: boolean; roomKind: string } | null | undefined,
): ClassPeriods {
  return {
    periodsPerWeek: own.periodsPerWeek ?? plan?.periodsPerWeek ?? DEFAULT_PERIODS_PER_WEEK,
    doublePeriods: own.doublePeriods ?? plan?.doublePeriods ?? false,
    roomKind: own.roomKind ?? plan?.roomKind ?? DEFAULT_ROOM_KIND,
  };
}

/** The lessons a class needs each week: their lengths (pairs for double periods, an odd one single). */
export function lessonLengths(p: Pick<ClassPeriods, 'periodsPerWeek' | 'doublePeriods'>): Array<1 | 2> {
  if (!p.doublePeriods) return Array.from({ length: p.periodsPerWeek }, () => 1 as const);
  const out: Array<1 | 2> = Array.from({ length: Math.floor(p.periodsPerWeek / 2) }, () => 2 as const);
  if (p.periodsPerWeek % 2) out.push(1);
  return out;
}
