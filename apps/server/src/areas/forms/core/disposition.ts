/** A `content-disposition` for a stored file: ASCII for `filename=` (or `fallback`), the real name in `filename*`. */
export function disposition(kind: 'inline' | 'attachment', name: string, fallback: string) {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || fallback;
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
