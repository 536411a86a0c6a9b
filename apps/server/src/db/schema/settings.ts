import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small key/value store for school-wide settings and one-off markers (e.g. demo seeded). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
