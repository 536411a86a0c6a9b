import type { Tx } from '../db/client';
import { academicYears, modules, semesters } from '../db/schema/academic';
import { campuses, classrooms, departments, subjects } from '../db/schema/school';

/**
 * The demo school's fixed frame: campuses, rooms, the calendar, departments and subjects.
 * The calendar is fixed on purpose (not derived from the clock): the demo is the same school on
 * every machine; 2026-11-22 falls in HK1 2026-2027, module 2 (November–January), the current one.
 */

export const CAMPUSES = [
  { code: 'CS1', name: 'Cơ sở 1 – Trần Phú', address: '1 Trần Phú, phường Hải Châu, TP Đà Nẵng' },
  { code: 'CS2', name: 'Cơ sở 2 – Nguyễn Huệ', address: '25 Nguyễn Huệ, phường Hải Châu, TP Đà Nẵng' },
] as const;
export type CampusCode = (typeof CAMPUSES)[number]['code'];

type RoomKind = 'standard' | 'lab' | 'computer' | 'hall' | 'gym' | 'library';
const standardRooms = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ code: `P${101 + i}`, name: `Phòng ${101 + i}`, capacity: 40, kind: 'standard' as RoomKind }));
const ROOMS: Record<CampusCode, Array<{ code: string; name: string; capacity: number; kind: RoomKind }>> = {
  CS1: [
    ...standardRooms(10),
    { code: 'LAB-LY', name: 'Phòng thí nghiệm Vật lý', capacity: 36, kind: 'lab' },
    { code: 'LAB-HOA', name: 'Phòng thí nghiệm Hóa học', capacity: 36, kind: 'lab' },
    { code: 'TIN1', name: 'Phòng máy tính 1', capacity: 40, kind: 'computer' },
    { code: 'NTC', name: 'Nhà thể chất', capacity: 120, kind: 'gym' },
    { code: 'HT', name: 'Hội trường A', capacity: 300, kind: 'hall' },
    { code: 'TV', name: 'Thư viện', capacity: 80, kind: 'library' },
  ],
  CS2: [
    ...standardRooms(8),
    { code: 'LAB-SINH', name: 'Phòng thí nghiệm Sinh học', capacity: 36, kind: 'lab' },
    { code: 'LAB-HOA', name: 'Phòng thí nghiệm Hóa học', capacity: 36, kind: 'lab' },
    { code: 'TIN1', name: 'Phòng máy tính 1', capacity: 40, kind: 'computer' },
    { code: 'TIN2', name: 'Phòng máy tính 2', capacity: 40, kind: 'computer' },
    { code: 'NTC', name: 'Sân và nhà tập đa năng', capacity: 100, kind: 'gym' },
    { code: 'HT', name: 'Hội trường B', capacity: 200, kind: 'hall' },
  ],
};

/** Start years of the seeded academic years; the last one is current. */
const YEARS = [2025, 2026] as const;
export const CURRENT_YEAR_NAME = '2026-2027';
export const CURRENT_MODULE_CODE = '2026-HK1-M2';
/** The other module of the current semester; course classes are seeded in both. */
export const OTHER_MODULE_CODE = '2026-HK1-M1';

export const DEPARTMENTS = [
  { code: 'TOAN', name: 'Tổ Toán', size: 10 },
  { code: 'VAN', name: 'Tổ Ngữ văn', size: 8 },
  { code: 'NN', name: 'Tổ Ngoại ngữ', size: 8 },
  { code: 'LY', name: 'Tổ Vật lý', size: 6 },
  { code: 'HOA', name: 'Tổ Hóa học', size: 6 },
  { code: 'SINH', name: 'Tổ Sinh học', size: 5 },
  { code: 'TIN', name: 'Tổ Tin học', size: 5 },
  { code: 'SDGD', name: 'Tổ Sử - Địa - GDKT&PL', size: 7 },
  { code: 'TDQP', name: 'Tổ Thể dục - GDQP', size: 5 },
] as const;
export type DeptCode = (typeof DEPARTMENTS)[number]['code'];

type Kind = 'core' | 'specialised' | 'elective';
// Curriculum 2018: Văn, Toán, Anh, Sử, GDTC, GDQP-AN compulsory; sciences, Tin, Địa, GDKT&PL chosen;
// each gifted class adds its own specialised subject (môn chuyên).
export const SUBJECTS: Array<{ code: string; name: string; dept: DeptCode; kind: Kind; usesLms: boolean }> = [
  { code: 'TOAN', name: 'Toán', dept: 'TOAN', kind: 'core', usesLms: false },
  { code: 'TOANCH', name: 'Toán chuyên', dept: 'TOAN', kind: 'specialised', usesLms: false },
  { code: 'VAN', name: 'Ngữ văn', dept: 'VAN', kind: 'core', usesLms: false },
  { code: 'VANCH', name: 'Văn chuyên', dept: 'VAN', kind: 'specialised', usesLms: false },
  { code: 'ANH', name: 'Tiếng Anh', dept: 'NN', kind: 'core', usesLms: true },
  { code: 'ANHCH', name: 'Anh chuyên', dept: 'NN', kind: 'specialised', usesLms: true },
  { code: 'LY', name: 'Vật lý', dept: 'LY', kind: 'elective', usesLms: false },
  { code: 'LYCH', name: 'Lý chuyên', dept: 'LY', kind: 'specialised', usesLms: false },
  { code: 'HOA', name: 'Hóa học', dept: 'HOA', kind: 'elective', usesLms: false },
  { code: 'HOACH', name: 'Hóa chuyên', dept: 'HOA', kind: 'specialised', usesLms: false },
  { code: 'SINH', name: 'Sinh học', dept: 'SINH', kind: 'elective', usesLms: false },
  { code: 'SINHCH', name: 'Sinh chuyên', dept: 'SINH', kind: 'specialised', usesLms: false },
  { code: 'TIN', name: 'Tin học', dept: 'TIN', kind: 'elective', usesLms: true },
  { code: 'TINCH', name: 'Tin chuyên', dept: 'TIN', kind: 'specialised', usesLms: true },
  { code: 'SU', name: 'Lịch sử', dept: 'SDGD', kind: 'core', usesLms: false },
  { code: 'DIA', name: 'Địa lý', dept: 'SDGD', kind: 'elective', usesLms: true },
  { code: 'KTPL', name: 'GDKT&PL', dept: 'SDGD', kind: 'elective', usesLms: false },
  { code: 'TD', name: 'Thể dục', dept: 'TDQP', kind: 'core', usesLms: false },
  { code: 'GDQP', name: 'GDQP-AN', dept: 'TDQP', kind: 'core', usesLms: false },
];

export interface SchoolFrame {
  campusId: Map<CampusCode, number>;
  /** `${campus}:${room}` → classroom id. */
  roomId: Map<string, number>;
  currentYearId: number;
  moduleId: Map<string, number>;
  departmentId: Map<DeptCode, number>;
  subjectId: Map<string, number>;
  counts: Record<string, number>;
}

function calendar() {
  return YEARS.map((y) => {
    const current = `${y}-${y + 1}` === CURRENT_YEAR_NAME;
    const hk1 = { name: 'HK1', startDate: `${y}-09-05`, endDate: `${y + 1}-01-16`, isCurrent: current };
    const hk2 = { name: 'HK2', startDate: `${y + 1}-01-18`, endDate: `${y + 1}-05-31`, isCurrent: false };
    const mods = (hk: string, s: typeof hk1, split: string, next: string) => [
      { code: `${y}-${hk}-M1`, name: `Học phần 1 – ${hk} ${y}-${y + 1}`, startDate: s.startDate, endDate: split },
      { code: `${y}-${hk}-M2`, name: `Học phần 2 – ${hk} ${y}-${y + 1}`, startDate: next, endDate: s.endDate },
    ];
    return {
      year: { name: `${y}-${y + 1}`, startDate: `${y}-09-05`, endDate: `${y + 1}-05-31`, isCurrent: current },
      semesters: [
        { ...hk1, modules: mods('HK1', hk1, `${y}-10-31`, `${y}-11-01`) },
        { ...hk2, modules: mods('HK2', hk2, `${y + 1}-03-21`, `${y + 1}-03-22`) },
      ],
    };
  });
}

export async function seedFrame(tx: Tx): Promise<SchoolFrame> {
  const campusRows = await tx
    .insert(campuses)
    .values([...CAMPUSES])
    .returning({ id: campuses.id, code: campuses.code });
  const campusId = new Map(campusRows.map((r) => [r.code as CampusCode, r.id]));

  const roomValues = CAMPUSES.flatMap((c) => ROOMS[c.code].map((r) => ({ ...r, campusId: campusId.get(c.code)! })));
  const roomRows = await tx
    .insert(classrooms)
    .values(roomValues)
    .returning({ id: classrooms.id, code: classrooms.code, campusId: classrooms.campusId });
  const campusCodeOf = new Map([...campusId].map(([code, id]) => [id, code]));
  const roomId = new Map(roomRows.map((r) => [`${campusCodeOf.get(r.campusId)}:${r.code}`, r.id]));

  const moduleId = new Map<string, number>();
  let currentYearId = 0;
  let semesterCount = 0;
  for (const c of calendar()) {
    const [year] = await tx.insert(academicYears).values(c.year).returning({ id: academicYears.id });
    if (c.year.isCurrent) currentYearId = year.id;
    const semRows = await tx
      .insert(semesters)
      .values(c.semesters.map(({ modules: _m, ...s }) => ({ ...s, academicYearId: year.id })))
      .returning({ id: semesters.id, name: semesters.name });
    semesterCount += semRows.length;
    const semId = new Map(semRows.map((s) => [s.name, s.id]));
    const modValues = c.semesters.flatMap((s) =>
      s.modules.map((m) => ({ ...m, semesterId: semId.get(s.name)!, isCurrent: m.code === CURRENT_MODULE_CODE })),
    );
    const modRows = await tx.insert(modules).values(modValues).returning({ id: modules.id, code: modules.code });
    for (const m of modRows) moduleId.set(m.code, m.id);
  }

  const deptRows = await tx
    .insert(departments)
    .values(DEPARTMENTS.map((d) => ({ code: d.code, name: d.name })))
    .returning({ id: departments.id, code: departments.code });
  const departmentId = new Map(deptRows.map((d) => [d.code as DeptCode, d.id]));

  const subjRows = await tx
    .insert(subjects)
    .values(
      SUBJECTS.map((s) => ({ code: s.code, name: s.name, departmentId: departmentId.get(s.dept)!, kind: s.kind, usesLms: s.usesLms })),
    )
    .returning({ id: subjects.id, code: subjects.code });
  const subjectId = new Map(subjRows.map((s) => [s.code, s.id]));

  return {
    campusId,
    roomId,
    currentYearId,
    moduleId,
    departmentId,
    subjectId,
    counts: {
      campuses: campusRows.length,
      classrooms: roomRows.length,
      academicYears: YEARS.length,
      semesters: semesterCount,
      modules: moduleId.size,
      departments: deptRows.length,
      subjects: subjRows.length,
    },
  };
}
