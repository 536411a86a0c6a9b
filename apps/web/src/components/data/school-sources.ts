import {
  SUBJECT_KIND_LABELS,
  ZAcademicYear,
  ZCampus,
  ZDepartment,
  ZModule,
  ZSemester,
  ZStudent,
  ZSubject,
  ZTeacher,
} from '@app/shared/school';
import { moduleLabel } from '@app/shared/format';
import type { OptionsSource } from './use-options';

/**
 * Where pickers and filters get the school's entities (first 100, searched on the server beyond
 * that). Every source is one list endpoint + its shared schema + how a row reads in a picker.
 */
export const SOURCES = {
  years: {
    path: '/v1/academic-years/academic-years',
    schema: ZAcademicYear,
    sort: 'startDate',
    toOption: (y) => ({ value: y.id, label: y.isCurrent ? `${y.name} (hiện tại)` : y.name }),
  } satisfies OptionsSource<typeof ZAcademicYear>,
  semesters: {
    path: '/v1/academic-years/semesters',
    schema: ZSemester,
    sort: 'startDate',
    toOption: (s) => ({ value: s.id, label: `${s.name} – ${s.academicYearName}${s.isCurrent ? ' (hiện tại)' : ''}` }),
  } satisfies OptionsSource<typeof ZSemester>,
  modules: {
    path: '/v1/academic-years/modules',
    schema: ZModule,
    sort: 'startDate',
    // One short label for a module everywhere (issue 12); a hint would be appended in brackets.
    toOption: (m) => ({ value: m.id, label: moduleLabel(m) }),
  } satisfies OptionsSource<typeof ZModule>,
  subjects: {
    path: '/v1/subjects',
    schema: ZSubject,
    sort: 'name',
    toOption: (s) => ({ value: s.id, label: s.name, hint: `${s.code} · ${SUBJECT_KIND_LABELS[s.kind]}` }),
  } satisfies OptionsSource<typeof ZSubject>,
  departments: {
    path: '/v1/departments',
    schema: ZDepartment,
    sort: 'name',
    toOption: (d) => ({ value: d.id, label: d.name, hint: d.code }),
  } satisfies OptionsSource<typeof ZDepartment>,
  campuses: {
    path: '/v1/campuses',
    schema: ZCampus,
    sort: 'name',
    toOption: (c) => ({ value: c.id, label: c.name, hint: c.code }),
  } satisfies OptionsSource<typeof ZCampus>,
  teachers: {
    path: '/v1/teachers',
    schema: ZTeacher,
    sort: 'fullName',
    toOption: (t) => ({ value: t.id, label: t.fullName, hint: t.staffCode }),
  } satisfies OptionsSource<typeof ZTeacher>,
  students: {
    path: '/v1/students',
    schema: ZStudent,
    sort: 'fullName',
    toOption: (s) => ({ value: s.id, label: s.fullName, hint: `${s.studentCode} · Khối ${s.grade}${s.homeroomClassName ? ` · ${s.homeroomClassName}` : ''}` }),
  } satisfies OptionsSource<typeof ZStudent>,
};

/** A person with a code, as pickers show them ("Nguyễn Văn An", hint "GV001"). */
export function personOption(p: { id: number; fullName: string; staffCode?: string }) {
  return { value: p.id, label: p.fullName, hint: p.staffCode };
}
