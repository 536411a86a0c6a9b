import type { TRole } from '@app/shared/roles';

/** The audit log is read by the administrator only. */
export const SYSTEM_LOG_READERS = ['ADMIN'] as const satisfies readonly TRole[];
