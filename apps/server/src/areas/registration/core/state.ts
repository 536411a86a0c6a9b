import type { TRoundState } from '@app/shared/registration';

/** A timestamp as the API shows it (ISO 8601); both drivers may answer a Date or a string. */
export function iso(v: Date | string): string {
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

/**
 * Where a round stands at `now`: closed once its registrations became enrolments (`closedAt`), else
 * upcoming before `opensAt`, open until `closesAt`, then ended (waiting to be closed).
 */
export function roundState(
  r: { opensAt: Date | string; closesAt: Date | string; closedAt: Date | string | null },
  now = new Date(),
): TRoundState {
  if (r.closedAt !== null) return 'closed';
  const t = now.getTime();
  if (t < new Date(r.opensAt).getTime()) return 'upcoming';
  if (t < new Date(r.closesAt).getTime()) return 'open';
  return 'ended';
}
