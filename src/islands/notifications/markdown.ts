// Notification bodies are markdown written by producers (and, later, by back-office people): they
// are rendered with marked and then sanitised with DOMPurify to a short allow-list, so no script,
// no event handler, no style and no javascript: (or any non-http) link survives. Links open in a
// new tab with rel=noopener; attachment links (/attachment?url=…) are marked so the page can
// download them through the API instead. Both libraries load on demand, never on the server.

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'del', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'blockquote', 'hr', 'h3', 'h4'];
/** http(s), mailto and same-site paths; everything else (javascript:, data:, //host) is dropped. */
const SAFE_URI = /^(?:https?:|mailto:|\/(?!\/))/i;
export const ATTACHMENT_PREFIX = '/attachment?url=';

type Purifier = typeof import('isomorphic-dompurify').default;
let ready: Promise<{ parse: (md: string) => string; purify: Purifier }> | undefined;

function load() {
  ready ??= Promise.all([import('marked'), import('isomorphic-dompurify')]).then(([{ Marked }, mod]) => {
    const purify = mod.default;
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A') return;
      const href = node.getAttribute('href') ?? '';
      if (href.startsWith(ATTACHMENT_PREFIX)) {
        node.setAttribute('data-attachment', 'true');
        node.removeAttribute('target');
        return;
      }
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    });
    // Headings shrink to h3/h4 so a body never competes with the page's own headings.
    const marked = new Marked({ gfm: true, breaks: true, async: false });
    marked.use({
      renderer: {
        heading({ tokens, depth }) {
          const level = depth <= 2 ? 3 : 4;
          return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>`;
        },
      },
    });
    return { parse: (md: string) => marked.parse(md) as string, purify };
  });
  return ready;
}

export async function renderMarkdown(md: string): Promise<string> {
  const { parse, purify } = await load();
  return purify.sanitize(parse(md), {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title', 'target', 'rel', 'data-attachment'],
    ALLOWED_URI_REGEXP: SAFE_URI,
    ALLOW_DATA_ATTR: false,
  });
}

/** A one-line preview for the list: markdown marks stripped, rendered as text (React escapes it). */
export function plainExcerpt(md: string, max = 160): string {
  const text = md
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
    .replace(/[*_`#>~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
