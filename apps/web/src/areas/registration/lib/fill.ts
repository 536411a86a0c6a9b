import type { TOffer, TSeat } from '@app/shared/registration';

export interface FillRow {
  key: string;
  label: string;
  taken: number;
  capacity: number;
  waiting: number;
  /** taken / capacity in percent (0 when there is no seat). */
  percent: number;
}

const row = (key: string, label: string, taken: number, capacity: number, waiting: number): FillRow => ({
  key,
  label,
  taken,
  capacity,
  waiting,
  percent: capacity > 0 ? Math.round((taken / capacity) * 1000) / 10 : 0,
});

/** The offers with the live seats laid over them. */
export function withSeats(offers: readonly TOffer[], seats: ReadonlyMap<number, TSeat>): TOffer[] {
  return offers.map((o) => {
    const s = seats.get(o.courseClassId);
    return s ? { ...o, capacity: s.capacity, taken: s.taken, waiting: s.waiting } : o;
  });
}

/**
 * Popularity per class: the students who want it (registered and waiting) against its seats, most
 * wanted first; above 100% the class is wanted by more students than it seats.
 */
export function demandByClass(offers: readonly TOffer[]): FillRow[] {
  return offers
    .map((o) => row(`d${o.courseClassId}`, `${o.code} · ${o.name}`, o.taken + o.waiting, o.capacity, o.waiting))
    .sort((a, b) => b.percent - a.percent || a.label.localeCompare(b.label, 'vi'));
}

/** Fill per class, fullest first. */
export function fillByClass(offers: readonly TOffer[]): FillRow[] {
  return offers
    .map((o) => row(`c${o.courseClassId}`, `${o.code} · ${o.name}`, o.taken, o.capacity, o.waiting))
    .sort((a, b) => b.percent - a.percent || a.label.localeCompare(b.label, 'vi'));
}

function fillBy(offers: readonly TOffer[], keyOf: (o: TOffer) => string, labelOf: (o: TOffer) => string): FillRow[] {
  const acc = new Map<string, FillRow>();
  for (const o of offers) {
    const k = keyOf(o);
    const r = acc.get(k) ?? row(k, labelOf(o), 0, 0, 0);
    acc.set(k, row(k, r.label, r.taken + o.taken, r.capacity + o.capacity, r.waiting + o.waiting));
  }
  return [...acc.values()].sort((a, b) => b.percent - a.percent || a.label.localeCompare(b.label, 'vi'));
}

/** Fill per subject: every class of the subject together. */
export const fillBySubject = (offers: readonly TOffer[]) =>
  fillBy(
    offers,
    (o) => `s${o.subjectId}`,
    (o) => o.subjectName,
  );

/** Fill per grade and campus. */
export const fillByGradeCampus = (offers: readonly TOffer[]) =>
  fillBy(
    offers,
    (o) => `g${o.grade}-${o.campusName}`,
    (o) => `Khối ${o.grade} · ${o.campusName}`,
  );

/** "87,5%". */
export const fmtPercent = (p: number) => `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 }).format(p)}%`;
