import type { TRuleStatus } from '@app/shared/registration';
import { clashLabel, ruleStatusOf } from '@app/shared/registration-rules';
import type { DbOrTx } from '@/db/client';
import {
  compulsoryOffers,
  groupsOf,
  refusalData,
  registeredOf,
  roundRules,
  studentsOfGrades,
  type RefusalData,
  type RegisteredRow,
  type RoundRules,
} from './rules.repository';

/*
 * The rules of a registration round on the server, shared by the student's side (me.*) and the
 * administrator's (rounds.*): whether students' registrations meet the round (the pure rule in
 * @app/shared/registration-rules, the same code the student's page runs), and whether one more class
 * may be taken (maximum, group, timetable clash).
 */

/**
 * The rule status of every active student of the round's grades, by student id, in a few queries
 * (the administrator's "unmet" list and count, the reminder, the export). A compulsory class counts
 * for the students of its grade only.
 */
export async function roundRuleStatuses(db: DbOrTx, roundId: number): Promise<Map<number, TRuleStatus>> {
  const out = new Map<number, TRuleStatus>();
  const round = await roundRules(db, roundId);
  if (!round) return out;
  // One after the other: `db` may be a transaction (one connection).
  const groups = await groupsOf(db, roundId);
  const compulsory = await compulsoryOffers(db, roundId);
  const students = await studentsOfGrades(db, round.grades);
  const registered = await registeredOf(db, roundId, null);
  const byStudent = new Map<number, RegisteredRow[]>();
  for (const r of registered) byStudent.set(r.studentId, [...(byStudent.get(r.studentId) ?? []), r]);
  for (const s of students)
    out.set(
      s.id,
      ruleStatusOf(
        { maxClasses: round.maxClasses, groups, compulsory: compulsory.filter((c) => c.grade === s.grade) },
        byStudent.get(s.id) ?? [],
      ),
    );
  return out;
}

/**
 * Why a student may not take one more class of the round (its maximum, the class's elective group
 * already full, a timetable clash when the round forbids them), or null when they may, from what
 * `refusalParts` read. Counts registered classes only: a waitlisted request takes nothing until
 * promoted, and its promotion is checked again.
 */
export function refusalOf(round: Pick<RoundRules, 'maxClasses'>, d: RefusalData): string | null {
  if (round.maxClasses !== null && d.held >= round.maxClasses) return `Bạn đã đăng ký đủ số lớp tối đa (${round.maxClasses} lớp).`;
  if (d.groupName !== null && d.choose !== null && d.inGroup >= d.choose) return `Nhóm ${d.groupName} chỉ được chọn ${d.choose} lớp.`;
  if (d.clash) return `Trùng lịch với ${clashLabel(d.clash)}.`;
  return null;
}

/** `refusalOf` for one class, read in one query. `without`: classes to count as gone (a swap's class A). */
export async function refusalFor(
  db: DbOrTx,
  o: { round: RoundRules; studentId: number; courseClassId: number; groupId: number | null; without?: number[] },
): Promise<string | null> {
  const d = await refusalData(db, {
    roundId: o.round.id,
    moduleId: o.round.moduleId,
    noClash: o.round.noClash,
    studentId: o.studentId,
    courseClassId: o.courseClassId,
    groupId: o.groupId,
    without: o.without ?? [],
  });
  return refusalOf(o.round, d);
}
