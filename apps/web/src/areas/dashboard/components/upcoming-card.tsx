import { CardEmpty, CardPanel } from '@/components/ui/card-panel';
import type { TRole } from '@app/shared/roles';
import type { DashboardCard } from '../dashboard-card';

/**
 * A card for work a later version brings (pay runs, the campus timetable, decisions to take): its
 * title and an empty state that says what will appear here and when, so the dashboard names the
 * role's work before the feature exists. The area that builds the feature replaces it with its card.
 */
export function upcomingCard(opts: { key: string; roles: readonly TRole[]; title: string; text: string }): DashboardCard {
  function UpcomingCard() {
    return (
      <CardPanel title={opts.title}>
        <CardEmpty>{opts.text}</CardEmpty>
      </CardPanel>
    );
  }
  UpcomingCard.displayName = `UpcomingCard(${opts.key})`;
  return { key: opts.key, roles: opts.roles, component: UpcomingCard };
}
