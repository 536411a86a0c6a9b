/**
 * Importing a school's intake (issue 3, "Speed"): 2,000 students from an XLSX, then an enrolments
 * XLSX putting each of them into two course classes (4,000 rows). Each file is posted to
 * `POST /api/v1/imports/{kind}` as a dry run, then for real, as the admin page does.
 *
 *   node --import tsx bench/import.ts
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import { courseClasses, courseClassTeachers } from '../apps/server/src/db/schema/school';
import { enrolmentsImport } from '../apps/server/src/areas/school/course-classes/enrolments.import';
import { studentsImport } from '../apps/server/src/areas/school/students/students.import';
import { bulkInsert } from '../apps/server/src/seed/bulk-insert';
import { createRng, emailLocal, vietnameseName } from '../apps/server/src/seed/demo-names';
import { multipart, xlsxFile } from '../apps/server/src/test/multipart';
import { fmt, ms, printTable, saveResults, startBenchApp, type BenchApp } from './support';

const STUDENTS = 2_000;
const CLASS_SIZE = 45;
/** Each new student joins one course class of each of these subjects. */
const SUBJECTS = ['TIN', 'DIA'];

interface Homeroom {
  name: string;
  grade: number;
  campusId: number;
  campusCode: string;
}

async function schoolRefs(b: BenchApp) {
  const db = b.database.db;
  const homerooms = await queryRows<Homeroom>(
    db,
    sql`
    select h.name, h.grade, h.campus_id as "campusId", c.code as "campusCode"
    from homeroom_classes h join academic_years y on y.id = h.academic_year_id and y.is_current join campuses c on c.id = h.campus_id
    order by h.id`,
  );
  const [module] = await queryRows<{ id: number; code: string }>(db, sql`select id, code from modules where is_current`);
  const subjects = await queryRows<{ id: number; code: string; teacher: number }>(
    db,
    sql`
    select s.id, s.code, (select min(ts.teacher_id) from teacher_subjects ts where ts.subject_id = s.id) as teacher
    from subjects s where s.code in (${sql.join(
      SUBJECTS.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  return { homerooms, module, subjects };
}

function header(kind: { columns: Array<{ header: string; key: string }> }, key: string) {
  return kind.columns.find((c) => c.key === key)!.header;
}

async function main() {
  console.log(
    `bench/import: ${STUDENTS.toLocaleString('en')} students, then ${(STUDENTS * SUBJECTS.length).toLocaleString('en')} enrolments, dry run then commit`,
  );
  let t0 = performance.now();
  const b = await startBenchApp();
  console.log(`  app on a fresh embedded database with the demo school: ${fmt(ms(t0))} ms`);
  try {
    const { homerooms, module, subjects } = await schoolRefs(b);
    const rng = createRng(2_000);

    // ---- The students file: every column the template has, as an office would fill it. ----
    t0 = performance.now();
    const people = Array.from({ length: STUDENTS }, (_, i) => {
      const h = homerooms[i % homerooms.length];
      const gender = rng.next() < 0.5 ? 'female' : 'male';
      const fullName = vietnameseName(rng, gender);
      const code = `IM${String(i + 1).padStart(5, '0')}`;
      const dob = `${String(rng.int(1, 28)).padStart(2, '0')}/${String(rng.int(1, 12)).padStart(2, '0')}/${2021 - h.grade}`;
      return { code, fullName, email: `${emailLocal(fullName)}.${code.toLowerCase()}@import.thptchuyen.edu.vn`, dob, gender, h };
    });
    const sCols = ['studentCode', 'fullName', 'email', 'dateOfBirth', 'gender', 'grade', 'campus', 'homeroomClass', 'status'];
    const studentsXlsx = await xlsxFile(
      sCols.map((k) => header(studentsImport, k)),
      people.map((p) => [
        p.code,
        p.fullName,
        p.email,
        p.dob,
        p.gender === 'female' ? 'Nữ' : 'Nam',
        p.h.grade,
        p.h.campusCode,
        p.h.name,
        'Đang học',
      ]),
    );

    // ---- Course classes for them (fixtures, inserted directly), then the enrolments file. ----
    const groups = new Map<string, typeof people>();
    for (const p of people) groups.set(`${p.h.grade}-${p.h.campusCode}`, [...(groups.get(`${p.h.grade}-${p.h.campusCode}`) ?? []), p]);
    const classes: Array<{ code: string; subject: (typeof subjects)[number]; grade: number; campusId: number; members: string[] }> = [];
    for (const [key, members] of groups) {
      for (const subject of subjects) {
        for (let k = 0; k * CLASS_SIZE < members.length; k++) {
          classes.push({
            code: `BENCH-${subject.code}-${key}-${k + 1}`,
            subject,
            grade: members[0].h.grade,
            campusId: members[0].h.campusId,
            members: members.slice(k * CLASS_SIZE, (k + 1) * CLASS_SIZE).map((p) => p.code),
          });
        }
      }
    }
    const made = await bulkInsert(
      b.database.db,
      courseClasses,
      classes.map((c) => ({
        code: c.code,
        name: `${c.subject.code} ${c.code}`,
        subjectId: c.subject.id,
        moduleId: module.id,
        campusId: c.campusId,
        grade: c.grade,
        capacity: CLASS_SIZE,
      })),
      ['id', 'code'],
    );
    const idOf = new Map(made.map((r) => [r.code, r.id]));
    await bulkInsert(
      b.database.db,
      courseClassTeachers,
      classes.map((c) => ({ courseClassId: idOf.get(c.code)!, teacherId: c.subject.teacher })),
    );
    const eCols = ['courseClassCode', 'moduleCode', 'studentCode'];
    const enrolmentsXlsx = await xlsxFile(
      eCols.map((k) => header(enrolmentsImport, k)),
      classes.flatMap((c) => c.members.map((code) => [c.code, module.code, code])),
    );
    console.log(
      `  built students.xlsx (${(studentsXlsx.length / 1024).toFixed(0)} KB) and enrolments.xlsx (${(enrolmentsXlsx.length / 1024).toFixed(0)} KB, ` +
        `${classes.length} course classes in ${module.code}): ${fmt(ms(t0))} ms\n`,
    );

    const steps: Array<{ step: string; rows: number; ms: number; rowsPerSec: number; created: number; invalid: number }> = [];
    const post = async (kind: string, file: Buffer, dryRun: boolean) => {
      const body = multipart({ filename: `${kind}.xlsx`, content: file });
      const t = performance.now();
      const res = await b.app.inject({
        method: 'POST',
        url: `/api/v1/imports/${kind}?dryRun=${dryRun}`,
        payload: body.payload,
        headers: { ...body.headers, ...b.auth },
      });
      const took = ms(t);
      if (res.statusCode !== 200) throw new Error(`${kind} dryRun=${dryRun}: ${res.statusCode} ${res.body.slice(0, 2000)}`);
      const d = res.json().data as { total: number; invalid: number; created: number; rows: Array<{ row: number; issues: unknown[] }> };
      if (d.invalid) throw new Error(`${kind}: ${d.invalid} invalid rows, e.g. ${JSON.stringify(d.rows.find((r) => r.issues.length))}`);
      steps.push({
        step: `${kind} ${dryRun ? 'dry run' : 'commit'}`,
        rows: d.total,
        ms: took,
        rowsPerSec: d.total / (took / 1000),
        created: d.created,
        invalid: d.invalid,
      });
    };
    await post('students', studentsXlsx, true);
    await post('students', studentsXlsx, false);
    await post('enrolments', enrolmentsXlsx, true);
    await post('enrolments', enrolmentsXlsx, false);

    printTable(
      ['step', 'rows', 'ms', 'rows/s', 'created'],
      steps.map((s) => [s.step, s.rows, fmt(s.ms), s.rowsPerSec.toFixed(0), s.created]),
    );
    const total = steps.reduce((s, x) => s + x.ms, 0);
    console.log(
      `\nimport: ${STUDENTS} students with ${STUDENTS * SUBJECTS.length} enrolments, dry runs and commits, in ${fmt(total)} ms of server time`,
    );

    // The figures mean nothing unless the data landed: check it in the database.
    const [check] = await queryRows<{ students: number; linked: number; enrolled: number }>(
      b.database.db,
      sql`
      select (select count(*)::int from students where student_code like 'IM%') as students,
             (select count(*)::int from students s join users u on u.student_id = s.id where s.student_code like 'IM%') as linked,
             (select count(*)::int from course_class_students e join students s on s.id = e.student_id where s.student_code like 'IM%') as enrolled`,
    );
    const ok = check.students === STUDENTS && check.linked === STUDENTS && check.enrolled === STUDENTS * SUBJECTS.length;
    console.log(
      `import: database check ${ok ? 'OK' : 'FAILED'} (${check.students} students, ${check.linked} with a user, ${check.enrolled} enrolments)`,
    );
    saveResults('import', { students: STUDENTS, enrolments: STUDENTS * SUBJECTS.length, steps, totalMs: total, check });
    if (!ok) process.exitCode = 1;
  } finally {
    await b.close();
  }
}

await main();
