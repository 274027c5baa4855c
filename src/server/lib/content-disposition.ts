// A Content-Disposition header for a download whose name may hold any character (RFC 6266):
// `filename` carries an ASCII stand-in for old clients, `filename*` the UTF-8 name per RFC 5987
// (browsers prefer it). Quotes, backslashes, control characters and CR/LF never reach the header.

/** RFC 5987 attr-char: what `filename*` may carry unescaped. encodeURIComponent leaves ' ( ) * ! too. */
const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function attachmentDisposition(fileName: string): string {
  const clean = fileName.replace(/[\u0000-\u001f\u007f]/g, ' ');
  const ascii = clean.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(clean)}`;
}
