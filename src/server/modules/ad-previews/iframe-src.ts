// Meta's `generatepreviews` answers an `<iframe src="https://www.facebook.com/ads/api/preview_iframe.php?…">`
// tag. The modal loads that address in an iframe of its own (with Meta's scripts, on Meta's
// origin) rather than trusting markup; only https addresses on facebook.com pass.
const IFRAME_SRC = /<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#0*39;/g, "'");

export function metaIframeSrc(html: string): string | null {
  const m = IFRAME_SRC.exec(html);
  if (!m) return null;
  let url: URL;
  try {
    url = new URL(decode(m[1] ?? m[2] ?? ''));
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'https:' || !(host === 'facebook.com' || host.endsWith('.facebook.com'))) return null;
  return url.toString();
}
