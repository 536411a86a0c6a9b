import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '@/db/client';
import { demoEmail } from '../seed/demo';
import { addCampuses, addCourseClass, addDepartments, addModules, addSemester, addStudents, addSubjects, addYear } from './school';
import { uniq } from './uniq';

/*
 * Tests only: course registration data (issue 14) built straight into the tables: a module of its own
 * with subjects and course classes, students of a grade with accounts, a round with its groups and
 * offers, and a published timetable with chosen lessons.
 */

export interface RegModule {
  tag: string;
  module: { id: number; startDate: string; endDate: string };
  campus: { id: number; name: string };
  /** Two subjects of a department of its own: "Toán <tag>", "Văn <tag>". */
  math: { id: number; name: string };
  literature: { id: number; name: string };
}

/** A module of its own, starting in a year from now (so never over during a test run), on a campus of its own. */
export async function makeRegModule(db: Db): Promise<RegModule> {
  const tag = uniq('DK');
  const y = new Date().getUTCFullYear() + 1;
  const year = await addYear(db, { name: `${y}-${y + 1} ${tag}`, startDate: `${y}-09-01`, endDate: `${y + 1}-05-31` });
  const sem = await addSemester(db, { name: `HK1 ${tag}`, academicYearId: year.id, startDate: `${y}-09-01`, endDate: `${y + 1}-01-15` });
  const [mod] = await addModules(db, [
    { code: tag, name: `Học phần ${tag}`, semesterId: sem.id, startDate: `${y}-09-07`, endDate: `${y}-11-01` },
  ]);
  const [campus] = await addCampuses(db, [{ code: `CS${tag}`, name: `Cơ sở ${tag}`, address: '' }]);
  const [dept] = await addDepartments(db, [{ code: `T${tag}`, name: `Tổ ${tag}` }]);
  const [math, literature] = await addSubjects(db, [
    { code: `TO${tag}`, name: `Toán ${tag}`, departmentId: dept.id, kind: 'core' },
    { code: `VA${tag}`, name: `Văn ${tag}`, departmentId: dept.id, kind: 'core' },
  ]);
  return {
    tag,
    module: { id: mod.id, startDate: mod.startDate, endDate: mod.endDate },
    campus: { id: campus.id, name: campus.name },
    math: { id: math.id, name: math.name },
    literature: { id: literature.id, name: literature.name },
  };
}

/** A course class of the module (capacity 40 unless given), named `name`, of `subjectId` (math by default). */
export async function addRegClass(
  db: Db,
  m: RegModule,
  v: { name: string; subjectId?: number; grade?: number; capacity?: number; studentIds?: number[]; teacherIds?: number[] },
) {
  const cls = await addCourseClass(db, {
    code: uniq(`LHP${m.tag}-`),
    name: v.name,
    subjectId: v.subjectId ?? m.math.id,
    moduleId: m.module.id,
    campusId: m.campus.id,
    grade: v.grade ?? 10,
    capacity: v.capacity ?? 40,
    studentIds: v.studentIds,
    teacherIds: v.teacherIds,
  });
  return { id: cls.id, name: cls.name, code: cls.code };
}

export interface RegStudent {
  id: number;
  /** The account's e-mail (t.tokenFor takes it). */
  email: string;
}

/** `count` active students of a grade on the module's campus, each with a student account. */
export async function addRegStudents(db: Db, m: RegModule, count: number, grade = 10): Promise<RegStudent[]> {
  const list = Array.from({ length: count }, (_, i) => ({
    fullName: `Học sinh ${m.tag} ${i + 1}`,
    grade,
    campusId: m.campus.id,
    account: demoEmail(`dk.${m.tag.toLowerCase()}.${grade}.${i + 1}.${uniq('').toLowerCase()}`),
  }));
  const rows = await addStudents(db, list);
  return rows.map((r, i) => ({ id: r.id, email: list[i].account }));
}

export interface RoundSpec {
  moduleId: number;
  name?: string;
  grades?: number[];
  /** Defaults: opened an hour ago, closing in a day. */
  opensAt?: Date;
  closesAt?: Date;
  closedAt?: Date | null;
  maxClasses?: number | null;
  noClash?: boolean;
  waitlist?: boolean;
  groups?: Array<{ name: string; choose: number }>;
  /** `group`: an index into `groups`; `capacity`: the offer's own. */
  offers: Array<{ courseClassId: number; capacity: number; compulsory?: boolean; group?: number }>;
}

/** A round with its groups and offers (nothing taken); answers its id and its groups' ids in order. */
export async function addRound(db: Db, r: RoundSpec): Promise<{ id: number; groupIds: number[] }> {
  const now = Date.now();
  const opensAt = r.opensAt ?? new Date(now - 3600_000);
  const closesAt = r.closesAt ?? new Date(now + 86400_000);
  const grades = r.grades ?? [10];
  const [round] = await queryRows<{ id: number }>(
    db,
    sql`insert into registration_rounds (module_id, name, opens_at, closes_at, grades, max_classes, no_clash, waitlist, closed_at)
        values (${r.moduleId}, ${r.name ?? `Đợt ${uniq('')}`}, ${opensAt.toISOString()}, ${closesAt.toISOString()},
                ${`{${grades.join(',')}}`}::int[], ${r.maxClasses ?? null}, ${r.noClash ?? true}, ${r.waitlist ?? true},
                ${r.closedAt ? r.closedAt.toISOString() : null})
        returning id`,
  );
  const groupIds: number[] = [];
  for (const g of r.groups ?? []) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into registration_groups (round_id, name, choose) values (${round.id}, ${g.name}, ${g.choose}) returning id`,
    );
    groupIds.push(row.id);
  }
  for (const o of r.offers)
    await db.execute(
      sql`insert into registration_offers (round_id, course_class_id, capacity, compulsory, group_id)
          values (${round.id}, ${o.courseClassId}, ${o.capacity}, ${o.compulsory ?? false}, ${o.group === undefined ? null : groupIds[o.group]})`,
    );
  return { id: round.id, groupIds };
}

/** Registers students straight into the table, taking their seats (as if they had registered). */
export async function addRegistrations(db: DbOrTx, roundId: number, rows: Array<{ studentId: number; courseClassId: number }>) {
  for (const r of rows) {
    await db.execute(
      sql`insert into registrations (round_id, student_id, course_class_id, status) values (${roundId}, ${r.studentId}, ${r.courseClassId}, 'registered')`,
    );
    await db.execute(
      sql`update registration_offers set taken = taken + 1 where round_id = ${roundId} and course_class_id = ${r.courseClassId}`,
    );
  }
}

/**
 * The module's published timetable, in force from its first day (made at the first call, added to by
 * the next ones), with these placed lessons; answers its id.
 */
export async function publishLessons(
  db: Db,
  m: RegModule,
  lessons: Array<{ courseClassId: number; day: number; period: number; length?: number; classroomId?: number | null }>,
): Promise<number> {
  const [have] = await queryRows<{ id: number }>(
    db,
    sql`select id from timetables where module_id = ${m.module.id} and status = 'published' and effective_from = ${m.module.startDate}`,
  );
  const tt =
    have ??
    (
      await queryRows<{ id: number }>(
        db,
        sql`insert into timetables (module_id, name, status, effective_from, published_at)
            values (${m.module.id}, ${`TKB ${m.tag}`}, 'published', ${m.module.startDate}, now()) returning id`,
      )
    )[0];
  for (const l of lessons)
    await db.execute(
      sql`insert into lessons (timetable_id, course_class_id, day, period, length, classroom_id)
          values (${tt.id}, ${l.courseClassId}, ${l.day}, ${l.period}, ${l.length ?? 1}, ${l.classroomId ?? null})`,
    );
  return tt.id;
}
