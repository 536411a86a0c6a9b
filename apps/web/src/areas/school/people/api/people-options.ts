import { useMemo } from 'react';
import {
  GRADES,
  ZAcademicYear,
  ZCampus,
  ZDepartment,
  ZSubject,
  STUDENT_STATUSES,
  STUDENT_STATUS_LABELS,
  GENDERS,
  GENDER_LABELS,
} from '@app/shared/school';
import type { Option } from '@/components/data/filter-select';
import { useOptions } from '@/components/data/use-options';

export const GRADE_OPTIONS: Option<number>[] = GRADES.map((g) => ({ value: g, label: `Khối ${g}` }));
export const STATUS_OPTIONS: Option<string>[] = STUDENT_STATUSES.map((s) => ({ value: s, label: STUDENT_STATUS_LABELS[s] }));
export const GENDER_OPTIONS: Option<string>[] = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

export function useCampusOptions() {
  return useOptions({
    path: '/v1/campuses',
    schema: ZCampus,
    sort: 'name',
    toOption: (c) => ({ value: c.id, label: c.name, hint: c.code }),
  });
}

export function useDepartmentOptions(enabled = true) {
  return useOptions(
    { path: '/v1/departments', schema: ZDepartment, sort: 'name', toOption: (d) => ({ value: d.id, label: d.name }) },
    { enabled },
  );
}

export function useSubjectOptions(enabled = true) {
  return useOptions(
    { path: '/v1/subjects', schema: ZSubject, sort: 'name', toOption: (s) => ({ value: s.id, label: s.name, hint: s.code }) },
    { enabled },
  );
}

/**
 * Academic years, newest first, and the current one (else the newest): homeroom classes belong
 * to a year, and the students page narrows its class pickers to the current year.
 */
export function useAcademicYears() {
  const q = useOptions({
    path: '/v1/academic-years/academic-years',
    schema: ZAcademicYear,
    sort: 'startDate',
    toOption: (y) => ({ value: y.id, label: y.name }),
  });
  return useMemo(() => {
    const rows = [...q.rows].reverse();
    const current = rows.find((y) => y.isCurrent) ?? rows[0] ?? null;
    return {
      rows,
      options: rows.map((y) => ({ value: y.id, label: y.isCurrent ? `${y.name} (hiện tại)` : y.name })) as Option[],
      current,
      isLoading: q.isLoading,
    };
  }, [q.rows, q.isLoading]);
}
