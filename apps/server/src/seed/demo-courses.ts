import type { Rng } from './demo-names';
import { HOMEROOMS, type StudentPlan, type TeacherPlan } from './demo-people';
import { CURRENT_MODULE_CODE, OTHER_MODULE_CODE, SUBJECTS, type CampusCode } from './demo-school';

/**
 * Course classes (lớp học phần) of the two modules of the current semester: each homeroom class
 * studies its core subjects and its specialised subject as a class of its own; electives mix the
 * students of one grade on one campus.
 */

export interface CoursePlan {
  code: string;
  name: string;
  subject: string;
  module: string;
  campus: CampusCode;
  grade: 10 | 11 | 12;
  capacity: number;
  /** Classroom code on the campus, or null. */
  room: string | null;
  teacherCodes: string[];
  studentCodes: string[];
}

/** Subjects every homeroom class takes per module, besides its own specialised subject. */
const CORE_BY_MODULE: Record<string, string[]> = {
  [OTHER_MODULE_CODE]: ['TOAN', 'VAN', 'ANH', 'GDQP'],
  [CURRENT_MODULE_CODE]: ['TOAN', 'VAN', 'ANH', 'SU', 'TD'],
};
const ELECTIVES = ['LY', 'HOA', 'SINH', 'TIN', 'DIA', 'KTPL'];
const CAPACITY = 40;
const moduleSuffix = (module: string) => module.slice(module.lastIndexOf('-') + 1);
const subjectName = (code: string) => SUBJECTS.find((s) => s.code === code)!.name;

/** Where a subject is taught: computers for Tin, the gym for PE, a lab when the campus has one. */
function roomFor(subject: string, campus: CampusCode, homeroomRoom: string | null): string | null {
  if (subject === 'TIN' || subject === 'TINCH') return 'TIN1';
  if (subject === 'TD' || subject === 'GDQP') return 'NTC';
  if (subject === 'LYCH' && campus === 'CS1') return 'LAB-LY';
  if (subject === 'HOACH' || subject === 'HOA') return 'LAB-HOA';
  if ((subject === 'SINHCH' || subject === 'SINH') && campus === 'CS2') return 'LAB-SINH';
  return homeroomRoom;
}

export function planCourses(rng: Rng, teachers: TeacherPlan[], students: StudentPlan[]): CoursePlan[] {
  // Spread the classes of a subject evenly over those who teach it; the demo accounts come first
  // in their department, so each of them teaches something.
  const load = new Map<string, number>(teachers.map((t) => [t.staffCode, 0]));
  const pickTeachers = (subject: string, n: number, prefer?: TeacherPlan) => {
    const able = teachers.filter((t) => t.subjects.includes(subject));
    const chosen = prefer && able.includes(prefer) ? [prefer] : [];
    const rest = able
      .filter((t) => !chosen.includes(t))
      .map((t, i) => ({ t, i }))
      .sort((a, b) => load.get(a.t.staffCode)! - load.get(b.t.staffCode)! || a.i - b.i)
      .map((x) => x.t);
    const picked = [...chosen, ...rest].slice(0, Math.min(n, able.length));
    for (const t of picked) load.set(t.staffCode, load.get(t.staffCode)! + 1);
    return picked.map((t) => t.staffCode);
  };

  // A class keeps its teacher for a subject from one module to the next, as schools do.
  const sameTeachers = new Map<string, string[]>();
  const out: CoursePlan[] = [];
  for (const module of [OTHER_MODULE_CODE, CURRENT_MODULE_CODE]) {
    const m = moduleSuffix(module);
    for (const h of HOMEROOMS) {
      const homeroomTeacher = teachers.find((t) => t.homeroom === h.name);
      const members = students.filter((s) => s.homeroom === h.name).map((s) => s.studentCode);
      for (const subject of [...CORE_BY_MODULE[module], h.spec]) {
        const specialised = subject === h.spec;
        const key = `${h.name}:${subject}`;
        const teacherCodes = sameTeachers.get(key) ?? pickTeachers(subject, specialised ? 2 : 1, homeroomTeacher);
        sameTeachers.set(key, teacherCodes);
        out.push({
          code: `${subject}-${h.short}-${m}`,
          name: `${subjectName(subject)} – lớp ${h.name}`,
          subject,
          module,
          campus: h.campus,
          grade: h.grade,
          capacity: Math.max(CAPACITY, members.length),
          room: roomFor(subject, h.campus, h.room),
          // Specialised classes are often co-taught; the homeroom teacher keeps their own class.
          teacherCodes,
          studentCodes: members,
        });
      }
    }
  }

  // Electives, in both modules: per grade and campus two groups, every student in one of them. The
  // first class of an elective in each module goes to the demo account who teaches it (Vật lý, Hóa học,
  // Sinh học), so their subject's survey is about a class of their own.
  const demoFor = (subject: string) => teachers.find((t) => t.demoLocal && t.subjects.includes(subject));
  const given = new Set<string>();
  const groups = new Map<string, StudentPlan[]>();
  for (const s of students) groups.set(`${s.grade}:${s.campus}`, [...(groups.get(`${s.grade}:${s.campus}`) ?? []), s]);
  for (const [mi, module] of [OTHER_MODULE_CODE, CURRENT_MODULE_CODE].entries()) {
    let g = 0;
    for (const [key, members] of groups) {
      const [grade, campus] = key.split(':') as [string, CampusCode];
      const shuffled = rng.shuffle(members.map((s) => s.studentCode));
      const half = Math.ceil(shuffled.length / 2);
      [shuffled.slice(0, half), shuffled.slice(half)].forEach((part, k) => {
        // Each module offers other subjects, so that every elective is taught somewhere.
        const subject = ELECTIVES[(2 * g + k + 3 * mi) % ELECTIVES.length];
        out.push({
          code: `${subject}-${grade}${campus}-TC${k + 1}-${moduleSuffix(module)}`,
          name: `${subjectName(subject)} – khối ${grade} ${campus} (tự chọn)`,
          subject,
          module,
          campus,
          grade: Number(grade) as 10 | 11 | 12,
          capacity: Math.max(CAPACITY, part.length),
          room: roomFor(subject, campus, null),
          teacherCodes: pickTeachers(subject, 1, given.has(`${module}:${subject}`) ? undefined : demoFor(subject)),
          studentCodes: part,
        });
        given.add(`${module}:${subject}`);
      });
      g++;
    }
  }
  return out;
}
