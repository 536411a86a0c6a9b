/**
 * Printing a timetable: A4 landscape, and only the part marked `.tt-print` (the app's sidebar,
 * header and buttons stay off paper, and take no room: the pages printed are the timetable's own).
 * Rendered by the pages that print.
 */
const CSS = `@media print {
  @page { size: A4 landscape; margin: 8mm; }
  body *:not(:has(.tt-print)):not(.tt-print):not(.tt-print *) { display: none !important; }
  body *:has(.tt-print) {
    margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important; background: none !important;
    position: static !important; height: auto !important; min-height: 0 !important; max-width: none !important; overflow: visible !important;
  }
  body { background: #fff !important; }
  .tt-print { width: 100%; }
  .tt-print table { font-size: 8pt; line-height: 1.15; }
  .tt-print th, .tt-print td { height: auto !important; padding: 1px 3px !important; }
  .tt-print [data-kind] { padding: 1px 3px !important; font-size: 7.5pt; line-height: 1.15; }
  .tt-print [data-kind] p { display: inline; }
  .tt-print [data-kind] p:first-child { display: block; }
  .tt-print [data-kind] p + p + p::before { content: ' · '; }
}`;

export function PrintStyles() {
  return <style data-testid="timetable-print-styles">{CSS}</style>;
}
