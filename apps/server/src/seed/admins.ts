import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { insertAudit } from '../plugins/audit.repository';
import { addRole, findUserByEmail, insertUser, setActive } from '../areas/school/users/users.repository';

/**
 * ADMIN_EMAILS are created or kept as active admins at every start, so a new school can get in.
 * An existing account keeps its other roles; admin becomes primary only for a new account.
 */
export async function ensureAdmins(db: Db, emails: string[]) {
  for (const email of emails) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'ensure-admin:' + email}))`);
      const existing = await findUserByEmail(tx, email);
      if (!existing) {
        const id = await insertUser(tx, { email, displayName: null, roles: [{ role: 'ADMIN', isPrimary: true }] });
        await insertAudit(tx, {
          actorId: null,
          action: 'create',
          entity: 'user',
          entityId: id,
          after: { email, roles: ['ADMIN'], source: 'ADMIN_EMAILS' },
        });
        return;
      }
      const isAdmin = existing.roles.some((r) => r.role === 'ADMIN');
      if (isAdmin && existing.active) return;
      if (!isAdmin) await addRole(tx, existing.id, 'ADMIN', existing.roles.length === 0);
      if (!existing.active) await setActive(tx, existing.id, true);
      await insertAudit(tx, {
        actorId: null,
        action: 'update',
        entity: 'user',
        entityId: existing.id,
        before: { active: existing.active, roles: existing.roles.map((r) => r.role) },
        after: { active: true, roles: [...new Set([...existing.roles.map((r) => r.role), 'ADMIN'])], source: 'ADMIN_EMAILS' },
      });
    });
  }
}
