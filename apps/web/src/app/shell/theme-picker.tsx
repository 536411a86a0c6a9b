import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Check, Palette } from 'lucide-react';
import { THEME_LABELS, THEMES, type TTheme } from '@app/shared/constants';
import { setTheme, useTheme } from '@/lib/theme';

/** Swatches show each theme's own background and accent (the same values as index.css). */
const SWATCH: Record<TTheme, { bg: string; accent: string }> = {
  light: { bg: '#f4f6fb', accent: '#1d4ed8' },
  'dark-blue': { bg: '#0b1930', accent: '#60a5fa' },
  'dark-gray': { bg: '#18181b', accent: '#a1a1aa' },
};

export function ThemePicker() {
  const theme = useTheme();
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
        <fieldset>
          <legend className="px-1 pb-2 text-sm font-semibold">Giao diện</legend>
          <div className="space-y-1">
            {THEMES.map((t) => (
              <label
                key={t}
                className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm hover:bg-surface-2 has-checked:bg-surface-2 has-focus-visible:outline-2 has-focus-visible:outline-primary"
              >
                <input type="radio" name="theme" value={t} checked={theme === t} onChange={() => setTheme(t)} className="sr-only" />
                <span
                  aria-hidden="true"
                  className="relative size-6 shrink-0 overflow-hidden rounded-full border border-border"
                  style={{ background: SWATCH[t].bg }}
                >
                  <span className="absolute right-0 bottom-0 size-3 rounded-tl-full" style={{ background: SWATCH[t].accent }} />
                </span>
                <span className="flex-1">{THEME_LABELS[t]}</span>
                {theme === t ? <Check aria-hidden="true" className="size-4 text-primary" /> : null}
              </label>
            ))}
          </div>
        </fieldset>
      </PopoverPanel>
    </Popover>
  );
}
