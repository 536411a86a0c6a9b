import { useLocation } from 'react-router';
import { Construction } from 'lucide-react';
import { MSG } from '@app/shared/messages';
import { findRoute } from '@app/shared/routes';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** Routes whose feature is not built yet say so honestly instead of showing made-up data. */
export default function PlannedPage() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  return (
    <div>
      <PageHeader title={route?.title ?? 'Trang'} />
      <EmptyState
        icon={Construction}
        title={MSG.notYetAvailable}
        description={route?.planned ? <>Dự kiến: {route.planned}</> : undefined}
      />
    </div>
  );
}
