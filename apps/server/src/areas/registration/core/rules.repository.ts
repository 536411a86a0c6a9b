import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';

/*
 * The SQL of the registration rules (core/rules.ts): a round's rule settings, groups and compulsory
 * offers, the registered classes of one student or of every student, and the timetable clash check.
 */

export interface RoundRules {
  id: number;
  moduleId: number;
  grades: number[];
  maxClasses: number | null;
  noClash: boolean;
  waitlist: boolean;
}

export async function roundRules(db: DbOrTx, roundId: number): Promise<RoundRules | null> {
  const [row] = await queryRows<RoundRules>(
    db,
    sql`select id, module_id as "moduleId", grades, max_classes as "maxClasses", no_clash as "noClash", waitlist
        from registration_rounds where id = ${roundId}`,
  );
  return row ?? null;
}

export interface GroupRow {
  id: number;
  name: string;
  choose: number;
}

export const groupsOf = (db: DbOrTx, roundId: number) =>
  queryRows<GroupRow>(db, sql`select id, name, choose from registration_groups where round_id = ${roundId} order by id`);

/** The compulsory offers of a round, with their course classes' names and grades. */
export const compulsoryOffers = (db: DbOrTx, roundId: number) =>
  queryRows<{ courseClassId: number; name: string; grade: number }>(
    db,
    sql`select o.course_class_id as "courseClassId", cc.name, cc.grade from registration_offers o join course_classes cc on cc.id = o.course_class_id
        where o.round_id = ${roundId} and o.compulsory order by cc.name, cc.id`,
  );

export interface RegisteredRow {
  studentId: number;
  courseClassId: number;
  groupId: number | null;
}

/** The registered (not waitlisted) classes of a round: one student's, or (null) everyone's. */
export const registeredOf = (db: DbOrTx, roundId: number, studentId: number | null) =>
  queryRows<RegisteredRow>(
    db,
    sql`select r.student_id as "studentId", r.course_class_id as "courseClassId", o.group_id as "groupId"
        from registrations r left join registration_offers o on o.round_id = r.round_id and o.course_class_id = r.course_class_id
        where r.round_id = ${roundId} and r.status = 'registered' ${studentId === null ? sql`` : sql`and r.student_id = ${studentId}`}`,
  );

/** The active students of some grades: who a round is for. */
export const studentsOfGrades = (db: DbOrTx, grades: number[]) =>
  queryRows<{ id: number; grade: number }>(
    db,
    sql`select id, grade from students where status = 'active' and grade = any(${sql`${`{${grades.join(',')}}`}::int[]`}) order by id`,
  );

/**
 * The id of a module's published timetable that registration reads: the version in force on the
 * module's first day (or today, once the module has started), else the earliest one published after it.
 */
export function timetableOfModule(moduleId: SQL | number): SQL {
  const ref = sql`greatest(current_date, (select m.start_date from modules m where m.id = ${moduleId}))`;
  return sql`(select tt.id from timetables tt where tt.module_id = ${moduleId} and tt.status = 'published'
      order by (tt.effective_from <= ${ref}) desc nulls last,
               case when tt.effective_from <= ${ref} then tt.effective_from end desc nulls last,
               tt.effective_from, tt.id desc
      limit 1)`;
}

/**
 * The course classes a student already has in a module, besides `exclude`: their registered classes
 * of the round and the module's course classes they are enrolled in.
 */
export function studentClasses(o: { roundId: number; moduleId: number | SQL; studentId: number; exclude: number[] }): SQL {
  const ex = sql`${`{${o.exclude.join(',')}}`}::int[]`;
  return sql`(select r.course_class_id from registrations r
       where r.round_id = ${o.roundId} and r.student_id = ${o.studentId} and r.status = 'registered'
         and not (r.course_class_id = any(${ex}))
     union
     select cs.course_class_id from course_class_students cs join course_classes c on c.id = cs.course_class_id
       where cs.student_id = ${o.studentId} and c.module_id = ${o.moduleId} and not (cs.course_class_id = any(${ex})))`;
}

export interface ClashRow {
  name: string;
  day: number;
  period: number;
}

/** What decides whether a student may take one more class (core/rules.ts `refusalFor`), read in one statement. */
export interface RefusalData {
  /** The student's registered classes of the round, the asked class and `without` left out. */
  held: number;
  /** Of those, the ones in the asked class's elective group. */
  inGroup: number;
  groupName: string | null;
  choose: number | null;
  /** With `noClash`: the first lesson of the student's other classes overlapping one of the asked class. */
  clash: ClashRow | null;
}

export interface RefusalQuery {
  roundId: number;
  /** A number, or the round row's column in a statement that reads it (`r.module_id`). */
  moduleId: number | SQL;
  /** A boolean, or the round row's column (`r.no_clash`): the clash is then looked for only when it is true. */
  noClash: boolean | SQL;
  studentId: number;
  courseClassId: number;
  without: number[];
}

/**
 * What `refusalFor` judges (RefusalData), for a statement where `g` is the asked class's elective group
 * (left-joined) and `groupId` its id: `join` (a lateral join, after `g`'s) and `columns` — the student's
 * registered classes of the round and those of the group (counted by one subquery), and (when
 * `noClash`) the first lesson of their other classes (registered in the round or enrolled in the
 * module, `without` left out) overlapping a lesson of the class in the module's published timetable (a
 * class with no placed lessons never clashes).
 */
export function refusalParts(o: RefusalQuery & { groupId: SQL }): { join: SQL; columns: SQL } {
  const exclude = [o.courseClassId, ...o.without];
  const ex = sql`${`{${exclude.join(',')}}`}::int[]`;
  const clashOf = () => sql`(select json_build_object('name', xc.name, 'day', x.day, 'period', greatest(x.period, c.period))
          from lessons c
          join lessons x on x.timetable_id = c.timetable_id and x.day = c.day
                        and x.period < c.period + c.length and c.period < x.period + x.length
          join course_classes xc on xc.id = x.course_class_id
          where c.timetable_id = ${timetableOfModule(o.moduleId)} and c.course_class_id = ${o.courseClassId} and c.day is not null
            and x.course_class_id in ${studentClasses({ ...o, exclude })}
          order by x.day, greatest(x.period, c.period), xc.name
          limit 1)`;
  const clash =
    o.noClash === false ? sql`null::json` : o.noClash === true ? clashOf() : sql`(case when ${o.noClash} then ${clashOf()} end)`;
  return {
    // Both counts in one subquery: PostgreSQL sets up every subquery's plan at each execution, rows or not.
    join: sql`left join lateral (select count(*)::int as held, (count(*) filter (where ho.group_id = ${o.groupId}))::int as "inGroup"
        from registrations hr
        left join registration_offers ho on ho.round_id = hr.round_id and ho.course_class_id = hr.course_class_id
        where hr.round_id = ${o.roundId} and hr.student_id = ${o.studentId} and hr.status = 'registered'
          and not (hr.course_class_id = any(${ex}))) held on true`,
    columns: sql`held.held, held."inGroup", g.name as "groupName", g.choose, ${clash} as clash`,
  };
}

/** RefusalData for a class of a known group (null: none), in one statement. */
export async function refusalData(db: DbOrTx, o: RefusalQuery & { groupId: number | null }): Promise<RefusalData> {
  const parts = refusalParts({ ...o, groupId: sql`${o.groupId ?? 0}::int` });
  const [row] = await queryRows<RefusalData>(
    db,
    sql`select ${parts.columns}
        from (select 1) one left join registration_groups g on g.round_id = ${o.roundId} and g.id = ${o.groupId ?? 0}
        ${parts.join}`,
    { prepare: true },
  );
  return row;
}
