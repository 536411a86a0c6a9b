import { z } from 'zod';
import { GENDERS, GENDER_LABELS, STUDENT_STATUSES, STUDENT_STATUS_LABELS, ZGrade, ZStudentInput } from '@app/shared/school';
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

/**
 * The services log each row as they write it; for a file that is thousands of one-row inserts.
 * This context keeps the entries and writes them in a few multi-row inserts before `apply`
 * returns, in the same transaction: the same entries, still all or nothing, a fraction of the time.
 */

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
  { key: 'gender', header: 'Giới tính', example: 'Nữ', note: 'Nam, Nữ hoặc Khác.' },
  { key: 'grade', header: 'Khối', required: true, example: '10', note: '10, 11 hoặc 12.' },
  { key: 'campus', header: 'Cơ sở', required: true, example: 'CS1', note: 'Mã hoặc tên cơ sở.' },
  {
    key: 'homeroomClass',
    header: 'Lớp chủ nhiệm',
    example: '10 Toán',
    note: 'Tên lớp chủ nhiệm của năm học hiện tại; cùng khối và cơ sở với học sinh.',
  },
  {
    key: 'status',
    header: 'Trạng thái',
    example: 'Đang học',
    note: `${Object.values(STUDENT_STATUS_LABELS).join(', ')}. Để trống: Đang học.`,
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

async function loadFile(db: DbOrTx, rows: Row[]): Promise<FileRefs> {
  const emails = rows.map((r) => r.email).filter((e): e is string => !!e);
  const [campuses, current, codes, users] = await Promise.all([
    campusRefs(db),
    currentYearHomeroomRefs(db),
    studentIdsByCodes(
      db,
      rows.map((r) => r.studentCode),
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

/** A row as the same input POST /students takes, or the issues that keep it from being one. */
function resolveRow(file: FileRefs, r: Row): { input: StudentInput | null; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const campus = file.campusOf(r.campus);
  if (!campus) issues.push({ column: header('campus'), message: `Không tìm thấy cơ sở "${r.campus}" (nhập mã hoặc tên cơ sở).` });
  let classId: number | null = null;
  if (r.homeroomClass) {
    const cls = file.yearName ? file.classOf(r.homeroomClass) : undefined;
    if (!file.yearName)
      issues.push({ column: header('homeroomClass'), message: 'Chưa có năm học hiện tại nên không tìm được lớp chủ nhiệm.' });
    else if (!cls)
      issues.push({
        column: header('homeroomClass'),
        message: `Không tìm thấy lớp chủ nhiệm "${r.homeroomClass}" trong năm học ${file.yearName}.`,
      });
    else classId = cls.id;
  }
  if (!campus || issues.length) return { input: null, issues };
  const input: StudentInput = {
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
  for (const i of studentRefIssues(file.refs, input))
    issues.push({ column: header(FIELD_COLUMN[i.field] ?? 'studentCode'), message: i.message });
  return { input: issues.length ? null : input, issues };
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
      const { issues } = resolveRow(file, r);
      const existingId = file.refs.codes.get(r.studentCode.toLowerCase()) ?? null;
      if (dupCodes.has(r.studentCode.toLowerCase()))
        issues.push({ column: header('studentCode'), message: `Mã học sinh "${r.studentCode}" xuất hiện nhiều lần trong tệp.` });
      if (r.email) {
        if (dupEmails.has(r.email)) issues.push({ column: header('email'), message: `E-mail "${r.email}" xuất hiện nhiều lần trong tệp.` });
        const problem = accountIssue(file.refs.accounts.get(r.email) ?? null, existingId);
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
      const { input } = resolveRow(file, r);
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
