import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { fetchPdf } from '../api/reader';

/**
 * A document's PDF shown in the page. The file route needs the session's token, so it is read with the
 * API client and shown from an object URL (dropped when the viewer goes); "Mở trong thẻ mới" for phones,
 * whose browsers often show no PDF inside a page.
 */
export function PdfFrame({ id, title, name }: { id: number; title: string; name: string | null }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    fetchPdf(id).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setUrl(made);
      },
      (err: unknown) => live && setError(errorMessage(err, 'Không tải được tệp PDF.')),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  if (error) return <p className="text-sm text-danger">{error}</p>;
  if (!url) return <p className="text-sm text-muted">Đang tải tệp PDF…</p>;
  return (
    <div className="flex flex-col gap-2">
      <iframe title={`Tệp PDF: ${title}`} src={url} className="h-[70vh] w-full rounded-lg border border-border bg-surface" />
      <a href={url} target="_blank" rel="noreferrer" download={name ?? undefined} className="text-sm text-primary underline">
        Mở tệp PDF trong thẻ mới
      </a>
    </div>
  );
}
