import type { TModule } from '@app/shared/school';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { FilterSelect } from '@/components/data/filter-select';
import { SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';
import { useUrlParams } from '@/components/data/url-params';
import { useAllRounds } from '../api/list-rounds';

/**
 * The module whose rounds a staff page shows: the one picked on the page (`?moduleId=`), else the module
 * of a round that is open or about to open, else of the latest round (registration is usually for the
 * next module, which the header's picker of the current semester does not list), else the header's
 * module; and its picker.
 */
export function useRoundModule(): { module: TModule | null; loading: boolean; picker: React.ReactNode } {
  const { module: headerModule, status } = useCurrentModule();
  const { get, update } = useUrlParams();
  const all = useAllRounds();
  const modules = useOptions(SOURCES.modules);
  const asked = Number(get('moduleId')) || null;
  // A round open now, else one about to open, else the latest (a round just closed stays in view).
  const latest = [...(all.data ?? [])].sort((a, b) => b.opensAt.localeCompare(a.opensAt))[0];
  const live = all.data?.find((r) => r.state === 'open') ?? all.data?.find((r) => r.state === 'upcoming') ?? latest;
  const id = asked ?? live?.moduleId ?? headerModule?.id ?? null;
  const module = modules.rows.find((m) => m.id === id) ?? (headerModule && headerModule.id === id ? headerModule : null);
  const loading = status === 'loading' || status === 'idle' || all.isPending || (modules.isLoading && !module);
  const picker = (
    <FilterSelect
      label="Học phần"
      value={id === null ? '' : String(id)}
      allLabel={null}
      onChange={(v) => update({ moduleId: v || null, round: null })}
      options={modules.options}
    />
  );
  return { module, loading, picker };
}
