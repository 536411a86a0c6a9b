import type { TSemester } from '@app/shared/school';
import { FilterSelect } from '@/components/data/filter-select';
import { SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';
import { useUrlParams } from '@/components/data/url-params';

/** The semester the page works in: `?semester=` in the address, the current semester by default. */
export function useSemesterChoice() {
  const semesters = useOptions(SOURCES.semesters);
  const params = useUrlParams();
  const raw = params.get('semester');
  const rows = semesters.rows;
  const semester: TSemester | null = rows.find((s) => String(s.id) === raw) ?? rows.find((s) => s.isCurrent) ?? rows.at(-1) ?? null;
  const picker = (
    <FilterSelect
      label="Học kỳ"
      value={semester ? String(semester.id) : ''}
      // A new semester shows its own groups: the open group and the list's page belong to the old one.
      onChange={(id) => params.update({ semester: id || null, group: null, page: null })}
      allLabel={null}
      disabled={rows.length === 0}
      options={semesters.options}
    />
  );
  return { semester, picker, loading: semesters.isLoading, error: semesters.isError, retry: semesters.refetch };
}
