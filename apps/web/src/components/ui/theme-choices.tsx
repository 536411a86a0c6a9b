import { Check } from 'lucide-react';
import { THEME_LABELS, THEMES, type TTheme } from '@app/shared/constants';
import { setTheme, useTheme } from '@/lib/theme';

/** Swatches show each theme's own background and accent (the same values as index.css). */
const SWATCH: Record<TTheme, { bg: string; accent: string }> = {
  light: { bg: '#f4f6fb', accent: '#1d4ed8' },
  'dark-blue': { bg: '#0b1930', accent: '#60a5fa' },
  'dark-gray': { bg: '#18181b', accent: '#a1a1aa' },
};

/**
 * The three themes as radio buttons with swatches (spec section 4): the header's picker and the profile
 * page show the same choice, kept in local storage by lib/theme.
 */
export function ThemeChoices({ name = 'theme', legend, legendClassName }: { name?: string; legend: string; legendClassName?: string }) {
  const theme = useTheme();
  return (
    <fieldset>
      <legend className={legendClassName ?? 'px-1 pb-2 text-sm font-semibold'}>{legend}</legend>
      <div className="space-y-1">
        {THEMES.map((t) => (
          <label
            key={t}
            className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm hover:bg-surface-2 has-checked:bg-surface-2 has-focus-visible:outline-2 has-focus-visible:outline-primary"
          >
            <input type="radio" name={name} value={t} checked={theme === t} onChange={() => setTheme(t)} className="sr-only" />
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
  );
}
