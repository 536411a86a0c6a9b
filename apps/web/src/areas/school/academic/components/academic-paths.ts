/** The academic-structure lists; a write to one refreshes them all (names and counts show across tabs). */
export const ACADEMIC_PATHS = {
  years: '/v1/academic-years/academic-years',
  semesters: '/v1/academic-years/semesters',
  modules: '/v1/academic-years/modules',
  subjects: '/v1/subjects',
  departments: '/v1/departments',
} as const;
