import { customType, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at, the same on every table that has them. */
export const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Binary content kept in the database so a backup holds it (evidence files, form attachments, the school's logo). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
