import { z } from 'zod';
import { ZId } from './api';
import { ZRole, ZUserRole } from './roles';
import './zod-locale';

/**
 * Contracts of the school-structure API (issue 3): request bodies (`Z…Input`) and the rows the
 * server answers (`Z…`). Server routes validate with them; the web parses and builds forms from them.
 * Messages are Vietnamese because the web shows them as they are.
 */

const id = ZId;
const reqText = (label: string, max = 200) =>
  z
    .string({ error: `${label} là bắt buộc.` })
    .trim()
    .min(1, `${label} là bắt buộc.`)
    .max(max, `${label} tối đa ${max} ký tự.`);
const code = (label: string) =>
  reqText(label, 40).regex(/^[\p{L}\p{N}._-]+$/u, `${label} chỉ gồm chữ, số, dấu chấm, gạch ngang, gạch dưới (không có khoảng trắng).`);
const isoDate = (label: string) =>
  z
    .string({ error: `${label} là bắt buộc.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} phải là ngày hợp lệ (YYYY-MM-DD).`)
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label} phải là ngày hợp lệ.`,
    );
const email = z.string().trim().toLowerCase().max(254).email('E-mail không hợp lệ.');
const optionalEmail = z.preprocess((v) => (v === '' ? null : v), email.nullable().optional());
const dateRange = <T extends { startDate: string; endDate: string }>(o: T) => o.endDate >= o.startDate;
const rangeMsg = { message: 'Ngày kết thúc phải sau hoặc bằng ngày bắt đầu.', path: ['endDate'] };
const stamps = { createdAt: z.string(), updatedAt: z.string() };

export const GRADES = [10, 11, 12] as const;
export const ZGrade = z.coerce
  .number()
  .pipe(z.union([z.literal(10), z.literal(11), z.literal(12)], { error: 'Khối phải là 10, 11 hoặc 12.' }));

// ---- Academic years, semesters, modules (spec section 7 paths) ----
export const ZAcademicYearInput = z
  .object({
    name: reqText('Tên năm học', 50),
    startDate: isoDate('Ngày bắt đầu'),
    endDate: isoDate('Ngày kết thúc'),
    isCurrent: z.boolean().default(false),
  })
  .refine(dateRange, rangeMsg);
export const ZAcademicYear = z.object({
  id,
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isCurrent: z.boolean(),
  semesterCount: z.number().int(),
  ...stamps,
});

export const ZSemesterInput = z
  .object({
    name: reqText('Tên học kỳ', 50),
    academicYearId: id,
    startDate: isoDate('Ngày bắt đầu'),
    endDate: isoDate('Ngày kết thúc'),
    isCurrent: z.boolean().default(false),
  })
  .refine(dateRange, rangeMsg);
export const ZSemester = z.object({
  id,
  name: z.string(),
  academicYearId: id,
  academicYearName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isCurrent: z.boolean(),
  ...stamps,
});

export const ZModuleInput = z
  .object({
    code: code('Mã học phần'),
    name: reqText('Tên học phần'),
    semesterId: id,
    startDate: isoDate('Ngày bắt đầu'),
    endDate: isoDate('Ngày kết thúc'),
    isCurrent: z.boolean().default(false),
  })
  .refine(dateRange, rangeMsg);
export const ZModule = z.object({
  id,
  code: z.string(),
  name: z.string(),
  semesterId: id,
  semesterName: z.string(),
  academicYearId: id,
  academicYearName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isCurrent: z.boolean(),
  ...stamps,
});

// ---- Departments, subjects ----
export const ZDepartmentInput = z.object({
  code: code('Mã tổ'),
  name: reqText('Tên tổ chuyên môn'),
  headTeacherIds: z.array(id).max(5, 'Tối đa 5 tổ trưởng/tổ phó.').default([]),
});
export const ZDepartment = z.object({
  id,
  code: z.string(),
  name: z.string(),
  heads: z.array(z.object({ id, fullName: z.string(), staffCode: z.string() })),
  teacherCount: z.number().int(),
  subjectCount: z.number().int(),
  ...stamps,
});

export const SUBJECT_KINDS = ['core', 'specialised', 'elective'] as const;
export const SUBJECT_KIND_LABELS: Record<(typeof SUBJECT_KINDS)[number], string> = {
  core: 'Môn chung',
  specialised: 'Môn chuyên',
  elective: 'Tự chọn',
};
export const ZSubjectInput = z.object({
  code: code('Mã môn'),
  name: reqText('Tên môn học'),
  departmentId: id.nullable(),
  kind: z.enum(SUBJECT_KINDS, { error: 'Loại môn phải là môn chung, môn chuyên hoặc tự chọn.' }),
  usesLms: z.boolean().default(false),
});
export const ZSubject = z.object({
  id,
  code: z.string(),
  name: z.string(),
  departmentId: id.nullable(),
  departmentName: z.string().nullable(),
  kind: z.enum(SUBJECT_KINDS),
  usesLms: z.boolean(),
  ...stamps,
});

// ---- Facilities ----
export const ZCampusInput = z.object({
  code: code('Mã cơ sở'),
  name: reqText('Tên cơ sở'),
  address: z.string().trim().max(300, 'Địa chỉ tối đa 300 ký tự.').default(''),
});
export const ZCampus = z.object({
  id,
  code: z.string(),
  name: z.string(),
  address: z.string(),
  classroomCount: z.number().int(),
  ...stamps,
});

export const CLASSROOM_KINDS = ['standard', 'lab', 'computer', 'hall', 'gym', 'library'] as const;
export const CLASSROOM_KIND_LABELS: Record<(typeof CLASSROOM_KINDS)[number], string> = {
  standard: 'Phòng học thường',
  lab: 'Phòng thí nghiệm',
  computer: 'Phòng máy tính',
  hall: 'Hội trường',
  gym: 'Nhà thể chất',
  library: 'Thư viện',
};
export const ZClassroomInput = z.object({
  campusId: id,
  code: code('Mã phòng'),
  name: reqText('Tên phòng'),
  capacity: z.coerce.number().int('Sức chứa phải là số nguyên.').min(1, 'Sức chứa phải lớn hơn 0.').max(2000, 'Sức chứa tối đa 2000.'),
  kind: z.enum(CLASSROOM_KINDS, { error: 'Loại phòng không hợp lệ.' }).default('standard'),
});
export const ZClassroom = z.object({
  id,
  campusId: id,
  campusName: z.string(),
  code: z.string(),
  name: z.string(),
  capacity: z.number().int(),
  kind: z.enum(CLASSROOM_KINDS),
  ...stamps,
});

// ---- Homeroom classes ----
export const ZHomeroomClassInput = z.object({
  name: reqText('Tên lớp', 50),
  academicYearId: id,
  grade: ZGrade,
  campusId: id,
  homeroomTeacherId: id.nullable().default(null),
});
export const ZHomeroomClass = z.object({
  id,
  name: z.string(),
  academicYearId: id,
  academicYearName: z.string(),
  grade: z.number().int(),
  campusId: id,
  campusName: z.string(),
  homeroomTeacherId: id.nullable(),
  homeroomTeacherName: z.string().nullable(),
  studentCount: z.number().int(),
  ...stamps,
});

// ---- Students, teachers, users ----
export const GENDERS = ['male', 'female', 'other'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: 'Nam', female: 'Nữ', other: 'Khác' };
export const STUDENT_STATUSES = ['active', 'graduated', 'transferred', 'dropped'] as const;
export const STUDENT_STATUS_LABELS: Record<(typeof STUDENT_STATUSES)[number], string> = {
  active: 'Đang học',
  graduated: 'Đã tốt nghiệp',
  transferred: 'Đã chuyển trường',
  dropped: 'Đã thôi học',
};
export const ZStudentInput = z.object({
  studentCode: code('Mã học sinh'),
  fullName: reqText('Họ và tên', 100),
  email: optionalEmail,
  dateOfBirth: z.preprocess((v) => (v === '' ? null : v), isoDate('Ngày sinh').nullable().optional()),
  gender: z.enum(GENDERS, { error: 'Giới tính phải là Nam, Nữ hoặc Khác.' }).default('other'),
  grade: ZGrade,
  campusId: id,
  homeroomClassId: id.nullable().default(null),
  status: z.enum(STUDENT_STATUSES, { error: 'Trạng thái không hợp lệ.' }).default('active'),
});
export const ZStudent = z.object({
  id,
  studentCode: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS),
  grade: z.number().int(),
  campusId: id,
  campusName: z.string(),
  homeroomClassId: id.nullable(),
  homeroomClassName: z.string().nullable(),
  status: z.enum(STUDENT_STATUSES),
  userId: id.nullable(),
  ...stamps,
});

export const ZTeacherInput = z.object({
  staffCode: code('Mã giáo viên'),
  fullName: reqText('Họ và tên', 100),
  email: optionalEmail,
  departmentId: id.nullable(),
  subjectIds: z.array(id).default([]),
});
export const ZTeacher = z.object({
  id,
  staffCode: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  departmentId: id.nullable(),
  departmentName: z.string().nullable(),
  subjects: z.array(z.object({ id, code: z.string(), name: z.string() })),
  userId: id.nullable(),
  isHead: z.boolean(),
  ...stamps,
});

export const ZUserInput = z.object({
  email,
  displayName: z.string().trim().max(100, 'Tên hiển thị tối đa 100 ký tự.').nullable().default(null),
  roles: z
    .array(ZUserRole)
    .min(1, 'Người dùng phải có ít nhất một vai trò.')
    .refine((rs) => rs.filter((r) => r.isPrimary).length === 1, 'Phải có đúng một vai trò chính.')
    .refine((rs) => new Set(rs.map((r) => r.role)).size === rs.length, 'Mỗi vai trò chỉ được chọn một lần.'),
  active: z.boolean().default(true),
});
export const ZUserRow = z.object({
  id,
  email: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  studentId: id.nullable(),
  roles: z.array(ZUserRole),
  primaryRole: ZRole.nullable(),
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  ...stamps,
});

// ---- Course classes and enrolment ----
export const ZCourseClassInput = z.object({
  code: code('Mã lớp học phần'),
  name: reqText('Tên lớp học phần'),
  subjectId: id,
  moduleId: id,
  campusId: id,
  grade: ZGrade,
  teacherIds: z.array(id).min(1, 'Lớp học phần phải có ít nhất một giáo viên.'),
  capacity: z.coerce
    .number()
    .int('Sĩ số tối đa phải là số nguyên.')
    .min(1, 'Sĩ số tối đa phải lớn hơn 0.')
    .max(500, 'Sĩ số tối đa không quá 500.'),
});
export const ZCourseClass = z.object({
  id,
  code: z.string(),
  name: z.string(),
  subjectId: id,
  subjectName: z.string(),
  moduleId: id,
  moduleCode: z.string(),
  campusId: id,
  campusName: z.string(),
  grade: z.number().int(),
  capacity: z.number().int(),
  enrolledCount: z.number().int(),
  teachers: z.array(z.object({ id, fullName: z.string(), staffCode: z.string() })),
  ...stamps,
});
export const ZEnrolInput = z.object({ studentIds: z.array(id).min(1, 'Chọn ít nhất một học sinh.').max(1000) });
export const ZEnrolment = z.object({
  studentId: id,
  studentCode: z.string(),
  fullName: z.string(),
  grade: z.number().int(),
  homeroomClassName: z.string().nullable(),
  enrolledAt: z.string(),
});

// ---- System log ----
/**
 * Who wrote an audit entry: a person (`user`), an account deleted since (`deleted`; the database
 * clears the link, so the id is kept only when it still stands), a background job (`job`, named in
 * Vietnamese) or the system itself (`system`: seeds, start-up work).
 */
export const SYSTEM_LOG_ACTOR_KINDS = ['user', 'deleted', 'job', 'system'] as const;
export const ZSystemLogActor = z.object({
  kind: z.enum(SYSTEM_LOG_ACTOR_KINDS),
  id: id.nullable(),
  /** Display name (or e-mail), "Tài khoản đã xóa", the job's name or "Hệ thống". */
  name: z.string(),
  email: z.string().nullable(),
  /** The person's primary role. */
  role: ZRole.nullable(),
});
export const ZSystemLog = z.object({
  id: z.number().int(),
  actor: ZSystemLogActor,
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The entity's name now (or in the entry, when it is gone); null for entities that carry none. */
  entityName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
/**
 * `GET /system-logs/{id}`: one entry, with the names of the records its before/after refer to by id
 * (`names.campus["3"] = "Cơ sở Ba Đình"`), so the details say "Cơ sở Ba Đình" instead of "3".
 */
export const ZSystemLogDetail = ZSystemLog.extend({ names: z.record(z.string(), z.record(z.string(), z.string())) });
/** `GET /system-logs/entities`: the entity and action names that occur, for the filter dropdowns. */
export const ZSystemLogFacets = z.object({ entities: z.array(z.string()), actions: z.array(z.string()) });

// ---- Imports ----
export const ZImportResult = z.object({
  kind: z.string(),
  dryRun: z.boolean(),
  /** The run imported only the rows without issues. */
  validOnly: z.boolean(),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      action: z.enum(['create', 'update', 'error']),
      values: z.record(z.string(), z.string()),
      issues: z.array(z.object({ column: z.string().nullable(), message: z.string() })),
    }),
  ),
  /** Rows read but not imported, and why (the template's example row left unchanged). */
  skipped: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  /** Names the checked file and its verdicts; `POST /imports/{kind}?validOnly=true&fingerprint=…` imports the valid rows of exactly that check. */
  fingerprint: z.string(),
});

export type TAcademicYear = z.infer<typeof ZAcademicYear>;
export type TSemester = z.infer<typeof ZSemester>;
export type TModule = z.infer<typeof ZModule>;
export type TDepartment = z.infer<typeof ZDepartment>;
export type TSubject = z.infer<typeof ZSubject>;
export type TCampus = z.infer<typeof ZCampus>;
export type TClassroom = z.infer<typeof ZClassroom>;
export type THomeroomClass = z.infer<typeof ZHomeroomClass>;
export type TStudent = z.infer<typeof ZStudent>;
export type TTeacher = z.infer<typeof ZTeacher>;
export type TUserRow = z.infer<typeof ZUserRow>;
export type TCourseClass = z.infer<typeof ZCourseClass>;
export type TEnrolment = z.infer<typeof ZEnrolment>;
export type TSystemLog = z.infer<typeof ZSystemLog>;
export type TSystemLogActor = z.infer<typeof ZSystemLogActor>;
export type TSystemLogDetail = z.infer<typeof ZSystemLogDetail>;
export type TImportResult = z.infer<typeof ZImportResult>;
