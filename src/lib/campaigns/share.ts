// spec 2 §7 "Share": a running campaign's destination URLs shared to five platforms' own share
// pages, each link tagged utm_source={platform} and utm_campaign={eventId} so the partner's web
// analytics can tell the shares apart. One place for the platforms and their share addresses.

export const SHARE_PLATFORMS = ['facebook', 'twitter', 'linkedin', 'telegram', 'whatsapp'] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

/** The platforms' names as their owners write them (not translated). */
export const SHARE_PLATFORM_NAMES: Record<SharePlatform, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
};

/**
 * The URL with the share's utm parameters set (replacing any the partner's URL already had for
 * these two keys; its other parameters and its fragment stay). Null for anything but http(s).
 */
export function withUtm(url: string, platform: SharePlatform, eventId: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  parsed.searchParams.set('utm_source', platform);
  parsed.searchParams.set('utm_campaign', eventId);
  return parsed.toString();
}

/** The platform's share page for a (tagged) link and the user's text. */
export function shareHref(platform: SharePlatform, link: string, text: string): string {
  const q = (params: Record<string, string>) => new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString();
  const message = text.trim();
  switch (platform) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${q({ u: link, quote: message })}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?${q({ url: link, text: message })}`;
    case 'linkedin':
      // LinkedIn's share page takes only the URL; the text is pasted there by the user.
      return `https://www.linkedin.com/sharing/share-offsite/?${q({ url: link })}`;
    case 'telegram':
      return `https://t.me/share/url?${q({ url: link, text: message })}`;
    case 'whatsapp':
      // WhatsApp has one text field: the message, then the link.
      return `https://wa.me/?${q({ text: message ? `${message} ${link}` : link })}`;
  }
}

/** The creative's destination URLs that can be shared (filled, http(s)), each once, in order. */
export function shareableUrls(urls: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of urls) {
    const u = raw.trim();
    if (!u || seen.has(u) || withUtm(u, 'facebook', 'x') === null) continue;
    seen.add(u);
    out.push(u);
  }
  return out;
}
