import { useState } from 'react';
import { SchoolLogo } from '@/components/ui/school-logo';

/** The school's uploaded logo, or the drawn mark when it has none (or the image fails to load). */
export function SchoolMark({
  logoUrl,
  className = 'size-10',
  title,
}: {
  logoUrl: string | null | undefined;
  className?: string;
  title?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!logoUrl || failed === logoUrl) return <SchoolLogo className={className} title={title} />;
  return <img src={logoUrl} alt={title ?? ''} className={`${className} object-contain`} onError={() => setFailed(logoUrl)} />;
}
