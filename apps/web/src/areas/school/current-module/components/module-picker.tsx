import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { Check, ChevronsUpDown, Layers, RotateCw } from 'lucide-react';
import { moduleLabel } from '@app/shared/format';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/areas/auth/public';
import { useCurrentModule } from '../current-module-context';
import { showsModulePicker } from '../module-choice';

/**
 * Header picker for the module pages work in, the only one (issue 12: pages show no picker of their
 * own). Staff only: a student's module is always the current one. The button names the module by
 * `moduleLabel` (on a phone just its code); the list adds each module's name on a second line.
 */
export function ModulePicker({ compact = false }: { compact?: boolean }) {
  const { primaryRole } = useAuth();
  const { module, modules, setModule, reload, status } = useCurrentModule();

  if (!showsModulePicker(primaryRole)) return null;

  if (!module) {
    if (status === 'idle' || status === 'loading') {
      return <Skeleton className={compact ? 'h-8 w-16' : 'h-9 w-56'} />;
    }
    if (status === 'error') {
      return (
        <button
          type="button"
          onClick={() => void reload(true)}
          className="flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
        >
          <RotateCw aria-hidden="true" className="size-4" />
          <span className={compact ? 'sr-only' : ''}>Tải lại học phần</span>
        </button>
      );
    }
    // Loaded, but the current semester has no modules yet.
    return compact ? null : <span className="text-sm text-muted">Chưa có học phần</span>;
  }

  const label = `Học phần: ${moduleLabel(module)}`;
  const title = `${label} · ${module.name}`;
  return (
    <Listbox value={module.id} onChange={(id: number) => setModule(id)}>
      <ListboxButton
        aria-label={label}
        title={title}
        data-testid="module-picker"
        className="flex min-w-0 items-center gap-1.5 rounded-lg border border-border bg-surface px-2 py-1.5 text-sm text-fg transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary data-open:bg-surface-2 sm:px-3"
      >
        {/* On a phone the room goes to the code: the chevrons already say it is a picker. */}
        {compact ? null : <Layers aria-hidden="true" className="size-4 shrink-0 text-muted" />}
        {compact ? (
          <span className="max-w-28 truncate font-medium">{module.code}</span>
        ) : (
          <span className="max-w-72 truncate">
            <span className="text-muted">Học phần: </span>
            <span className="font-medium">{moduleLabel(module)}</span>
          </span>
        )}
        <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted" />
      </ListboxButton>
      <ListboxOptions
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 max-h-80 w-[min(22rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-border bg-surface p-1.5 text-fg shadow-xl focus:outline-none"
      >
        {modules.map((m) => (
          <ListboxOption
            key={m.id}
            value={m.id}
            className="group flex cursor-pointer items-start gap-2 rounded-lg px-3 py-2 text-sm data-focus:bg-surface-2"
          >
            <Check aria-hidden="true" className="invisible mt-0.5 size-4 shrink-0 text-primary group-data-selected:visible" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium group-data-selected:text-primary">{moduleLabel(m)}</span>
              <span className="block text-xs text-muted">{m.name}</span>
            </span>
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}
