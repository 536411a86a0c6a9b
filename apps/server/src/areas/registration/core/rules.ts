import type { TRuleStatus } from '@app/shared/registration';
import { DAY_LABELS } from '@app/shared/timetables';
import type { DbOrTx } from '@/db/client';
import {
  compulsoryOffers,
  firstClash,
  groupsOf,
  registeredOf,
  roundRules,
  studentsOfGrades,
  type GroupRow,
  type RegisteredRow,
  type RoundRules,
} from './rules.repository';

/*
 * The rules of a registration round, shared by the student's side (me.*) and the administrator's
 * (rounds.*): whether a student's registrations meet the round (every elective group exactly its
 * `choose` classes, every compulsory class, at most `maxClasses`), and whether one more class may be
 * taken (maximum, group, timetable clash).
 */

/** "Toán – lớp 10A1 (Thứ Hai, tiết 3)": a class and the first period it clashes at. */
export function clashLabel(c: { name: string; day: number; period: number }): string {
  return `${c.name} (${DAY_LABELS[c.day] ?? `Thứ ${c.day + 1}`}, tiết ${c.period})`;
}

interface RuleData {
  round: Pick<RoundRules, 'maxClasses'>;
  groups: GroupRow[];
  compulsory: Array<{ courseClassId: number; name: string }>;
}

/** The rule status of one student's registered classes (pure: the data is loaded by the callers). */
export function ruleStatusOf(data: RuleData, registered: Array<Pick<RegisteredRow, 'courseClassId' | 'groupId'>>): TRuleStatus {
  const problems: string[] = [];
  const have = new Set(registered.map((r) => r.courseClassId));
  for (const c of data.compulsory) if (!have.has(c.courseClassId)) problems.push(`Chưa đăng ký lớp bắt buộc ${c.name}`);
  for (const g of data.groups) {
    const n = registered.filter((r) => r.groupId === g.id).length;
    if (n < g.choose) problems.push(`Cần chọn thêm ${g.choose - n} lớp trong nhóm ${g.name}`);
    else if (n > g.choose) problems.push(`Nhóm ${g.name} chỉ được chọn ${g.choose} lớp (đang có ${n} lớp)`);
  }
  const max = data.round.maxClasses;
  if (max !== null && registered.length > max) problems.push(`Đăng ký vượt quá ${max} lớp tối đa (đang có ${registered.length} lớp)`);
  return { met: problems.length === 0, problems };
}

async function ruleData(db: DbOrTx, roundId: number): Promise<(RuleData & { round: RoundRules }) | null> {
  const round = await roundRules(db, roundId);
  if (!round) return null;
  // One after the other: `db` may be a transaction (one connection).
  const groups = await groupsOf(db, roundId);
  const compulsory = await compulsoryOffers(db, roundId);
  return { round, groups, compulsory };
}

/**
 * Whether one student's registered classes of a round meet its rules, with each unmet rule in
 * Vietnamese ("Cần chọn thêm 1 lớp trong nhóm Tự chọn A"). An unknown round is met (nothing to meet).
 */
export async function studentRuleStatus(db: DbOrTx, roundId: number, studentId: number): Promise<TRuleStatus> {
  const data = await ruleData(db, roundId);
  if (!data) return { met: true, problems: [] };
  return ruleStatusOf(data, await registeredOf(db, roundId, studentId));
}

/**
 * The rule status of every active student of the round's grades, by student id, in a few queries
 * (the administrator's "unmet" list and count, the reminder, the export).
 */
export async function roundRuleStatuses(db: DbOrTx, roundId: number): Promise<Map<number, TRuleStatus>> {
  const out = new Map<number, TRuleStatus>();
  const data = await ruleData(db, roundId);
  if (!data) return out;
  const students = await studentsOfGrades(db, data.round.grades);
  const registered = await registeredOf(db, roundId, null);
  const byStudent = new Map<number, RegisteredRow[]>();
  for (const r of registered) byStudent.set(r.studentId, [...(byStudent.get(r.studentId) ?? []), r]);
  for (const s of students) out.set(s.id, ruleStatusOf(data, byStudent.get(s.id) ?? []));
  return out;
}

/**
 * Why a student may not take one more class of the round (its maximum, the class's elective group
 * already full, a timetable clash when the round forbids them), or null when they may. `without`:
 * classes to count as gone (a swap's class A). Counts registered classes only: a waitlisted request
 * takes nothing until promoted, and its promotion is checked again here.
 */
export async function refusalFor(
  db: DbOrTx,
  o: { round: RoundRules; studentId: number; courseClassId: number; groupId: number | null; without?: number[] },
): Promise<string | null> {
  const without = new Set(o.without ?? []);
  const mine = (await registeredOf(db, o.round.id, o.studentId)).filter(
    (r) => !without.has(r.courseClassId) && r.courseClassId !== o.courseClassId,
  );
  if (o.round.maxClasses !== null && mine.length >= o.round.maxClasses)
    return `Bạn đã đăng ký đủ số lớp tối đa (${o.round.maxClasses} lớp).`;
  if (o.groupId !== null) {
    const groups = await groupsOf(db, o.round.id);
    const g = groups.find((x) => x.id === o.groupId);
    if (g && mine.filter((r) => r.groupId === g.id).length >= g.choose) return `Nhóm ${g.name} chỉ được chọn ${g.choose} lớp.`;
  }
  if (o.round.noClash) {
    const clash = await firstClash(db, {
      roundId: o.round.id,
      moduleId: o.round.moduleId,
      studentId: o.studentId,
      courseClassId: o.courseClassId,
      without: [...without],
    });
    if (clash) return `Trùng lịch với ${clashLabel(clash)}.`;
  }
  return null;
}
