import type { TUser } from '@app/shared/auth';
import type { TRole } from '@app/shared/roles';

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
