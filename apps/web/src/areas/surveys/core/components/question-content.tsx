import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html';

/** Question HTML, sanitized through the allow-list before it reaches the DOM. */
export function QuestionContent({ html, id, className = '' }: { html: string; id?: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      id={id}
      className={`survey-html min-w-0 break-words [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 ${className}`}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
