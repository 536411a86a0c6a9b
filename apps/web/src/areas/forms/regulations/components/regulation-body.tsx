import { SanitizedHtml } from '@/areas/surveys/admin/public';
import { formatDate } from '@app/shared/format';
import { PdfFrame } from './pdf-frame';

/** A document's heading line and its content: rich text (sanitized again here) or the PDF in the page. */
export function RegulationBody({
  doc,
}: {
  doc: {
    id: number;
    title: string;
    category: string;
    effectiveFrom: string;
    contentKind: 'html' | 'pdf';
    bodyHtml: string | null;
    pdfName: string | null;
  };
}) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        {doc.category} · áp dụng từ {formatDate(doc.effectiveFrom)}
      </p>
      {doc.contentKind === 'pdf' ? (
        <PdfFrame id={doc.id} title={doc.title} name={doc.pdfName} />
      ) : (
        <SanitizedHtml
          html={doc.bodyHtml ?? ''}
          className="text-sm leading-relaxed text-fg [&_h2]:mt-3 [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold [&_p]:mb-2"
        />
      )}
    </div>
  );
}
