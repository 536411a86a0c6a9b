import { ROLES } from '@app/shared/roles';

/** Every signed-in person has a profile, and reads only their own (no id in the path). */
export const PROFILE_READERS = ROLES;
