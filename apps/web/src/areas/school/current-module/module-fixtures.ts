import type { TModule } from '@app/shared/school';

/** A module row as the server sends it (tests only). */
export function makeModule(id: number, overrides: Partial<TModule> = {}): TModule {
  return {
    id,
    code: `HP${id}`,
    name: `Học phần ${id}`,
    semesterId: 1,
    semesterName: 'Học kỳ I',
    academicYearId: 1,
    academicYearName: '2025-2026',
    startDate: '2025-09-05',
    endDate: '2025-11-15',
    isCurrent: false,
    createdAt: '2025-08-01T00:00:00Z',
    updatedAt: '2025-08-01T00:00:00Z',
    ...overrides,
  };
}
