import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES } from '@app/shared/roles';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    photoUrl: text('photo_url'),
    studentId: integer('student_id'),
    active: boolean('active').notNull().default(true),
    searchText: text('search_text').notNull().default(''),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Bumped by sign-out and "end all sessions": a token carrying an older version is refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Sign-in matches e-mails case-insensitively, so uniqueness must too.
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_student_id_idx').on(t.studentId),
  ],
);

const roleList = sql.raw(ROLES.map((r) => `'${r}'`).join(', '));

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    // Exactly one primary role per user: at most one here, at least one enforced by the service.
    uniqueIndex('user_roles_one_primary_uq')
      .on(t.userId)
      .where(sql`${t.isPrimary}`),
    index('user_roles_role_idx').on(t.role),
    check('user_roles_role_ck', sql`${t.role} in (${roleList})`),
  ],
);

/**
 * A signed-in device (issue 17, the profile's "active sessions"): the token carries the session id;
 * revoking one ends that device, the token version still ends them all.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser and system in words ("Chrome trên Windows"), never the raw header. */
    device: text('device').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.lastSeenAt)],
);
