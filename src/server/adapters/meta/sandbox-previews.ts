// Ad previews of the sandbox: one small HTML document per placement, laid out like the Facebook
// feed (desktop, mobile), the Instagram feed and an Instagram reel, from the creative itself: page
// name and picture, primary text, media (an image, or a video's poster with a play mark),
// headline, description, domain and call to action. Meant for an iframe's `srcdoc` with
// `sandbox="allow-same-origin"` and no `allow-scripts`:
// - every text of the creative is HTML-escaped and marked `dir="auto"` (right-to-left text stays
//   readable); only http(s) and inline-image addresses reach an attribute;
// - no script, no inline style (a srcdoc document inherits the console page's CSP, which refuses
//   inline styles); the look comes from the same-origin stylesheet PREVIEW_STYLESHEET;
// - a CSP of its own forbids scripts, frames, forms and any fetch but images and that stylesheet.
import type { CreativeSpec, PageInfo, PreviewPlacement, VariationPick } from './types';

/** Served from public/ (relative: a srcdoc document resolves against the page that holds it). */
export const PREVIEW_STYLESHEET = '/ad-previews/preview.css';
export const PREVIEW_CSP = "default-src 'none'; img-src 'self' https: http: data:; style-src 'self'; base-uri 'none'; form-action 'none'";

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only http(s) URLs and inline images reach the markup; anything else shows an empty frame. */
export const safeUrl = (u: string) => (/^(https?:\/\/[^\s"'<>]+|data:image\/(svg\+xml|png|jpeg|webp);base64,[A-Za-z0-9+/=]+)$/i.test(u) ? escapeHtml(u) : '');

export type PreviewLanguage = 'en' | 'de';

/**
 * The platform's own words around the ad, in the interface language: Meta shows its previews in
 * the viewer's language, so a German user's sandbox preview says "Gesponsert", not "Sponsored".
 */
const CHROME: Record<PreviewLanguage, { sponsored: string; like: string; comment: string; share: string; note: string; placements: Record<PreviewPlacement, string>; cta: Record<string, string> }> = {
  en: {
    sponsored: 'Sponsored', like: 'Like', comment: 'Comment', share: 'Share', note: 'Sandbox preview',
    placements: { facebook_feed_desktop: 'Facebook · Feed (desktop)', facebook_feed_mobile: 'Facebook · Feed (mobile)', instagram_feed: 'Instagram · Feed', instagram_reels: 'Instagram · Reels' },
    cta: {
      BUY_TICKETS: 'Buy tickets', LEARN_MORE: 'Learn more', SHOP_NOW: 'Shop now', SIGN_UP: 'Sign up', BOOK_NOW: 'Book now',
      GET_OFFER: 'Get offer', SUBSCRIBE: 'Subscribe', CONTACT_US: 'Contact us', APPLY_NOW: 'Apply now',
    },
  },
  de: {
    sponsored: 'Gesponsert', like: 'Gefällt mir', comment: 'Kommentieren', share: 'Teilen', note: 'Sandbox-Vorschau',
    placements: { facebook_feed_desktop: 'Facebook · Feed (Desktop)', facebook_feed_mobile: 'Facebook · Feed (mobil)', instagram_feed: 'Instagram · Feed', instagram_reels: 'Instagram · Reels' },
    cta: {
      BUY_TICKETS: 'Tickets kaufen', LEARN_MORE: 'Mehr dazu', SHOP_NOW: 'Jetzt einkaufen', SIGN_UP: 'Registrieren', BOOK_NOW: 'Jetzt buchen',
      GET_OFFER: 'Angebot sichern', SUBSCRIBE: 'Abonnieren', CONTACT_US: 'Kontakt aufnehmen', APPLY_NOW: 'Jetzt bewerben',
    },
  },
};

export const PLACEMENT_LABEL: Record<PreviewPlacement, string> = CHROME.en.placements;

/** The domain line of a link ad (Facebook shows it in capitals). */
function hostOf(url: string): string {
  try {
    return new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).host.replace(/^www\./, '');
  } catch {
    return '';
  }
}

// Icons as inline SVG (attributes only: no inline style), so no emoji font is needed.
const svg = (d: string) => `<svg class="icon" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${d}"/></svg>`;
const ICON = {
  like: svg('M7 10v11H3V10h4zm0 0l4-8a3 3 0 0 1 3 3v4h5a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 17.7 21H7'),
  comment: svg('M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z'),
  share: svg('M22 2L11 13M22 2l-7 20-4-9-9-4 20-7z'),
  heart: svg('M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z'),
  save: svg('M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z'),
  globe: svg('M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20'),
};

const text = (cls: string, s: string, tag = 'p') => (s ? `<${tag} class="${cls}" dir="auto">${escapeHtml(s)}</${tag}>` : '');

function avatar(page: PageInfo): string {
  const src = page.profilePictureUrl ? safeUrl(page.profilePictureUrl) : '';
  return src ? `<img class="avatar" src="${src}" alt="" width="40" height="40">` : '<span class="avatar avatar-blank"></span>';
}

function visual(c: CreativeSpec, pick: VariationPick, shape: string): string {
  const media = c.media[pick.media - 1];
  const src = !media ? '' : media.type === 'image' ? safeUrl(media.url) : safeUrl(media.thumbnailUrl);
  const play = media?.type === 'video' ? '<span class="play" aria-hidden="true">▶</span>' : '';
  const img = src ? `<img src="${src}" alt="">` : '';
  return `<div class="media ${shape}">${img}${play}</div>`;
}

function facebook(c: CreativeSpec, page: PageInfo, pick: VariationPick, mobile: boolean, w: (typeof CHROME)[PreviewLanguage]): string {
  const head = c.headlines[pick.headline - 1] ?? '';
  const body = c.bodies[pick.body - 1] ?? '';
  const host = hostOf(c.destinationUrls[pick.url - 1] ?? '').toUpperCase();
  const cta = escapeHtml(w.cta[c.callToAction] ?? c.callToAction);
  return `<article class="fb${mobile ? ' fb-mobile' : ''}">
<header class="post-head">${avatar(page)}<div class="who"><bdi class="name">${escapeHtml(page.pageName)}</bdi><span class="meta">${w.sponsored} · ${ICON.globe}</span></div><span class="more" aria-hidden="true">···</span></header>
${text('primary', body)}
${visual(c, pick, 'wide')}
<div class="link"><div class="link-text">${host ? `<span class="domain">${escapeHtml(host)}</span>` : ''}${text('headline', head, 'strong')}${text('description', c.description ?? '', 'span')}</div><span class="cta">${cta}</span></div>
<footer class="actions"><span>${ICON.like} ${w.like}</span><span>${ICON.comment} ${w.comment}</span><span>${ICON.share} ${w.share}</span></footer>
</article>`;
}

function instagram(c: CreativeSpec, page: PageInfo, pick: VariationPick, w: (typeof CHROME)[PreviewLanguage]): string {
  const body = c.bodies[pick.body - 1] ?? '';
  const cta = escapeHtml(w.cta[c.callToAction] ?? c.callToAction);
  return `<article class="ig">
<header class="post-head">${avatar(page)}<div class="who"><bdi class="name">${escapeHtml(page.pageName)}</bdi><span class="meta">${w.sponsored}</span></div><span class="more" aria-hidden="true">···</span></header>
${visual(c, pick, 'square')}
<div class="ig-cta"><span>${cta}</span><span aria-hidden="true">›</span></div>
<div class="ig-actions">${ICON.heart}${ICON.comment}${ICON.share}<span class="save">${ICON.save}</span></div>
<p class="caption"><bdi class="name">${escapeHtml(page.pageName)}</bdi> <span dir="auto">${escapeHtml(body)}</span></p>
</article>`;
}

function reel(c: CreativeSpec, page: PageInfo, pick: VariationPick, w: (typeof CHROME)[PreviewLanguage]): string {
  const body = c.bodies[pick.body - 1] ?? '';
  const cta = escapeHtml(w.cta[c.callToAction] ?? c.callToAction);
  return `<article class="reel">
${visual(c, pick, 'tall')}
<div class="reel-side">${ICON.heart}${ICON.comment}${ICON.share}<span aria-hidden="true">···</span></div>
<div class="reel-bottom"><div class="reel-page">${avatar(page)}<bdi class="name">${escapeHtml(page.pageName)}</bdi><span class="meta">${w.sponsored}</span></div>${text('primary', body)}<span class="cta">${cta} ›</span></div>
</article>`;
}

export function renderPreview(placement: PreviewPlacement, c: CreativeSpec, page: PageInfo, pick: VariationPick, language: PreviewLanguage = 'en'): string {
  const w = CHROME[language] ?? CHROME.en;
  const inner =
    placement === 'instagram_reels' ? reel(c, page, pick, w) : placement === 'instagram_feed' ? instagram(c, page, pick, w) : facebook(c, page, pick, placement === 'facebook_feed_mobile', w);
  const label = escapeHtml(w.placements[placement]);
  return `<!doctype html><html lang="${language === 'de' ? 'de' : 'en'}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}"><meta name="referrer" content="no-referrer"><link rel="stylesheet" href="${PREVIEW_STYLESHEET}"><title>${label}</title></head><body class="${placement}">${inner}<p class="sandbox-note">${w.note} · ${label}</p></body></html>`;
}

/** A page picture that needs no outside host: an SVG with the page's initials. */
export function avatarDataUrl(name: string, hue: number): string {
  const initials = name.replace(/\(.*?\)/g, '').split(/\s+/).filter(Boolean).slice(0, 2).map((w) => [...w][0]!.toUpperCase()).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="hsl(${hue},55%,45%)"/><text x="32" y="40" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
