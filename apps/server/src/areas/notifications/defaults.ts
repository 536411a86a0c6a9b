import type { TNotificationKind } from '@app/shared/notifications';
import type { DbOrTx } from '@/db/client';
import { notificationDefaults } from '@/areas/settings/settings.service';

/** The school's notification defaults: the kinds off until a user turns them on, and the e-mail sender (null: SMTP_FROM). */
export interface NotificationDefaults {
  defaultOff: TNotificationKind[];
  emailFrom: string | null;
}

/** The settings page's "notifications" section, read from the database so a job in any process sees the latest save. */
export async function schoolDefaults(db: DbOrTx): Promise<NotificationDefaults> {
  return notificationDefaults(db);
}
