import { z } from 'zod';
import { GRADES, ZCourseClassInput, ZGrade } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import {
  campusResolver,
  classesByModuleAndCode,
  classKey,
  codeKey,
  enrolledProfiles,
  modulesByCodes,
  subjectsByCodes,
  teachersByStaffCodes,
  type ExistingClass,
} from './course-class-lookups.repository';
import { createCourseClass, updateCourseClass, type CourseClassInput } from './course-classes.service';
import { campusNames, recentModuleCodes, subjectCodes } from './import-choices.repository';
import { badRequest } from '@/plugins/errors';
import { duplicatesBy, type CheckedRow, type ImportColumn, type ImportKind, type RowCheck, type RowIssue } from '../core/import-kind';

export const CHANGED = 'Dữ liệu đã thay đổi trong lúc nhập; hãy kiểm tra lại tệp rồi nhập lại.';
// The shared schemas coerce from `unknown`; a cell is a string, so hand it over untyped.
const asUnknown = (s: string): unknown => s;
const required = (label: string) => z.string().trim().min(1, `${label} là bắt buộc.`);

const ZRow = z.object({
  code: ZCourseClassInput.shape.code,
  name: ZCourseClassInput.shape.name,
  subjectCode: required('Mã môn'),
  moduleCode: required('Mã học phần'),
  campus: required('Cơ sở'),
  grade: z.string().trim().min(1, 'Khối là bắt buộc.').transform(asUnknown).pipe(ZGrade),
  teacherCodes: z
    .string()
    .transform((s) => [
      ...new Set(
        s
          .split(/[,;]/)
          .map((c) => c.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string()).min(1, 'Lớp học phần phải có ít nhất một giáo viên (mã giáo viên, cách nhau bởi dấu phẩy).')),
  capacity: z.string().trim().min(1, 'Sĩ số tối đa là bắt buộc.').transform(asUnknown).pipe(ZCourseClassInput.shape.capacity),
});
type Row = z.output<typeof ZRow>;

const COLUMNS: ImportColumn[] = [
  {
    key: 'code',
    header: 'Mã lớp học phần',
    required: true,
    example: 'TOAN10A1',
    note: 'Duy nhất trong một học phần; trùng mã đã có thì dòng cập nhật lớp đó.',
  },
  { key: 'name', header: 'Tên lớp học phần', required: true, example: 'Toán 10 - Nhóm 1' },
  { key: 'subjectCode', header: 'Mã môn', required: true, example: 'TOAN', lookup: subjectCodes },
  {
    key: 'moduleCode',
    header: 'Mã học phần',
    required: true,
    example: 'HP1-2025',
    note: 'Danh sách chọn có các học phần gần đây nhất.',
    lookup: recentModuleCodes,
  },
  { key: 'campus', header: 'Cơ sở', required: true, example: 'CS1', note: 'Mã hoặc tên cơ sở.', lookup: campusNames },
  { key: 'grade', header: 'Khối', required: true, example: '10', note: '10, 11 hoặc 12.', choices: GRADES.map(String) },
  {
    key: 'teacherCodes',
    header: 'Giáo viên',
    required: true,
    example: 'GV001, GV002',
    note: 'Mã giáo viên, cách nhau bởi dấu phẩy hoặc chấm phẩy.',
  },
  { key: 'capacity', header: 'Sĩ số tối đa', required: true, example: '35' },
];
const header = (key: keyof Row) => COLUMNS.find((c) => c.key === key)!.header;

/** Everything the file names, resolved in a few queries; `check` and `apply` share it. */
async function resolve(db: DbOrTx, rows: Array<CheckedRow<Row>>) {
  const cells = (pick: (r: CheckedRow<Row>) => string | undefined) => rows.flatMap((r) => pick(r) ?? []);
  const [subjects, modules, campusOf, teachers] = await Promise.all([
    subjectsByCodes(
      db,
      cells((r) => r.subjectCode),
    ),
    modulesByCodes(
      db,
      cells((r) => r.moduleCode),
    ),
    campusResolver(db),
    teachersByStaffCodes(
      db,
      rows.flatMap((r) => r.teacherCodes ?? []),
    ),
  ]);
  const existing = await classesByModuleAndCode(
    db,
    [...modules.values()].map((m) => m.id),
    cells((r) => r.code),
  );
  const rowsOut = rows.map((r) => {
    const module = r.moduleCode ? modules.get(codeKey(r.moduleCode)) : undefined;
    const teacherIds = (r.teacherCodes ?? []).map((c) => teachers.get(codeKey(c))?.id);
    return {
      subject: r.subjectCode ? subjects.get(codeKey(r.subjectCode)) : undefined,
      module,
      campus: r.campus ? campusOf(r.campus) : undefined,
      teacherIds,
      missingTeachers: (r.teacherCodes ?? []).filter((_, i) => teacherIds[i] === undefined),
      existing: module && r.code ? existing.get(classKey(module.id, r.code)) : undefined,
    };
  });
  return rowsOut;
}

function inputOf(r: Row, x: Awaited<ReturnType<typeof resolve>>[number]): CourseClassInput | null {
  if (!x.subject || !x.module || !x.campus || x.missingTeachers.length) return null;
  return {
    code: r.code,
    name: r.name,
    subjectId: x.subject.id,
    moduleId: x.module.id,
    campusId: x.campus.id,
    grade: r.grade,
    teacherIds: x.teacherIds as number[],
    capacity: r.capacity,
  };
}

/** The service refuses these on update; the preview says so on the row instead of failing the commit. */
function updateIssues(
  r: CheckedRow<Row>,
  campusId: number,
  existing: ExistingClass,
  profile: Array<{ grade: number; campusId: number; n: number }>,
): RowIssue[] {
  const issues: RowIssue[] = [];
  if (r.capacity !== undefined && r.capacity < existing.enrolledCount) {
    issues.push({
      column: header('capacity'),
      message: `Sĩ số tối đa không được nhỏ hơn số học sinh đã ghi danh (${existing.enrolledCount}).`,
    });
  }
  const grade = r.grade;
  if (grade === undefined) return issues;
  const outside = profile.filter((p) => p.grade !== grade || p.campusId !== campusId).reduce((s, p) => s + p.n, 0);
  if (outside) {
    issues.push({
      column: header('grade'),
      message: `Không thể đổi khối hoặc cơ sở: ${outside} học sinh đã ghi danh không thuộc khối hoặc cơ sở mới.`,
    });
  }
  return issues;
}

export const courseClassesImport: ImportKind<Row> = {
  kind: 'course-classes',
  title: 'Lớp học phần',
  columns: COLUMNS,
  row: ZRow,

  async check(db, rows) {
    const resolved = await resolve(db, rows);
    const profiles = await enrolledProfiles(
      db,
      resolved.flatMap((x) => (x.existing ? [x.existing.id] : [])),
    );
    const dups = duplicatesBy(rows, (r) => (r.moduleCode && r.code ? `${codeKey(r.moduleCode)} ${codeKey(r.code)}` : null));
    const laterDuplicate = new Set([...dups.values()].flatMap((idx) => idx.slice(1)));
    return rows.map((r, i): RowCheck => {
      const x = resolved[i];
      const issues: RowIssue[] = [];
      // A cell that did not parse has its problem reported already; every other cell is looked up.
      if (r.subjectCode && !x.subject)
        issues.push({ column: header('subjectCode'), message: `Không tìm thấy môn học có mã "${r.subjectCode}".` });
      if (r.moduleCode && !x.module)
        issues.push({ column: header('moduleCode'), message: `Không tìm thấy học phần có mã "${r.moduleCode}".` });
      if (r.campus && !x.campus) issues.push({ column: header('campus'), message: `Không tìm thấy cơ sở "${r.campus}".` });
      if (x.missingTeachers.length)
        issues.push({ column: header('teacherCodes'), message: `Không tìm thấy giáo viên có mã: ${x.missingTeachers.join(', ')}.` });
      if (laterDuplicate.has(i))
        issues.push({ column: header('code'), message: 'Trùng mã lớp học phần với một dòng phía trên trong cùng học phần.' });
      if (x.existing && x.campus) issues.push(...updateIssues(r, x.campus.id, x.existing, profiles.get(x.existing.id) ?? []));
      return { action: x.existing ? 'update' : 'create', issues };
    });
  },

  // The same service calls as the routes, so an imported class obeys exactly the same rules.
  async apply(ctx, rows) {
    const resolved = await resolve(ctx.tx, rows);
    let created = 0;
    let updated = 0;
    for (const [i, r] of rows.entries()) {
      const input = inputOf(r, resolved[i]);
      // Only if a subject, module, campus or teacher vanished between the check and now.
      if (!input) throw badRequest(CHANGED);
      const existing = resolved[i].existing;
      if (existing) {
        await updateCourseClass(ctx, existing.id, input);
        updated++;
      } else {
        await createCourseClass(ctx, input);
        created++;
      }
    }
    return { created, updated };
  },
};
