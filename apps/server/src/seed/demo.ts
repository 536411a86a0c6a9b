import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/settings';
import { DEMO_HINTS_KEY } from '../areas/auth/demo-hints.repository';
import { systemActor } from '../plugins/actor';
import { insertAudit } from '../plugins/audit.repository';
import { DEMO_STAFF, DEMO_STUDENTS, demoEmail } from './demo-accounts';
import { planCourses } from './demo-courses';
import { insertCourses, insertPeople, insertUsers } from './demo-insert';
import { createRng } from './demo-names';
import { planStudents, planTeachers } from './demo-people';
import { CURRENT_MODULE_CODE, CURRENT_YEAR_NAME, OTHER_MODULE_CODE, seedFrame } from './demo-school';
import { seedSurveyTemplates } from './demo-surveys';
import { seedDemoResponses } from './demo-responses';
import { reviewAndPublish } from './demo-reviews';
import { seedThemeCodes } from './theme-codes';
import { seedDemoRegistration } from './demo-registration';
import { seedDemoTimetable } from './demo-timetable';
import { seedDemoTutoring } from './demo-tutoring';
import { seedDemoTeaching } from './demo-teaching';
import { seedDemoDeclarations } from './demo-declarations';
import { seedDemoPay } from './demo-pay';
import { seedDemoForms } from './demo-forms';
import { seedDemoRegulations } from './demo-regulations';
import { seedDemoNotifications } from './demo-notifications';

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
    // The first module's closed surveys (their own rng too).
    const closedAnswers = await seedDemoResponses(tx, { rng: createRng(DEMO_RNG_SEED + 2), moduleCode: OTHER_MODULE_CODE, closed: true });
    // Reviewed by the app's auto-review and the quality office, then published, as the app would.
    const reviewed = await reviewAndPublish(tx, {
      reviewer: { ...systemActor('seed'), userId: demoUserId.get('dbcl')!, roles: ['QUALITY_ASSURANCE'], requestId: 'seed:demo' },
    });
    // The current module's published timetable, built by the generator (its own fixed seed).
    const timetable = await seedDemoTimetable(tx, { frame });
    // Two tutoring groups of the current semester, on afternoon slots free in that timetable (their own rng).
    const tutoring = await seedDemoTutoring(tx, { rng: createRng(DEMO_RNG_SEED + 7) });
    // The workload rule set and the current year's duties (deputies, union chair, probation, a mother).
    const teaching = await seedDemoTeaching(tx, { frame });
    // The current semester's declarations in every state, each step by the person whose job it is.
    const declarations = await seedDemoDeclarations(tx, { userId: (local) => demoUserId.get(local)! });
    // Pay settings, every teacher's coefficients, last year's locked declarations and the pay runs.
    const pay = await seedDemoPay(tx, { userId: (local) => demoUserId.get(local)! });
    // The four form kinds and students' forms in every state, each step by the person whose job it is.
    const forms = await seedDemoForms(tx, { userId: (local) => demoUserId.get(local)! });
    // Five regulations (one a PDF, one a draft); the school rules acknowledged by two thirds of the students.
    const regulations = await seedDemoRegulations(tx, { adminUserId: demoUserId.get('quantri')! });
    // The next module's electives and their registration round, open (its own rng).
    const registration = await seedDemoRegistration(tx, {
      rng: createRng(DEMO_RNG_SEED + 3),
      frame,
      people,
      teachers: teacherPlan,
      students: studentPlan,
    });
    await seedThemeCodes(tx);
    // A few notifications in the demo accounts' bells, some read.
    const notices = await seedDemoNotifications(tx, { userId: (local) => demoUserId.get(local)! });
    // What each demo account shows, for the login page (GET /auth/demo-accounts).
    await tx.insert(appSettings).values({
      key: DEMO_HINTS_KEY,
      value: Object.fromEntries(accounts.map((p) => [demoEmail(p.local), p.hint])),
    });

    await tx.insert(appSettings).values({ key: SEEDED_KEY, value: { at: new Date().toISOString(), version: 3 } });
    const counts = {
      ...frame.counts,
      ...people.counts,
      ...courses,
      ...timetable.counts,
      ...tutoring.counts,
      ...teaching.counts,
      ...declarations.counts,
      ...pay.counts,
      ...forms.counts,
      ...regulations.counts,
      ...registration.counts,
      ...notices.counts,
      users: demoUserId.size + people.counts.users,
      surveyResponses: answers.responses + closedAnswers.responses,
      textsApproved: reviewed.autoApproved + reviewed.approvedByPerson,
      textsPending: reviewed.autoPending - reviewed.rejected - reviewed.approvedByPerson,
      textsRejected: reviewed.rejected,
      surveysPublished: reviewed.published.length,
    };
    await insertAudit(tx, { actorId: null, action: 'seed', entity: 'demo', after: counts });
    return true;
  });
}
