import type { ReactNode } from 'react';
import { moduleLabel } from '@app/shared/format';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { FilterToggle } from './results-common';

/**
 * The frame every results page shares: title, the module it shows and the filtered toggle. The module
 * is the header's (issue 12: one picker; a second one here repeated the same choice), named in the
 * subtitle in full because a phone's header shows only its code. Teachers' and heads' pages pass no
 * `onFilteredChange`: they read the one variant the school set (issue 11), so there is no toggle to
 * offer them.
 */
export function ResultsPageFrame({
  title,
  filtered,
  onFilteredChange,
  actions,
  children,
}: {
  title: string;
  filtered: boolean;
  onFilteredChange?: (v: boolean) => void;
  /** More buttons after the toggle. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { module } = useCurrentModule();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={title}
        subtitle={module ? `Học phần ${moduleLabel(module)} – ${module.semesterName}, ${module.academicYearName}.` : undefined}
        actions={
          <div className="flex flex-wrap items-end gap-2">
            {onFilteredChange && <FilterToggle filtered={filtered} onChange={onFilteredChange} />}
            {actions}
          </div>
        }
      />
      {children}
    </div>
  );
}
