import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { students, teachers } from '@/db/schema/school';
import { personDerived } from './people';

// An account's new e-mail copied to the student and teacher records it belongs to (users.service),
// here so the users part needs neither the students nor the teachers part.

export async function syncStudentEmail(db: DbOrTx, id: number, email: string) {
  const [row] = await db.select().from(students).where(eq(students.id, id)).for('update').limit(1);
  if (!row || row.email === email) return null;
  await db
    .update(students)
    .set({ email, ...personDerived(row.studentCode, row.fullName, email), updatedAt: new Date() })
    .where(eq(students.id, id));
  return { before: { email: row.email }, after: { email } };
}

export async function syncTeacherEmail(db: DbOrTx, userId: number, email: string) {
  const [row] = await db.select().from(teachers).where(eq(teachers.userId, userId)).for('update').limit(1);
  if (!row || row.email === email) return null;
  await db
    .update(teachers)
    .set({ email, ...personDerived(row.staffCode, row.fullName, email), updatedAt: new Date() })
    .where(eq(teachers.id, row.id));
  return { id: row.id, before: { email: row.email }, after: { email } };
}
