import type { TNotificationKind } from '@app/shared/notifications';
import type { DbOrTx } from '@/db/client';

/** The school's notification defaults: the kinds off until a user turns them on, and the e-mail sender. */
export interface NotificationDefaults {
  defaultOff: TNotificationKind[];
  emailFrom: string | null;
}

/**
 * The school's defaults (settings' "notifications" section, issue 17). The settings area is not there yet:
 * every kind is on by default and mail goes out as SMTP_FROM. Once it is, this reads it through its service.
 */
export async function schoolDefaults(_db: DbOrTx): Promise<NotificationDefaults> {
  return { defaultOff: [], emailFrom: null };
}
