import { z } from 'zod';

/** The eleven roles of spec section 3, as the server and the route guard spell them. */
export const ROLES = [
  'ADMIN',
  'PRINCIPAL',
  'ACADEMIC_AFFAIR',
  'HEAD_DEPARTMENT',
  'TEACHER',
  'STUDENT',
  'ACCOUNTANT',
  'FACILITY_MANAGER',
  'HOMEROOM_TEACHER',
  'QUALITY_ASSURANCE',
  'DECLARATION',
] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ROLE_LABELS: Record<TRole, string> = {
  ADMIN: 'Quản trị viên',
  PRINCIPAL: 'Ban giám hiệu',
  ACADEMIC_AFFAIR: 'Phòng Giáo vụ',
  HEAD_DEPARTMENT: 'Tổ trưởng chuyên môn',
  TEACHER: 'Giáo viên',
  STUDENT: 'Học sinh',
  ACCOUNTANT: 'Kế toán',
  FACILITY_MANAGER: 'Quản lý cơ sở vật chất',
  HOMEROOM_TEACHER: 'Giáo viên chủ nhiệm',
  QUALITY_ASSURANCE: 'Đảm bảo chất lượng',
  DECLARATION: 'Khai báo giảng dạy tổ',
};

/**
 * Landing path per primary role (spec section 2). DECLARATION has no dashboard in the spec;
 * it lands on its only menu item (docs/decisions/product.md).
 */
export const LANDING_PATHS: Record<TRole, string> = {
  ADMIN: '/admin/dashboard',
  ACADEMIC_AFFAIR: '/academic/dashboard',
  PRINCIPAL: '/principal/dashboard',
  HEAD_DEPARTMENT: '/department/dashboard',
  TEACHER: '/teacher/dashboard',
  ACCOUNTANT: '/accountant/dashboard',
  FACILITY_MANAGER: '/facility/dashboard',
  STUDENT: '/student/dashboard',
  QUALITY_ASSURANCE: '/quality/dashboard',
  HOMEROOM_TEACHER: '/teacher/homeroom-class',
  DECLARATION: '/teacher/department-teaching-declaration',
};

export const ZUserRole = z.object({ role: ZRole, isPrimary: z.boolean() });
export type TUserRole = z.infer<typeof ZUserRole>;

/**
 * Spec section 4: primaryRole if given, else the role marked isPrimary, else the first role.
 * Unknown role strings are ignored so a stale token never crashes the shell.
 */
export function resolvePrimaryRole(user: {
  primaryRole?: string | null;
  roles?: ReadonlyArray<{ role: string; isPrimary?: boolean }> | null;
}): TRole | null {
  const valid = (r: unknown): r is TRole => typeof r === 'string' && (ROLES as readonly string[]).includes(r);
  if (valid(user.primaryRole)) return user.primaryRole;
  const roles = user.roles ?? [];
  const marked = roles.find((r) => r.isPrimary && valid(r.role));
  if (marked) return marked.role as TRole;
  const first = roles.find((r) => valid(r.role));
  return first ? (first.role as TRole) : null;
}

/** "A route belongs to a role when its first path segment matches that role's dashboard segment." */
export function firstSegment(path: string): string {
  return path.split('?')[0].split('/').filter(Boolean)[0] ?? '';
}
