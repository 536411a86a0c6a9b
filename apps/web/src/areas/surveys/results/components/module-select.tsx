import { Layers } from 'lucide-react';
import { FilterSelect } from '@/components/data/filter-select';
import { EmptyState } from '@/components/ui/empty-state';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { LoadingBlock } from './results-common';

/**
 * The module the figures are for: the same choice as the header's picker (the current-module
 * provider), repeated on the page because on a phone the header shows only its code.
 */
export function ModuleSelect() {
  const { module, modules, setModule } = useCurrentModule();
  if (!module) return null;
  return (
    <FilterSelect
      label="Học phần"
      value={String(module.id)}
      onChange={(v) => v && setModule(Number(v))}
      allLabel={null}
      options={modules.map((m) => ({ value: m.id, label: `${m.code} – ${m.name}${m.isCurrent ? ' (hiện tại)' : ''}` }))}
    />
  );
}

/** What a results page shows before it has a module: a skeleton while loading, else why there is none. */
export function ModuleGate({ status }: { status: string }) {
  if (status === 'idle' || status === 'loading') return <LoadingBlock label="Đang tải học phần..." />;
  if (status === 'error')
    return (
      <EmptyState
        icon={Layers}
        title="Không thể tải danh sách học phần."
        description="Hãy tải lại trang hoặc chọn lại học phần ở đầu trang."
      />
    );
  return (
    <EmptyState
      icon={Layers}
      title="Chưa có học phần nào trong học kỳ hiện tại."
      description="Kết quả khảo sát hiện theo học phần; khi nhà trường mở học phần, số liệu sẽ hiện ở đây."
    />
  );
}
