import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import { badRequest } from '@/plugins/errors';
import {
  classesByModuleAndCode,
  classKey,
  codeKey,
  enrolledPairs,
  modulesByCodes,
  studentsByCodes,
} from './course-class-lookups.repository';
import { enrolStudents } from './course-classes.service';
import { CHANGED } from './course-classes.import';
import { recentModuleCodes } from './import-choices.repository';
import type { CheckedRow, ImportColumn, ImportKind, RowCheck, RowIssue } from '../core/import-kind';

const required = (label: string) => z.string().trim().min(1, `${label} là bắt buộc.`);

const ZRow = z.object({
  courseClassCode: required('Mã lớp học phần'),
  moduleCode: required('Mã học phần'),
  studentCode: required('Mã học sinh'),
});
type Row = z.output<typeof ZRow>;

const COLUMNS: ImportColumn[] = [
  { key: 'courseClassCode', header: 'Mã lớp học phần', required: true, example: 'TOAN10A1' },
  {
    key: 'moduleCode',
    header: 'Mã học phần',
    required: true,
    example: 'HP1-2025',
    note: 'Học phần của lớp (mã lớp chỉ duy nhất trong một học phần). Danh sách chọn có các học phần gần đây nhất.',
    lookup: recentModuleCodes,
  },
  {
    key: 'studentCode',
    header: 'Mã học sinh',
    required: true,
    example: 'HS0001',
    note: 'Học sinh phải cùng khối và cơ sở với lớp học phần.',
  },
];
const header = (key: keyof Row) => COLUMNS.find((c) => c.key === key)!.header;

/** Classes and students the file names, loaded once for the whole file. */
async function resolve(db: DbOrTx, rows: Array<CheckedRow<Row>>) {
  const cells = (pick: (r: CheckedRow<Row>) => string | undefined) => rows.flatMap((r) => pick(r) ?? []);
  const [modules, students] = await Promise.all([
    modulesByCodes(
      db,
      cells((r) => r.moduleCode),
    ),
    studentsByCodes(
      db,
      cells((r) => r.studentCode),
    ),
  ]);
  const classes = await classesByModuleAndCode(
    db,
    [...modules.values()].map((m) => m.id),
    cells((r) => r.courseClassCode),
  );
  return rows.map((r) => {
    const module = r.moduleCode ? modules.get(codeKey(r.moduleCode)) : undefined;
    return {
      module,
      courseClass: module && r.courseClassCode ? classes.get(classKey(module.id, r.courseClassCode)) : undefined,
      student: r.studentCode ? students.get(codeKey(r.studentCode)) : undefined,
    };
  });
}

export const enrolmentsImport: ImportKind<Row> = {
  kind: 'enrolments',
  title: 'Ghi danh',
  columns: COLUMNS,
  row: ZRow,

  async check(db, rows) {
    const resolved = await resolve(db, rows);
    const enrolled = await enrolledPairs(
      db,
      resolved.flatMap((x) => (x.courseClass ? [x.courseClass.id] : [])),
      resolved.flatMap((x) => (x.student ? [x.student.id] : [])),
    );
    const seen = new Set<string>();
    // Places taken per class as the file is read top to bottom: those enrolled already, then each new row.
    const taken = new Map<number, number>();
    return rows.map((r, i): RowCheck => {
      const { module, courseClass: cls, student } = resolved[i];
      const issues: RowIssue[] = [];
      // A cell that did not parse has its problem reported already; every other cell is looked up.
      if (r.moduleCode && !module)
        issues.push({ column: header('moduleCode'), message: `Không tìm thấy học phần có mã "${r.moduleCode}".` });
      else if (module && r.courseClassCode && !cls)
        issues.push({
          column: header('courseClassCode'),
          message: `Không tìm thấy lớp học phần "${r.courseClassCode}" trong học phần ${module.code}.`,
        });
      if (r.studentCode && !student)
        issues.push({ column: header('studentCode'), message: `Không tìm thấy học sinh có mã "${r.studentCode}".` });
      if (!cls || !student) return { action: 'create', issues };

      if (student.grade !== cls.grade) {
        issues.push({
          column: header('studentCode'),
          message: `Học sinh thuộc khối ${student.grade}, lớp học phần dành cho khối ${cls.grade}.`,
        });
      }
      if (student.campusId !== cls.campusId)
        issues.push({ column: header('studentCode'), message: 'Học sinh học ở cơ sở khác với lớp học phần.' });
      const pair = `${cls.id}:${student.id}`;
      if (seen.has(pair)) {
        issues.push({ column: header('studentCode'), message: 'Trùng với một dòng phía trên (cùng lớp học phần và học sinh).' });
        return { action: 'create', issues };
      }
      seen.add(pair);
      // Already enrolled: nothing to write, and not an error.
      if (enrolled.has(pair)) return { action: 'update', issues };
      if (issues.length) return { action: 'create', issues };
      const used = taken.get(cls.id) ?? cls.enrolledCount;
      if (used >= cls.capacity) {
        issues.push({
          column: header('courseClassCode'),
          message: `Vượt sĩ số tối đa: lớp học phần ${cls.code} có sĩ số tối đa ${cls.capacity}, đã có ${cls.enrolledCount} học sinh ghi danh.`,
        });
      }
      taken.set(cls.id, used + 1);
      return { action: 'create', issues };
    });
  },

  // One enrolStudents call per class — the route's own rules and lock, with the file's rows batched.
  async apply(ctx, rows) {
    const resolved = await resolve(ctx.tx, rows);
    const byClass = new Map<number, number[]>();
    for (const x of resolved) {
      if (!x.courseClass || !x.student) throw badRequest(CHANGED);
      const list = byClass.get(x.courseClass.id) ?? [];
      list.push(x.student.id);
      byClass.set(x.courseClass.id, list);
    }
    let created = 0;
    let updated = 0;
    for (const [classId, studentIds] of byClass) {
      const res = await enrolStudents(ctx, classId, studentIds);
      created += res.added;
      updated += res.skipped;
    }
    return { created, updated };
  },
};
