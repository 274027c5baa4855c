// Reads the meta tags of an HTML page (OpenGraph, Twitter cards, description) without a DOM: the
// page is untrusted and at most 1 MB, so a small tokenizer of <meta> and <title> is enough and
// runs no scripts. Pure.

const MAX_TAGS = 200;
const MAX_VALUE = 2000;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references of an attribute value or title. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      // NUL and surrogates are not text the database or a page can hold.
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? m;
  });
}

const clean = (s: string) => decodeEntities(s).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/\s+/g, ' ').trim().slice(0, MAX_VALUE);

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([^\s"'=<>/]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  // Skip the tag name.
  const body = tag.replace(/^<\s*[a-z]+/i, '').replace(/\/?>$/, '');
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const name = m[1]!.toLowerCase();
    if (!(name in out)) out[name] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

export interface PageTags {
  title: string | null;
  tags: Record<string, string>;
}

/** The page's <title> and its meta tags keyed by property, name or itemprop (first value wins). */
export function parseMetaTags(html: string): PageTags {
  // Only the document head matters; comments and scripts could hide or fake tags.
  const headEnd = html.search(/<\/head\s*>|<body[\s>]/i);
  const head = (headEnd >= 0 ? html.slice(0, headEnd) : html).replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
  const tags: Record<string, string> = Object.create(null);
  let count = 0;
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    const key = (a.property ?? a.name ?? a.itemprop ?? '').trim().toLowerCase();
    if (!key || a.content === undefined || key.length > 200 || key in tags) continue;
    tags[key] = clean(a.content);
    if (++count >= MAX_TAGS) break;
  }
  const title = head.match(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i);
  return { title: title ? clean(title[1]!) || null : null, tags: { ...tags } };
}

/** The charset a page declares in a <meta> of its first bytes, if any. */
export function declaredCharset(firstBytes: string): string | null {
  const m = firstBytes.match(/<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i);
  return m ? m[1]!.toLowerCase() : null;
}
