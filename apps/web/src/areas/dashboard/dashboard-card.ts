import type { ComponentType } from 'react';
import type { TRole } from '@app/shared/roles';

/**
 * One card of a dashboard ("what now?" for a role). Each area exports its cards from its own
 * public face; `app/dashboard-cards/` lists them per dashboard, in order, one line each.
 * `roles`: the card shows only when the signed-in user holds one of them (a teacher who is also a
 * homeroom teacher gets the homeroom card on the teacher's dashboard).
 */
export interface DashboardCard {
  key: string;
  roles: readonly TRole[];
  component: ComponentType;
}
