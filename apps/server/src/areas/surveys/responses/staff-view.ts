import { createHmac } from 'node:crypto';
import type { TResponseView } from '@app/shared/survey-responses';
import { schoolToday } from '../core/school-day';
import type { ResponseRow } from './survey-responses.repository';

/**
 * Responses as staff other than ADMIN see them (issue 11, "No identity on the way"): nothing that
 * leads back to a student. No response id, no student, no exact time; the rows in an order that
 * follows neither id nor time; and each describing field shown only where it cannot single a
 * student out.
 *
 * The rule, per class group (the responses of one course class in the listed slice; a general
 * survey's responses form one group): a group of fewer than k responses shows its course class only.
 * Otherwise the fields are tried in order — the teachers the responses named, where the students
 * were (grade, campus, homeroom class), the day — and a field is kept when every group that the kept
 * fields and it split the class group into still holds at least k responses. A field is kept or
 * dropped for the whole class group, never row by row: a row left blank beside k named ones would be
 * named by the difference. Every row's visible description is therefore shared by at least k
 * responses, so a named list (who is done, and when) joins each row to k students at best.
 */

type Field = 'teachers' | 'place' | 'day';
const FIELDS: Field[] = ['teachers', 'place', 'day'];

/** What the rule reads of a row: the response list's rows and the results export's (results/export.ts). */
type Described = Pick<ResponseRow, 'courseClassId' | 'teacherIds' | 'studentGrade' | 'campusId' | 'homeroomClassId' | 'submittedAt'>;

const dayOf = (r: Described) => schoolToday(r.submittedAt);
const valueOf: Record<Field, (r: Described) => string> = {
  teachers: (r) => [...r.teacherIds].sort((a, b) => a - b).join(','),
  place: (r) => `${r.studentGrade}|${r.campusId}|${r.homeroomClassId ?? ''}`,
  day: dayOf,
};

/** The fields each class group may show (key: course class id, '' for a general survey). */
export function shownFields(rows: Described[], k: number): Map<string, Set<Field>> {
  const groups = new Map<string, Described[]>();
  for (const r of rows) {
    const g = String(r.courseClassId ?? '');
    groups.set(g, [...(groups.get(g) ?? []), r]);
  }
  const out = new Map<string, Set<Field>>();
  for (const [g, members] of groups) {
    const kept = new Set<Field>();
    if (members.length >= k)
      for (const f of FIELDS) {
        const counts = new Map<string, number>();
        for (const r of members) {
          const key = [...kept, f].map((x) => valueOf[x](r)).join('#');
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        if ([...counts.values()].every((n) => n >= k)) kept.add(f);
      }
    out.set(g, kept);
  }
  return out;
}

/** A row for ADMIN: everything, the student included. */
export function adminView(r: ResponseRow): TResponseView {
  return {
    id: r.id,
    surveyId: r.surveyId,
    student: { id: r.studentId, studentCode: r.studentCode, fullName: r.studentName },
    courseClassId: r.courseClassId,
    courseClassName: r.courseClassName,
    teacherIds: r.teacherIds,
    studentGrade: r.studentGrade,
    campusId: r.campusId,
    campusName: r.campusName,
    homeroomClassId: r.homeroomClassId,
    homeroomClassName: r.homeroomClassName,
    straightLined: r.straightLined,
    submittedAt: r.submittedAt.toISOString(),
    submittedDate: dayOf(r),
  };
}

/**
 * A row for other staff, showing `fields` (from `shownFields`). Never the straight-lining flag: it is
 * drawn from the answers, and two reads around one submission would differ by that student's flag.
 */
export function staffView(r: ResponseRow, fields: Set<Field>): TResponseView {
  const place = fields.has('place');
  return {
    id: null,
    surveyId: r.surveyId,
    student: null,
    courseClassId: r.courseClassId,
    courseClassName: r.courseClassName,
    teacherIds: fields.has('teachers') ? r.teacherIds : null,
    studentGrade: place ? r.studentGrade : null,
    campusId: place ? r.campusId : null,
    campusName: place ? r.campusName : null,
    homeroomClassId: place ? r.homeroomClassId : null,
    homeroomClassName: place ? r.homeroomClassName : null,
    straightLined: null,
    submittedAt: null,
    submittedDate: fields.has('day') ? dayOf(r) : null,
  };
}

/**
 * The rows in the order of a keyed hash of their ids: stable from page to page and across processes
 * (the key is stored once in the database), unrelated to when the responses came.
 */
export function keyedOrder<T extends { id: number }>(rows: T[], key: string): T[] {
  const rank = new Map(rows.map((r) => [r.id, createHmac('sha256', key).update(String(r.id)).digest('hex')]));
  return [...rows].sort((a, b) => (rank.get(a.id)! < rank.get(b.id)! ? -1 : rank.get(a.id)! > rank.get(b.id)! ? 1 : a.id - b.id));
}

/** The non-ADMIN page: the whole slice anonymised together, then ordered by the key and cut. */
export function staffPage(rows: ResponseRow[], opts: { k: number; key: string; offset: number; limit: number }): TResponseView[] {
  const fields = shownFields(rows, opts.k);
  return keyedOrder(rows, opts.key)
    .slice(opts.offset, opts.offset + opts.limit)
    .map((r) => staffView(r, fields.get(String(r.courseClassId ?? '')) ?? new Set()));
}
