import { z } from 'zod';
import { GENDERS, GENDER_LABELS, GRADES, STUDENT_STATUSES, STUDENT_STATUS_LABELS, ZGrade, ZStudentInput } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { batchedAudit } from '@/lib/write';
import { badRequest } from '@/plugins/errors';
import { campusRefs, currentYearHomeroomRefs, studentIdsByCodes, type CampusRef, type HomeroomRef } from './students.repository';
import { accountIssue, createStudents, studentRefIssues, updateStudents, type StudentInput, type StudentRefs } from './students.service';
import { type AccountCache, usersByEmails } from '../users/users.service';
import {
  CHANGED_SINCE_CHECK,
  duplicatesBy,
  fold,
  type CheckedRow,
  type ImportColumn,
  type ImportKind,
  type RowCheck,
  type RowIssue,
} from '../core/import-kind';

// ---- Cell parsing shared by this area's kinds ----

const asUnknown = (s: string): unknown => s;

/** A cell holding either a value or its Vietnamese label ("Nữ" or "female"); '' gives the default. */
export function labelled<T extends string>(values: readonly T[], labels: Record<T, string>, fallback: T, message: string) {
  const byText = new Map<string, T>();
  for (const v of values) {
    byText.set(fold(v), v);
    byText.set(fold(labels[v]), v);
  }
  return z.string().transform((s, ctx) => {
    if (!s.trim()) return fallback;
    const v = byText.get(fold(s));
    if (v === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v;
  });
}

/** dd/mm/yyyy (also with - or .) or yyyy-mm-dd, as YYYY-MM-DD; null when it is not a real date. */
export function parseDate(text: string): string | null {
  const s = text.trim();
  const iso8601 = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const vn = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (!iso8601 && !vn) return null;
  const [y, mo, d] = iso8601 ? [iso8601[1], iso8601[2], iso8601[3]] : [vn![3], vn![2], vn![1]];
  const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

// ---- Students ----

const ZRow = z.object({
  studentCode: ZStudentInput.shape.studentCode,
  fullName: ZStudentInput.shape.fullName,
  email: ZStudentInput.shape.email,
  dateOfBirth: z.string().transform((s, ctx) => {
    if (!s.trim()) return null;
    const iso = parseDate(s);
    if (!iso) ctx.addIssue({ code: 'custom', message: 'Ngày sinh không hợp lệ (dùng dd/mm/yyyy hoặc yyyy-mm-dd).' });
    return iso;
  }),
  gender: labelled(GENDERS, GENDER_LABELS, 'other', 'Giới tính phải là Nam, Nữ hoặc Khác.'),
  grade: z.string().trim().min(1, 'Khối là bắt buộc.').transform(asUnknown).pipe(ZGrade),
  campus: z.string().trim().min(1, 'Cơ sở là bắt buộc.'),
  homeroomClass: z.string().trim(),
  status: labelled(
    STUDENT_STATUSES,
    STUDENT_STATUS_LABELS,
    'active',
    `Trạng thái phải là một trong: ${Object.values(STUDENT_STATUS_LABELS).join(', ')}.`,
  ),
});
type Row = z.output<typeof ZRow>;

/** The template's drop-downs: a grade, gender or status as the importer reads it. */
const GRADE_CHOICES = GRADES.map(String);
const GENDER_CHOICES = GENDERS.map((g) => GENDER_LABELS[g]);
const STATUS_CHOICES = STUDENT_STATUSES.map((v) => STUDENT_STATUS_LABELS[v]);

const COLUMNS: ImportColumn[] = [
  {
    key: 'studentCode',
    header: 'Mã học sinh',
    required: true,
    example: 'HS2025001',
    note: 'Trùng mã đã có thì dòng cập nhật học sinh đó.',
  },
  { key: 'fullName', header: 'Họ và tên', required: true, example: 'Nguyễn Minh An' },
  {
    key: 'email',
    header: 'E-mail',
    example: 'an.nm@truong.edu.vn',
    note: 'Có e-mail thì học sinh được cấp (hoặc gắn) tài khoản đăng nhập với vai trò Học sinh.',
  },
  { key: 'dateOfBirth', header: 'Ngày sinh', example: '05/09/2009', note: 'dd/mm/yyyy hoặc yyyy-mm-dd.' },
  { key: 'gender', header: 'Giới tính', example: 'Nữ', note: 'Nam, Nữ hoặc Khác. Để trống: Khác.', choices: GENDER_CHOICES },
  { key: 'grade', header: 'Khối', required: true, example: '10', note: '10, 11 hoặc 12.', choices: GRADE_CHOICES },
  {
    key: 'campus',
    header: 'Cơ sở',
    required: true,
    example: 'CS1',
    note: 'Mã hoặc tên cơ sở.',
    lookup: async (db) => (await campusRefs(db)).map((c) => c.name).sort((a, b) => a.localeCompare(b, 'vi')),
  },
  {
    key: 'homeroomClass',
    header: 'Lớp chủ nhiệm',
    example: '10 Toán',
    note: 'Tên lớp chủ nhiệm của năm học hiện tại; cùng khối và cơ sở với học sinh.',
    lookup: async (db) =>
      (await currentYearHomeroomRefs(db)).classes
        .sort((a, b) => a.grade - b.grade || a.name.localeCompare(b.name, 'vi'))
        .map((c) => c.name),
  },
  {
    key: 'status',
    header: 'Trạng thái',
    example: 'Đang học',
    note: `${STATUS_CHOICES.join(', ')}. Để trống: Đang học.`,
    choices: STATUS_CHOICES,
  },
];
const header = (key: keyof Row) => COLUMNS.find((c) => c.key === key)!.header;
const FIELD_COLUMN: Partial<Record<keyof StudentInput, keyof Row>> = {
  campusId: 'campus',
  homeroomClassId: 'homeroomClass',
  email: 'email',
};

/** Everything a file names, loaded in a few queries; `check` and `apply` both start from it. */
interface FileRefs {
  refs: StudentRefs & { codes: Map<string, number>; accounts: AccountCache };
  campusOf(text: string): CampusRef | undefined;
  classOf(name: string): HomeroomRef | undefined;
  yearName: string | null;
}

async function loadFile(db: DbOrTx, rows: Array<CheckedRow<Row>>): Promise<FileRefs> {
  const emails = rows.map((r) => r.email).filter((e): e is string => !!e);
  const [campuses, current, codes, users] = await Promise.all([
    campusRefs(db),
    currentYearHomeroomRefs(db),
    studentIdsByCodes(
      db,
      rows.flatMap((r) => (r.studentCode ? [r.studentCode] : [])),
    ),
    usersByEmails(db, emails),
  ]);
  const accounts: AccountCache = new Map(emails.map((e) => [e, users.get(e) ?? null]));
  const byCode = new Map(campuses.map((c) => [c.code.toLowerCase(), c]));
  const byName = new Map(campuses.map((c) => [fold(c.name), c]));
  const classByName = new Map(current.classes.map((c) => [fold(c.name), c]));
  return {
    refs: { campuses: new Map(campuses.map((c) => [c.id, c])), classes: new Map(current.classes.map((c) => [c.id, c])), codes, accounts },
    campusOf: (text) => byCode.get(text.trim().toLowerCase()) ?? byName.get(fold(text)),
    classOf: (name) => classByName.get(fold(name)),
    yearName: current.year?.name ?? null,
  };
}

/**
 * The campus and homeroom class a row names, and every problem with them. A cell that did not
 * parse (or a campus not found) is taken to match the class, so only real mismatches are reported.
 */
function refsOf(file: FileRefs, r: CheckedRow<Row>): { campus: CampusRef | undefined; classId: number | null; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const campus = r.campus ? file.campusOf(r.campus) : undefined;
  if (r.campus && !campus)
    issues.push({ column: header('campus'), message: `Không tìm thấy cơ sở "${r.campus}" (nhập mã hoặc tên cơ sở).` });
  let cls: HomeroomRef | undefined;
  if (r.homeroomClass) {
    cls = file.yearName ? file.classOf(r.homeroomClass) : undefined;
    if (!file.yearName)
      issues.push({ column: header('homeroomClass'), message: 'Chưa có năm học hiện tại nên không tìm được lớp chủ nhiệm.' });
    else if (!cls)
      issues.push({
        column: header('homeroomClass'),
        message: `Không tìm thấy lớp chủ nhiệm "${r.homeroomClass}" trong năm học ${file.yearName}.`,
      });
  }
  if (cls) {
    const fit = { campusId: campus?.id ?? cls.campusId, grade: r.grade ?? (cls.grade as Row['grade']), homeroomClassId: cls.id };
    for (const i of studentRefIssues(file.refs, fit))
      issues.push({ column: header(FIELD_COLUMN[i.field] ?? 'studentCode'), message: i.message });
  }
  return { campus, classId: cls?.id ?? null, issues };
}

/** A row as the same input POST /students takes, or null when its references no longer resolve. */
function inputOf(file: FileRefs, r: Row): StudentInput | null {
  const { campus, classId, issues } = refsOf(file, r);
  if (!campus || issues.length) return null;
  return {
    studentCode: r.studentCode,
    fullName: r.fullName,
    email: r.email ?? null,
    dateOfBirth: r.dateOfBirth,
    gender: r.gender,
    grade: r.grade,
    campusId: campus.id,
    homeroomClassId: classId,
    status: r.status,
  };
}

export const studentsImport: ImportKind<Row> = {
  kind: 'students',
  title: 'Học sinh',
  columns: COLUMNS,
  row: ZRow,

  async check(db, rows) {
    const file = await loadFile(db, rows);
    const dupCodes = duplicatesBy(rows, (r) => r.studentCode);
    const dupEmails = duplicatesBy(rows, (r) => r.email);
    return rows.map((r): RowCheck => {
      const { issues } = refsOf(file, r);
      const code = r.studentCode?.toLowerCase();
      const existingId = (code && file.refs.codes.get(code)) || null;
      if (code && dupCodes.has(code))
        issues.push({ column: header('studentCode'), message: `Mã học sinh "${r.studentCode}" xuất hiện nhiều lần trong tệp.` });
      if (r.email) {
        if (dupEmails.has(r.email)) issues.push({ column: header('email'), message: `E-mail "${r.email}" xuất hiện nhiều lần trong tệp.` });
        const problem = code ? accountIssue(file.refs.accounts.get(r.email) ?? null, existingId) : null;
        if (problem) issues.push({ column: header('email'), message: problem });
      }
      return { action: existingId ? 'update' : 'create', issues };
    });
  },

  // The very functions behind POST and PUT /students, given the whole file at once.
  async apply(writeCtx, rows) {
    const file = await loadFile(writeCtx.tx, rows);
    const { ctx, flush } = batchedAudit(writeCtx);
    const updates: Array<{ id: number; input: StudentInput }> = [];
    const creates: StudentInput[] = [];
    for (const r of rows) {
      const input = inputOf(file, r);
      if (!input) throw badRequest(CHANGED_SINCE_CHECK);
      const id = file.refs.codes.get(r.studentCode.toLowerCase());
      if (id) updates.push({ id, input });
      else creates.push(input);
    }
    await updateStudents(ctx, updates, file.refs);
    await createStudents(ctx, creates, file.refs);
    await flush();
    return { created: creates.length, updated: updates.length };
  },
};
