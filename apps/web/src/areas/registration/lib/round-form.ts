import { formatDateTime, isoDateInSchool } from '@app/shared/format';
import type { TRoundDetail, TRoundInput } from '@app/shared/registration';
import type { FormValues } from '@/components/data/form-context';

export interface GroupRow {
  key: string;
  name: string;
  choose: number | '';
}
export interface OfferRow {
  courseClassId: number;
  compulsory: boolean;
  /** '' = the course class's own capacity. */
  capacity: number | '';
  groupKey: string | null;
}

/** A moment typed as a school date (YYYY-MM-DD) and time (HH:mm), in Asia/Ho_Chi_Minh (+07:00, no daylight saving). */
export function toMoment(date: unknown, time: unknown): string {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  if (typeof time !== 'string' || !/^\d{2}:\d{2}$/.test(time)) return '';
  return `${date}T${time}:00+07:00`;
}

/** The school date and time of a moment, for the form's two fields. */
export function fromMoment(moment: string): { date: string; time: string } {
  const d = new Date(moment);
  return { date: isoDateInSchool(d), time: formatDateTime(d).slice(11) };
}

const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** A new round: opens tomorrow at 07:00 for a week, grade 10, no classes picked yet. */
/** A new round's form; `defaults` are the settings page's registration defaults (waitlist, maximum classes). */
export function emptyRoundValues(
  today: string = isoDateInSchool(),
  defaults?: { waitlistByDefault: boolean; maxClasses: number | null },
): FormValues {
  return {
    name: '',
    opensDate: addDays(today, 1),
    opensTime: '07:00',
    closesDate: addDays(today, 8),
    closesTime: '17:00',
    grades: [10],
    maxClasses: defaults?.maxClasses ?? '',
    noClash: true,
    waitlist: defaults?.waitlistByDefault ?? true,
    groups: [] as GroupRow[],
    offers: [] as OfferRow[],
  };
}

/** The form of a saved round; an offer's capacity shows only when it differs from its class's own (`classCapacity`). */
export function roundValues(r: TRoundDetail, classCapacity: (courseClassId: number) => number | undefined): FormValues {
  const opens = fromMoment(r.opensAt);
  const closes = fromMoment(r.closesAt);
  return {
    name: r.name,
    opensDate: opens.date,
    opensTime: opens.time,
    closesDate: closes.date,
    closesTime: closes.time,
    grades: r.grades,
    maxClasses: r.maxClasses ?? '',
    noClash: r.noClash,
    waitlist: r.waitlist,
    groups: r.groups.map((g): GroupRow => ({ key: String(g.id), name: g.name, choose: g.choose })),
    offers: r.offers.map((o): OfferRow => ({
      courseClassId: o.courseClassId,
      compulsory: o.compulsory,
      capacity: classCapacity(o.courseClassId) === o.capacity ? '' : o.capacity,
      groupKey: o.groupId === null ? null : String(o.groupId),
    })),
  };
}

/** The form's values as the contract's input (ZRoundInput checks it before anything is sent). */
export function roundInput(moduleId: number, v: FormValues): TRoundInput {
  const groups = (v.groups as GroupRow[]).map((g) => ({ key: g.key, name: g.name, choose: g.choose === '' ? 0 : g.choose }));
  return {
    moduleId,
    name: String(v.name ?? ''),
    opensAt: toMoment(v.opensDate, v.opensTime),
    closesAt: toMoment(v.closesDate, v.closesTime),
    grades: v.grades as TRoundInput['grades'],
    maxClasses: v.maxClasses === '' || v.maxClasses == null ? null : Number(v.maxClasses),
    noClash: Boolean(v.noClash),
    waitlist: Boolean(v.waitlist),
    groups,
    offers: (v.offers as OfferRow[]).map((o) => ({
      courseClassId: o.courseClassId,
      compulsory: o.compulsory,
      capacity: o.capacity === '' ? null : o.capacity,
      groupKey: o.groupKey,
    })),
  };
}

/** The next free group key: A, B, … Z, then G27 … */
export function nextGroupKey(groups: readonly GroupRow[]): string {
  const used = new Set(groups.map((g) => g.key));
  for (let i = 0; ; i++) {
    const k = i < 26 ? String.fromCharCode(65 + i) : `G${i + 1}`;
    if (!used.has(k)) return k;
  }
}
