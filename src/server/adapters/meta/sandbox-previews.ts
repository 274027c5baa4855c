// Ad previews of the sandbox: a small self-contained HTML document per placement (no script, no
// outside resource but the ad's own media), shaped like the feed or reel it stands for, with a
// visible "Sandbox preview" line. Meant for an iframe's `srcdoc` with `sandbox=""`.
import type { CreativeSpec, PageInfo, PreviewPlacement } from './types';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only http(s) URLs and inline images reach the markup; anything else shows an empty frame. */
const safeUrl = (u: string) => (/^(https?:\/\/|data:image\/(svg\+xml|png|jpeg);base64,)/i.test(u) ? esc(u) : '');

const SIZE: Record<PreviewPlacement, { width: number; mediaHeight: number; reel: boolean; label: string }> = {
  facebook_feed_desktop: { width: 500, mediaHeight: 262, reel: false, label: 'Facebook · Feed (desktop)' },
  facebook_feed_mobile: { width: 360, mediaHeight: 360, reel: false, label: 'Facebook · Feed (mobile)' },
  instagram_feed: { width: 360, mediaHeight: 360, reel: false, label: 'Instagram · Feed' },
  instagram_reels: { width: 270, mediaHeight: 480, reel: true, label: 'Instagram · Reels' },
};

const CTA_TEXT: Record<string, string> = {
  BUY_TICKETS: 'Buy tickets', LEARN_MORE: 'Learn more', SHOP_NOW: 'Shop now', SIGN_UP: 'Sign up', BOOK_NOW: 'Book now',
  GET_OFFER: 'Get offer', SUBSCRIBE: 'Subscribe', CONTACT_US: 'Contact us', APPLY_NOW: 'Apply now',
};

export function renderPreview(placement: PreviewPlacement, c: CreativeSpec, page: PageInfo, pick: { headline: number; body: number; media: number; url: number }): string {
  const s = SIZE[placement];
  const media = c.media[pick.media - 1]!;
  const head = esc(c.headlines[pick.headline - 1] ?? '');
  const body = esc(c.bodies[pick.body - 1] ?? '');
  const url = c.destinationUrls[pick.url - 1] ?? '';
  let host = '';
  try {
    host = new URL(url).host.toUpperCase();
  } catch {
    host = '';
  }
  const src = media.type === 'image' ? safeUrl(media.url) : safeUrl(media.thumbnailUrl);
  const visual = src
    ? `<img src="${src}" alt="" style="width:100%;height:${s.mediaHeight}px;object-fit:cover;display:block;background:#ddd">`
    : `<div style="width:100%;height:${s.mediaHeight}px;background:#ddd"></div>`;
  const play = media.type === 'video' ? '<div style="position:absolute;inset:0;display:flex;align-items:center;justify-content:center;font-size:48px;color:#fff">▶</div>' : '';
  const avatar = page.profilePictureUrl && safeUrl(page.profilePictureUrl) ? `<img src="${safeUrl(page.profilePictureUrl)}" alt="" width="32" height="32" style="border-radius:50%">` : '<span style="display:inline-block;width:32px;height:32px;border-radius:50%;background:#1877f2"></span>';
  const cta = esc(CTA_TEXT[c.callToAction] ?? c.callToAction);
  const pageName = esc(page.pageName);
  const inner = s.reel
    ? `<div style="position:relative">${visual}${play}<div style="position:absolute;left:0;right:0;bottom:0;padding:12px;color:#fff;background:linear-gradient(transparent,rgba(0,0,0,.7))"><div style="display:flex;gap:8px;align-items:center">${avatar}<b>${pageName}</b></div><p style="margin:8px 0">${body}</p><div style="background:#fff;color:#000;border-radius:6px;padding:6px;text-align:center;font-weight:600">${cta}</div></div></div>`
    : `<div style="display:flex;gap:8px;align-items:center;padding:10px">${avatar}<div><b>${pageName}</b><div style="font-size:12px;color:#65676b">Sponsored</div></div></div><p style="margin:0 10px 10px">${body}</p><div style="position:relative">${visual}${play}</div><div style="display:flex;justify-content:space-between;align-items:center;gap:8px;padding:10px;background:#f0f2f5"><div><div style="font-size:12px;color:#65676b">${esc(host)}</div><b>${head}</b>${c.description ? `<div style="font-size:13px;color:#65676b">${esc(c.description)}</div>` : ''}</div><span style="background:#e4e6eb;border-radius:6px;padding:6px 12px;font-weight:600;white-space:nowrap">${cta}</span></div>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(s.label)}</title></head><body style="margin:0;font:14px/1.35 system-ui,sans-serif;background:#fff"><div style="width:${s.width}px;border:1px solid #dadde1;border-radius:8px;overflow:hidden">${inner}</div><div style="font-size:11px;color:#8a6d00;padding:4px 2px">Sandbox preview · ${esc(s.label)}</div></body></html>`;
}

/** A page picture that needs no outside host: an SVG with the page's initials. */
export function avatarDataUrl(name: string, hue: number): string {
  const initials = name.replace(/\(.*?\)/g, '').split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="hsl(${hue},55%,45%)"/><text x="32" y="40" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">${esc(initials)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
