import { z } from 'zod';

/*
 * The profile page ("Thông tin cá nhân", issue 17): the signed-in person's own records, read-only, and
 * their signed-in devices. Only ever the caller's own: no id in any path but a session's.
 */

const id = z.number().int().positive();

/** The caller's student record as the profile shows it. */
export const ZProfileStudent = z.object({
  studentCode: z.string(),
  fullName: z.string(),
  grade: z.number().int(),
  campusName: z.string(),
  /** ISO date (yyyy-mm-dd); the page shows dd/mm/yyyy. */
  dateOfBirth: z.string().nullable(),
  homeroomClassName: z.string().nullable(),
  homeroomTeacherName: z.string().nullable(),
});
export type TProfileStudent = z.infer<typeof ZProfileStudent>;

/** The caller's teacher record: department, subjects, and the homeroom classes they lead (newest year first). */
export const ZProfileTeacher = z.object({
  staffCode: z.string(),
  fullName: z.string(),
  departmentName: z.string().nullable(),
  isHead: z.boolean(),
  subjects: z.array(z.object({ id, code: z.string(), name: z.string() })),
  homeroomClasses: z.array(z.object({ id, name: z.string(), academicYearName: z.string() })),
});
export type TProfileTeacher = z.infer<typeof ZProfileTeacher>;

/** GET /profile: the records linked to the caller's account (none for office staff without one). */
export const ZProfileRecords = z.object({
  student: ZProfileStudent.nullable(),
  teacher: ZProfileTeacher.nullable(),
});
export type TProfileRecords = z.infer<typeof ZProfileRecords>;

/** A signed-in device (GET /auth/sessions): what it is in words, when it signed in and was last seen. */
export const ZUserSession = z.object({
  id: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The device this request comes from ("Thiết bị này"). */
  current: z.boolean(),
});
export type TUserSession = z.infer<typeof ZUserSession>;

export const ZSessionIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Mã phiên đăng nhập không hợp lệ.'),
});
