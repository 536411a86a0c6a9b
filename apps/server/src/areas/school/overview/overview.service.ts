import type { TAcademicQueue, TFacilitySummary, TKindCount, TOverviewModule, TTeachingLoad } from '@app/shared/school-overview';
import type { Db } from '@/db/client';
import { currentSemesterModules, getModule } from '../academic/academic.service';
import {
  campusRooms,
  classesWith,
  countCourseClasses,
  currentYear,
  homeroomFigures,
  roomsInUse,
  studentFigures,
  teachingLoad,
} from './overview.repository';

/**
 * The offices' overview figures (issue 12): the academic office's work queue, the facility summary and
 * the teaching load. Course-class figures are about one module: the one asked for, else the current
 * one (the current semester's flagged module, else its first, as the header's picker chooses).
 */

export async function overviewModule(db: Db, moduleId?: number): Promise<TOverviewModule | null> {
  const m = moduleId ? await getModule(db, moduleId) : await currentModule(db);
  return m ? { id: m.id, code: m.code, name: m.name } : null;
}

async function currentModule(db: Db) {
  const modules = await currentSemesterModules(db);
  return modules.find((m) => m.isCurrent) ?? modules[0] ?? null;
}

const none = { count: 0, items: [] };

/** GET /academic-queue: what the academic office has to fix, with counts and the first rows of each list. */
export async function academicQueue(db: Db, moduleId?: number): Promise<TAcademicQueue> {
  const module = await overviewModule(db, moduleId);
  const year = await currentYear(db);
  const [courseClasses, withoutTeacher, withoutStudents, overCapacity] = module
    ? await Promise.all([
        countCourseClasses(db, module.id),
        classesWith(db, module.id, 'withoutTeacher'),
        classesWith(db, module.id, 'withoutStudents'),
        classesWith(db, module.id, 'overCapacity'),
      ])
    : [0, none, none, none];
  const homeroom = year ? await homeroomFigures(db, year.id) : { total: 0, withoutTeacher: none };
  const students = await studentFigures(db, year?.id ?? null);
  return {
    module,
    academicYear: year,
    courseClasses,
    withoutTeacher,
    withoutStudents,
    overCapacity,
    homeroomClasses: homeroom.total,
    homeroomWithoutTeacher: homeroom.withoutTeacher,
    activeStudents: students.active,
    studentsWithoutHomeroom: students.withoutHomeroom,
  };
}

const sum = (list: TKindCount[], key: 'rooms' | 'seats') => list.reduce((n, k) => n + k[key], 0);

/** GET /facilities/summary: campuses and rooms by kind and seats, and how the module's classes use them. */
export async function facilitySummary(db: Db, moduleId?: number): Promise<TFacilitySummary> {
  const module = await overviewModule(db, moduleId);
  const campuses = (await campusRooms(db)).map((c) => ({ ...c, rooms: sum(c.byKind, 'rooms'), seats: sum(c.byKind, 'seats') }));
  const kinds = new Map<TKindCount['kind'], TKindCount>();
  for (const k of campuses.flatMap((c) => c.byKind)) {
    const have = kinds.get(k.kind) ?? { kind: k.kind, rooms: 0, seats: 0 };
    kinds.set(k.kind, { kind: k.kind, rooms: have.rooms + k.rooms, seats: have.seats + k.seats });
  }
  const byKind = [...kinds.values()].sort((a, b) => b.rooms - a.rooms || a.kind.localeCompare(b.kind));
  return {
    totals: { campuses: campuses.length, rooms: sum(byKind, 'rooms'), seats: sum(byKind, 'seats') },
    campuses,
    byKind,
    module,
    roomsInUse: module ? await roomsInUse(db, module.id) : 0,
    classesWithoutRoom: module ? await classesWith(db, module.id, 'withoutRoom') : none,
  };
}

/** GET /teachers/teaching-load: teachers per department and who teaches in the module (what pay runs will count). */
export async function teachingLoadOf(db: Db, moduleId?: number): Promise<TTeachingLoad> {
  const module = await overviewModule(db, moduleId);
  return { module, ...(await teachingLoad(db, module?.id ?? null)) };
}
