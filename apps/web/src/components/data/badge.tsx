import type { ReactNode } from 'react';

const TONES = {
  primary: 'bg-primary/10 text-primary ring-primary/30',
  neutral: 'bg-surface-2 text-fg ring-border',
  danger: 'bg-danger/10 text-danger ring-danger/30',
} as const;

/** A short label in a table cell ("Hiện tại", "Môn chuyên"). */
export function Badge({ children, tone = 'neutral', wrap = false }: { children: ReactNode; tone?: keyof typeof TONES; /** Long labels may break onto a second line (narrow columns). */ wrap?: boolean }) {
  return (
    <span className={`inline-flex items-center px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${wrap ? 'rounded-lg' : 'rounded-full whitespace-nowrap'} ${TONES[tone]}`}>
      {children}
    </span>
  );
}
