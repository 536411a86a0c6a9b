/** The school's mark: a shield with an open book and a star. Our own drawing, no external asset. */
export function SchoolLogo({ className = 'size-10', title }: { className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      className={className}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <path d="M32 3 8 12v18c0 15 10 26 24 31 14-5 24-16 24-31V12L32 3Z" fill="#1d4ed8" />
      <path d="M32 3 8 12v18c0 15 10 26 24 31 14-5 24-16 24-31V12L32 3Z" fill="none" stroke="#f59e0b" strokeWidth="3" />
      <path d="M17 26c5-2 10-2 15 1 5-3 10-3 15-1v17c-5-2-10-2-15 1-5-3-10-3-15-1V26Z" fill="#fff" />
      <path d="M32 27v17" stroke="#1d4ed8" strokeWidth="2" />
      <path d="m32 10 2.4 4.8 5.3.8-3.9 3.7.9 5.2-4.7-2.5-4.7 2.5.9-5.2-3.9-3.7 5.3-.8Z" fill="#f59e0b" />
    </svg>
  );
}
