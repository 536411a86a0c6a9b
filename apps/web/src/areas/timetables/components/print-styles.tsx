/**
 * Printing a timetable: A4 landscape, and only the part marked `.tt-print` (the app's sidebar,
 * header and buttons stay off paper). Rendered by the pages that print.
 */
const CSS = `@media print {
  @page { size: A4 landscape; margin: 8mm; }
  body * { visibility: hidden !important; }
  .tt-print, .tt-print * { visibility: visible !important; }
  .tt-print { position: absolute; left: 0; top: 0; width: 100%; }
  .tt-print table { font-size: 9pt; }
}`;

export function PrintStyles() {
  return <style data-testid="timetable-print-styles">{CSS}</style>;
}
