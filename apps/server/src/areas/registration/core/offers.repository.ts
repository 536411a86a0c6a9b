import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';

/** A round's offers as both sides show them (the student's page and the staff's round). */
export interface OfferDetailRow {
  courseClassId: number;
  code: string;
  name: string;
  subjectId: number;
  subjectName: string;
  grade: number;
  campusName: string;
  teachers: string[] | null;
  capacity: number;
  taken: number;
  waiting: number;
  compulsory: boolean;
  groupId: number | null;
}

/** A round's offers with their course class, subject, campus, teachers, seats and waitlist length. */
export const offersOfRound = (db: DbOrTx, roundId: number) =>
  queryRows<OfferDetailRow>(
    db,
    sql`select o.course_class_id as "courseClassId", cc.code, cc.name, s.id as "subjectId", s.name as "subjectName", cc.grade,
               camp.name as "campusName", o.capacity, o.taken, o.compulsory, o.group_id as "groupId",
               (select json_agg(t.full_name order by t.sort_key, t.id) from course_class_teachers ct join teachers t on t.id = ct.teacher_id
                 where ct.course_class_id = cc.id) as teachers,
               (select count(*)::int from registrations w where w.round_id = o.round_id and w.course_class_id = o.course_class_id
                  and w.status = 'waitlisted') as waiting
        from registration_offers o
        join course_classes cc on cc.id = o.course_class_id
        join subjects s on s.id = cc.subject_id
        join campuses camp on camp.id = cc.campus_id
        where o.round_id = ${roundId}
        order by s.name, cc.code, cc.id`,
  );
