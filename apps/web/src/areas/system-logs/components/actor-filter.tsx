import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZUserRow } from '@app/shared/school';
import type { Option } from '@/components/data/filter-select';
import { MultiSelect } from '@/components/data/multi-select';
import { useOptions } from '@/components/data/use-options';
import { apiClient, unwrap } from '@/lib/api-client';

const userOption = (u: { id: number; displayName: string | null; email: string }): Option<number> => ({
  value: u.id,
  label: u.displayName ?? u.email,
  hint: u.displayName ? u.email : undefined,
});

/**
 * "Người thực hiện": search accounts by name or e-mail on the server and pick one. Uses the kit's
 * picker limited to one choice; an id already in the address is named by fetching that account.
 */
export function ActorFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const users = useOptions({ path: '/v1/users', schema: ZUserRow, sort: 'email', limit: 20, toOption: userOption }, { search: query });
  const chosenId = value ? Number(value) : null;
  const chosen = useQuery({
    queryKey: ['options', `/v1/users/${chosenId}`],
    queryFn: async () => userOption(unwrap(ZUserRow, (await apiClient.get(`/v1/users/${chosenId}`)).data)),
    enabled: chosenId !== null && !users.options.some((o) => o.value === chosenId),
    staleTime: 60_000,
  });
  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs font-medium text-muted sm:w-72">
      <span id={`${id}-label`}>Người thực hiện</span>
      <div className="font-normal">
        <MultiSelect
          id={id}
          label="Người thực hiện"
          value={chosenId !== null ? [chosenId] : []}
          onChange={(v) => onChange(v.length ? String(v[v.length - 1]) : '')}
          options={users.options}
          knownOptions={chosen.data ? [chosen.data] : []}
          query={query}
          onQueryChange={setQuery}
          loading={users.isFetching}
          max={1}
          placeholder="Tìm theo tên, e-mail..."
        />
      </div>
    </div>
  );
}
