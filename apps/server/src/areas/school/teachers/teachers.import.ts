import { z } from 'zod';
import { ZTeacherInput } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { badRequest } from '@/plugins/errors';
import { departmentRefs, subjectRefs, teacherIdsByCodes, teachersOfUsers } from './teachers.repository';
import { createTeacher, EMAIL_OF_OTHER_TEACHER, updateTeacher, type TeacherInput, type TeacherRefs } from './teachers.service';
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
import { batchedAudit } from '@/lib/write';

const ZRow = z.object({
  staffCode: ZTeacherInput.shape.staffCode,
  fullName: ZTeacherInput.shape.fullName,
  email: ZTeacherInput.shape.email,
  department: z.string().trim(),
  subjects: z.string().transform((s) => [
    ...new Set(
      s
        .split(/[,;]/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ]),
});
type Row = z.output<typeof ZRow>;

const COLUMNS: ImportColumn[] = [
  { key: 'staffCode', header: 'Mã giáo viên', required: true, example: 'GV001', note: 'Trùng mã đã có thì dòng cập nhật giáo viên đó.' },
  { key: 'fullName', header: 'Họ và tên', required: true, example: 'Vũ Thị Mai' },
  {
    key: 'email',
    header: 'E-mail',
    example: 'mai.vt@truong.edu.vn',
    note: 'Có e-mail thì giáo viên được cấp (hoặc gắn) tài khoản với vai trò Giáo viên.',
  },
  {
    key: 'department',
    header: 'Tổ chuyên môn',
    example: 'TOAN',
    note: 'Mã hoặc tên tổ chuyên môn.',
    lookup: async (db) => (await departmentRefs(db)).map((d) => d.name).sort((a, b) => a.localeCompare(b, 'vi')),
  },
  {
    key: 'subjects',
    header: 'Môn dạy',
    example: 'TOAN, TIN',
    note: 'Mã môn, cách nhau bởi dấu phẩy hoặc chấm phẩy.',
    lookup: async (db) => (await subjectRefs(db)).map((x) => x.code).sort(),
    multiple: true,
  },
];
const header = (key: keyof Row) => COLUMNS.find((c) => c.key === key)!.header;

async function loadFile(db: DbOrTx, rows: Array<CheckedRow<Row>>) {
  const emails = rows.map((r) => r.email).filter((e): e is string => !!e);
  const [departments, subjects, codes, users] = await Promise.all([
    departmentRefs(db),
    subjectRefs(db),
    teacherIdsByCodes(
      db,
      rows.flatMap((r) => (r.staffCode ? [r.staffCode] : [])),
    ),
    usersByEmails(db, emails),
  ]);
  const accounts: AccountCache = new Map(emails.map((e) => [e, users.get(e) ?? null]));
  const teacherOfUser = await teachersOfUsers(
    db,
    [...users.values()].map((u) => u.id),
  );
  const deptByCode = new Map(departments.map((d) => [d.code.toLowerCase(), d]));
  const deptByName = new Map(departments.map((d) => [fold(d.name), d]));
  const subjectByCode = new Map(subjects.map((s) => [s.code.toLowerCase(), s]));
  const refs: TeacherRefs & { codes: Map<string, number>; accounts: AccountCache } = {
    departments: new Set(departments.map((d) => d.id)),
    subjects: new Set(subjects.map((s) => s.id)),
    codes,
    accounts,
  };
  return {
    refs,
    departmentOf: (text: string) => deptByCode.get(text.toLowerCase()) ?? deptByName.get(fold(text)),
    subjectOf: (code: string) => subjectByCode.get(code.toLowerCase()),
    teacherOfEmail: (email: string) => {
      const user = accounts.get(email);
      return user ? teacherOfUser.get(user.id) : undefined;
    },
  };
}
type FileRefs = Awaited<ReturnType<typeof loadFile>>;

/** The department and subjects a row names (those cells that parsed), and what is not found. */
function refIssues(file: FileRefs, r: CheckedRow<Row>): RowIssue[] {
  const issues: RowIssue[] = [];
  if (r.department && !file.departmentOf(r.department))
    issues.push({ column: header('department'), message: `Không tìm thấy tổ chuyên môn "${r.department}" (nhập mã hoặc tên tổ).` });
  const missing = (r.subjects ?? []).filter((c) => !file.subjectOf(c));
  if (missing.length) issues.push({ column: header('subjects'), message: `Không tìm thấy môn học có mã: ${missing.join(', ')}.` });
  return issues;
}

/** A row as the same input POST /teachers takes, or null when its references no longer resolve. */
function inputOf(file: FileRefs, r: Row): TeacherInput | null {
  if (refIssues(file, r).length) return null;
  return {
    staffCode: r.staffCode,
    fullName: r.fullName,
    email: r.email ?? null,
    departmentId: r.department ? file.departmentOf(r.department)!.id : null,
    subjectIds: r.subjects.map((c) => file.subjectOf(c)!.id),
  };
}

export const teachersImport: ImportKind<Row> = {
  kind: 'teachers',
  title: 'Giáo viên',
  columns: COLUMNS,
  row: ZRow,

  async check(db, rows) {
    const file = await loadFile(db, rows);
    const dupCodes = duplicatesBy(rows, (r) => r.staffCode);
    const dupEmails = duplicatesBy(rows, (r) => r.email);
    return rows.map((r): RowCheck => {
      const issues = refIssues(file, r);
      const code = r.staffCode?.toLowerCase();
      const existingId = code ? file.refs.codes.get(code) : undefined;
      if (code && dupCodes.has(code))
        issues.push({ column: header('staffCode'), message: `Mã giáo viên "${r.staffCode}" xuất hiện nhiều lần trong tệp.` });
      if (r.email) {
        if (dupEmails.has(r.email)) issues.push({ column: header('email'), message: `E-mail "${r.email}" xuất hiện nhiều lần trong tệp.` });
        const other = file.teacherOfEmail(r.email);
        // Without a code that parsed, the row's own teacher is unknown: no claim that the e-mail is someone else's.
        if (code && other !== undefined && other !== existingId) issues.push({ column: header('email'), message: EMAIL_OF_OTHER_TEACHER });
      }
      return { action: existingId ? 'update' : 'create', issues };
    });
  },

  // The very functions behind POST and PUT /teachers, with the file's lookups loaded once.
  async apply(writeCtx, rows) {
    const file = await loadFile(writeCtx.tx, rows);
    const { ctx, flush } = batchedAudit(writeCtx);
    let created = 0;
    let updated = 0;
    for (const r of rows) {
      const input = inputOf(file, r);
      if (!input) throw badRequest(CHANGED_SINCE_CHECK);
      const id = file.refs.codes.get(r.staffCode.toLowerCase());
      if (id) {
        await updateTeacher(ctx, id, input, file.refs);
        updated++;
      } else {
        await createTeacher(ctx, input, file.refs);
        created++;
      }
    }
    await flush();
    return { created, updated };
  },
};
