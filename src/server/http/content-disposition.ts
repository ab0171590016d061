/**
 * `attachment` with the file's name for every browser (RFC 6266): an ASCII fallback in `filename` and the exact
 * name in `filename*` (RFC 8187, UTF-8, percent-encoded), so 'Küche render.png' arrives as it was named.
 */
export function attachment(fileName: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = fileName.replace(/[\u0000-\u001f\u007f/\\]+/g, '_');
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
