import type { TRole } from '@app/shared/roles';

/** Who may read and save the system settings (/admin/settings): the administrator alone. */
export const SETTINGS_ROLES: TRole[] = ['ADMIN'];
