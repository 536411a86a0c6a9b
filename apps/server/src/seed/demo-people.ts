import { DEMO_DOMAIN } from './demo-accounts';
import { birthDate, emailLocal, vietnameseName, type Gender, type Rng } from './demo-names';
import { DEPARTMENTS, SUBJECTS, type CampusCode, type DeptCode } from './demo-school';

/**
 * Who is in the demo school, planned in memory first (pure, from the PRNG) and inserted in
 * batches afterwards. The demo sign-in accounts that teach or study get records of their own here.
 */

export interface HomeroomPlan {
  name: string;
  /** Short form used in course-class codes: "10T" in "TOAN-10T-M2". */
  short: string;
  grade: 10 | 11 | 12;
  campus: CampusCode;
  /** The class's specialised subject (môn chuyên). */
  spec: string;
  dept: DeptCode;
  room: string;
}

// Two classes per grade on each campus, so electives can mix the students of one grade and campus.
export const HOMEROOMS: HomeroomPlan[] = [
  { name: '10 Toán', short: '10T', grade: 10, campus: 'CS1', spec: 'TOANCH', dept: 'TOAN', room: 'P101' },
  { name: '10 Văn', short: '10V', grade: 10, campus: 'CS1', spec: 'VANCH', dept: 'VAN', room: 'P102' },
  { name: '10 Anh', short: '10A', grade: 10, campus: 'CS2', spec: 'ANHCH', dept: 'NN', room: 'P101' },
  { name: '10 Lý', short: '10L', grade: 10, campus: 'CS2', spec: 'LYCH', dept: 'LY', room: 'P102' },
  { name: '11 Toán', short: '11T', grade: 11, campus: 'CS1', spec: 'TOANCH', dept: 'TOAN', room: 'P103' },
  { name: '11 Lý', short: '11L', grade: 11, campus: 'CS1', spec: 'LYCH', dept: 'LY', room: 'P104' },
  { name: '11 Hóa', short: '11H', grade: 11, campus: 'CS2', spec: 'HOACH', dept: 'HOA', room: 'P103' },
  { name: '11 Tin', short: '11TIN', grade: 11, campus: 'CS2', spec: 'TINCH', dept: 'TIN', room: 'P104' },
  { name: '12 Toán', short: '12T', grade: 12, campus: 'CS1', spec: 'TOANCH', dept: 'TOAN', room: 'P105' },
  { name: '12 Anh', short: '12A', grade: 12, campus: 'CS1', spec: 'ANHCH', dept: 'NN', room: 'P106' },
  { name: '12 Văn', short: '12V', grade: 12, campus: 'CS2', spec: 'VANCH', dept: 'VAN', room: 'P105' },
  { name: '12 Sinh', short: '12S', grade: 12, campus: 'CS2', spec: 'SINHCH', dept: 'SINH', room: 'P106' },
];

/** The demo staff who teach: their department, subjects and duties fit their roles and e-mails. */
const DEMO_TEACHERS: Record<string, { dept: DeptCode; subjects: string[]; head?: boolean; homeroom?: string }> = {
  'gv.toan': { dept: 'TOAN', subjects: ['TOAN', 'TOANCH'], head: true, homeroom: '10 Toán' },
  'gv.van': { dept: 'VAN', subjects: ['VAN', 'VANCH'] },
  'gv.anh': { dept: 'NN', subjects: ['ANH', 'ANHCH'] },
  'totruong.ly': { dept: 'LY', subjects: ['LY', 'LYCH'], head: true },
  'gvcn.hoa': { dept: 'HOA', subjects: ['HOA', 'HOACH'], homeroom: '11 Hóa' },
  'khaibao.sinh': { dept: 'SINH', subjects: ['SINH', 'SINHCH'] },
};

/** The demo student accounts, spread over both campuses and all grades. */
const DEMO_STUDENT_PLACES: Record<string, { homeroom: string; gender: Gender }> = {
  'hs.an': { homeroom: '10 Toán', gender: 'male' },
  'hs.binh': { homeroom: '10 Anh', gender: 'male' },
  'hs.chau': { homeroom: '11 Hóa', gender: 'female' },
  'hs.dung': { homeroom: '11 Lý', gender: 'male' },
  'hs.giang': { homeroom: '12 Văn', gender: 'female' },
  'hs.khoa': { homeroom: '12 Toán', gender: 'male' },
};

export interface TeacherPlan {
  staffCode: string;
  fullName: string;
  email: string;
  dept: DeptCode;
  subjects: string[];
  /** Set for a demo sign-in account: the record links to that existing user. */
  demoLocal?: string;
  head: boolean;
  homeroom?: string;
}

export interface StudentPlan {
  studentCode: string;
  fullName: string;
  email: string;
  dateOfBirth: string;
  gender: Gender;
  grade: 10 | 11 | 12;
  campus: CampusCode;
  homeroom: string;
  demoLocal?: string;
}

const deptSubjects = (dept: DeptCode) => SUBJECTS.filter((s) => s.dept === dept).map((s) => s.code);

/** What a generated teacher teaches: the department's core subject, and the chuyên one for about half. */
function subjectsFor(dept: DeptCode, i: number, size: number): string[] {
  const list = deptSubjects(dept);
  if (dept === 'SDGD') return i === 0 ? [list[0], list[2]] : [list[i % 3]];
  if (dept === 'TDQP') return i === 0 ? list : [list[i % 2]];
  return i < Math.ceil(size / 2) ? list : [list[0]];
}

export function planTeachers(rng: Rng, demoStaff: Array<{ local: string; name: string }>): TeacherPlan[] {
  const used = new Set<string>();
  const uniqueEmail = (name: string) => {
    const base = emailLocal(name);
    let local = base;
    for (let n = 2; used.has(local); n++) local = `${base}${n}`;
    used.add(local);
    return `${local}@${DEMO_DOMAIN}`;
  };
  const out: TeacherPlan[] = [];
  for (const d of DEPARTMENTS) {
    const demo = demoStaff.filter((p) => DEMO_TEACHERS[p.local]?.dept === d.code);
    const dept: TeacherPlan[] = demo.map((p) => ({
      staffCode: '',
      fullName: p.name,
      email: `${p.local}@${DEMO_DOMAIN}`,
      dept: d.code,
      subjects: DEMO_TEACHERS[p.local].subjects,
      demoLocal: p.local,
      head: DEMO_TEACHERS[p.local].head ?? false,
      homeroom: DEMO_TEACHERS[p.local].homeroom,
    }));
    for (let i = dept.length; i < d.size; i++) {
      // About two teachers in three are women, as in most Vietnamese schools.
      const fullName = vietnameseName(rng, rng.next() < 0.65 ? 'female' : 'male');
      dept.push({
        staffCode: '',
        fullName,
        email: uniqueEmail(fullName),
        dept: d.code,
        subjects: subjectsFor(d.code, i, d.size),
        head: false,
      });
    }
    // A department whose head is not a demo account gets its first generated teacher as head;
    // Toán, the largest, also has a deputy (tổ phó).
    const generated = dept.filter((t) => !t.demoLocal);
    if (!dept.some((t) => t.head)) generated[0].head = true;
    if (d.code === 'TOAN') generated[0].head = true;
    out.push(...dept);
  }
  out.forEach((t, i) => (t.staffCode = `GV${String(i + 1).padStart(3, '0')}`));

  for (const h of HOMEROOMS) {
    if (out.some((t) => t.homeroom === h.name)) continue;
    const t = out.find((x) => x.dept === h.dept && !x.demoLocal && !x.head && !x.homeroom);
    if (!t) throw new Error(`demo seed: no free teacher in ${h.dept} for ${h.name}`);
    t.homeroom = h.name;
  }
  return out;
}

/** Students enter grade 10 at 15; codes carry the intake year: HS26 and a four-digit number (HS260001…) for this year's grade 10. */
export function planStudents(rng: Rng, demoStudents: Array<{ local: string; name: string }>, currentStartYear: number): StudentPlan[] {
  const seq = new Map<number, number>();
  const out: StudentPlan[] = [];
  for (const h of HOMEROOMS) {
    const intake = currentStartYear - (h.grade - 10);
    const birthYear = intake - 15;
    const size = rng.int(31, 35);
    const demo = demoStudents.filter((p) => DEMO_STUDENT_PLACES[p.local]?.homeroom === h.name);
    for (let i = 0; i < size; i++) {
      const n = (seq.get(intake) ?? 0) + 1;
      seq.set(intake, n);
      const studentCode = `HS${String(intake % 100).padStart(2, '0')}${String(n).padStart(4, '0')}`;
      const d = demo[i];
      const gender: Gender = d ? DEMO_STUDENT_PLACES[d.local].gender : rng.next() < 0.5 ? 'female' : 'male';
      const fullName = d ? d.name : vietnameseName(rng, gender);
      const email = d ? `${d.local}@${DEMO_DOMAIN}` : `${emailLocal(fullName)}${studentCode.slice(2)}@${DEMO_DOMAIN}`;
      out.push({
        studentCode,
        fullName,
        email,
        dateOfBirth: birthDate(rng, birthYear),
        gender,
        grade: h.grade,
        campus: h.campus,
        homeroom: h.name,
        demoLocal: d?.local,
      });
    }
  }
  return out;
}
