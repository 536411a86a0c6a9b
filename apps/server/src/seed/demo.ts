import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/settings';
import { insertAudit } from '../plugins/audit.repository';
import { DEMO_STAFF, DEMO_STUDENTS, demoEmail } from './demo-accounts';
import { planCourses } from './demo-courses';
import { insertCourses, insertPeople, insertUsers } from './demo-insert';
import { createRng } from './demo-names';
import { planStudents, planTeachers } from './demo-people';
import { CURRENT_MODULE_CODE, CURRENT_YEAR_NAME, OTHER_MODULE_CODE, seedFrame } from './demo-school';
import { seedSurveyTemplates } from './demo-surveys';
import { seedDemoResponses } from './demo-responses';
import { seedThemeCodes } from './theme-codes';

export { DEMO_STAFF, DEMO_STUDENTS, demoEmail } from './demo-accounts';

const SEEDED_KEY = 'demo_seeded';
/** Fixed so that every install gets the same demo school. */
const DEMO_RNG_SEED = 20262027;

/**
 * Seeds the demo school once, in one transaction; later starts find the marker and leave the
 * data alone. The sign-in accounts come first so they keep the lowest ids (the login page lists
 * the first accounts of each role); then the school, its teachers, students and course classes.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx.select().from(appSettings).where(eq(appSettings.key, SEEDED_KEY)).limit(1);
    if (done.length) return false;
    const accounts = [...DEMO_STAFF, ...DEMO_STUDENTS];
    const idByEmail = await insertUsers(
      tx,
      accounts.map((p) => ({ email: demoEmail(p.local), name: p.name, roles: p.roles })),
    );
    const demoUserId = new Map(accounts.map((p) => [p.local, idByEmail.get(demoEmail(p.local))!]));

    const rng = createRng(DEMO_RNG_SEED);
    const frame = await seedFrame(tx);
    const teacherPlan = planTeachers(rng, DEMO_STAFF);
    const studentPlan = planStudents(rng, DEMO_STUDENTS, Number(CURRENT_YEAR_NAME.slice(0, 4)));
    const coursePlan = planCourses(rng, teacherPlan, studentPlan);
    const people = await insertPeople(tx, { frame, teachers: teacherPlan, students: studentPlan, demoUserId });
    const courses = await insertCourses(tx, { frame, people, courses: coursePlan });
    await seedSurveyTemplates(tx);
    // Its own rng: answers never shift the school above.
    const answers = await seedDemoResponses(tx, { rng: createRng(DEMO_RNG_SEED + 1), moduleCode: CURRENT_MODULE_CODE });
    // The first module's closed survey, reviewed and published by the quality office (its own rng too).
    const closedAnswers = await seedDemoResponses(tx, {
      rng: createRng(DEMO_RNG_SEED + 2),
      moduleCode: OTHER_MODULE_CODE,
      closed: { reviewerId: demoUserId.get('dbcl') ?? null },
    });
    await seedThemeCodes(tx);

    await tx.insert(appSettings).values({ key: SEEDED_KEY, value: { at: new Date().toISOString(), version: 2 } });
    const counts = {
      ...frame.counts,
      ...people.counts,
      ...courses,
      users: demoUserId.size + people.counts.users,
      surveyResponses: answers.responses + closedAnswers.responses,
    };
    await insertAudit(tx, { actorId: null, action: 'seed', entity: 'demo', after: counts });
    return true;
  });
}
