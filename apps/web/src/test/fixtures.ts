import type { TUser } from '@app/shared/auth';
import type { TRole } from '@app/shared/roles';
import type { TModule } from '@app/shared/school';

let nextId = 100;

/** A user as the server sends it; the first role listed is the primary one. */
export function makeUser(roles: TRole[], overrides: Partial<TUser> = {}): TUser {
  return {
    id: nextId++,
    email: `${roles[0]?.toLowerCase() ?? 'user'}@thptchuyen.edu.vn`,
    displayName: 'Nguyễn Văn An',
    photoURL: null,
    studentId: roles[0] === 'STUDENT' ? 5001 : null,
    roles: roles.map((role, i) => ({ role, isPrimary: i === 0 })),
    primaryRole: roles[0] ?? null,
    ...overrides,
  };
}

/** A module row as the server sends it. */
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
