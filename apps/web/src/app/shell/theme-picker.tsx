import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Palette } from 'lucide-react';
import { ThemeChoices } from '@/components/ui/theme-choices';

export function ThemePicker() {
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label="Cài đặt giao diện"
        className="rounded-lg p-2 text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary data-open:bg-surface-2 data-open:text-fg"
      >
        <Palette aria-hidden="true" className="size-5" />
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-60 rounded-xl border border-border bg-surface p-3 text-fg shadow-xl focus:outline-none"
      >
        <ThemeChoices legend="Giao diện" />
      </PopoverPanel>
    </Popover>
  );
}
