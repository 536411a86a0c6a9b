import { ROLES, type TRole } from '@app/shared/roles';

/*
 * Who may do what with notifications (issue 17): every signed-in user reads and manages their own, and
 * only their own (the service scopes every statement by the caller's user id); nobody reads another's.
 */
export const NOTIFICATION_USERS = ROLES satisfies readonly TRole[];
