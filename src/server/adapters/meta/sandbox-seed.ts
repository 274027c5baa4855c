// The sandbox user's assets, derived from the partner id alone (docs/SANDBOX-META.md): the same
// partner always sees the same pages, Instagram accounts, ad accounts (EUR and CHF), pixels,
// lead forms, conversions and audiences — and one page and one ad account without permission,
// so the warning paths of the screens can be seen.
import type { AdAccountAsset, Audience, Conversion, InstagramAsset, LeadForm, PageAsset, PixelAsset, PlatformUser, TokenAssets } from './types';

/** FNV-1a, 32 bit: small, stable across runs and platforms. */
export function fnv32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

// Kind digits keep sandbox ids numeric like Graph ids and tell their kind apart at a glance.
const KIND = { user: 1, page: 2, instagram: 3, adAccount: 4, pixel: 5, leadForm: 6, conversion: 7, audience: 8, campaign: 91, adSet: 92, creative: 93, ad: 94, video: 95 } as const;
export type IdKind = keyof typeof KIND;

export function sandboxId(kind: IdKind, ...parts: (string | number)[]): string {
  return `${KIND[kind]}${String(fnv32(parts.join(':'))).padStart(10, '0')}`;
}

export function idKind(id: string): IdKind | null {
  for (const [k, digit] of Object.entries(KIND).sort((a, b) => String(b[1]).length - String(a[1]).length)) {
    if (id.startsWith(String(digit)) && id.length === String(digit).length + 10 && /^\d+$/.test(id)) return k as IdKind;
  }
  return null;
}

const PAGE_NAMES = ['Konzertbühne', 'Stadthalle Live', 'Theater am Markt', 'Harbour Lights Stage', 'Kulturfabrik', 'Open Air Sommer'];
const pick = <T>(list: readonly T[], seed: string) => list[fnv32(seed) % list.length]!;

export interface SandboxWorld extends TokenAssets {
  leadForms: Record<string, LeadForm[]>;
  conversions: Record<string, Conversion[]>;
  audiences: Record<string, Audience[]>;
}

export function sandboxWorld(partnerId: string): SandboxWorld {
  const p = partnerId;
  const user: PlatformUser = { id: sandboxId('user', p), name: 'Sandbox User' };
  const venue = pick(PAGE_NAMES, `${p}:venue`);
  const pageDefs = [
    { n: 1, name: `${venue} (Sandbox)`, permitted: true, instagram: true },
    { n: 2, name: `${venue} Jazz Club (Sandbox)`, permitted: true, instagram: true },
    { n: 3, name: 'Archive page — no permission (Sandbox)', permitted: false, instagram: false },
  ];
  const pages: PageAsset[] = [];
  const instagramAccounts: InstagramAsset[] = [];
  for (const d of pageDefs) {
    const id = sandboxId('page', p, d.n);
    const igId = d.instagram ? sandboxId('instagram', p, d.n) : null;
    pages.push({ assetClass: 'facebook.profile', id, name: d.name, permitted: d.permitted, instagramAccountId: igId });
    if (igId) {
      const username = `${venue.toLowerCase().replace(/[^a-z]+/g, '')}${d.n === 2 ? '_jazz' : ''}_sandbox`;
      instagramAccounts.push({ assetClass: 'instagram.profile', id: igId, name: `@${username}`, username, pageId: id, permitted: d.permitted });
    }
  }
  const accountDefs = [
    { n: 1, name: 'Sandbox ads EUR', currency: 'EUR', timezone: 'Europe/Berlin', permitted: true },
    { n: 2, name: 'Sandbox ads CHF', currency: 'CHF', timezone: 'Europe/Zurich', permitted: true },
    { n: 3, name: 'Agency account — no permission (Sandbox)', currency: 'EUR', timezone: 'Europe/Berlin', permitted: false },
  ];
  const adAccounts: AdAccountAsset[] = accountDefs.map((d) => ({ assetClass: 'facebook.ad_account', id: sandboxId('adAccount', p, d.n), name: d.name, currency: d.currency, status: 'active', timezone: d.timezone, permitted: d.permitted }));
  const pixels: PixelAsset[] = adAccounts.map((a, i) => ({ assetClass: 'facebook.pixel', id: sandboxId('pixel', p, i + 1), name: `${a.name.split(' — ')[0]} pixel`, adAccountId: a.id, permitted: a.permitted }));

  const leadForms: SandboxWorld['leadForms'] = {};
  for (const page of pages) {
    leadForms[page.id] = [
      { id: sandboxId('leadForm', page.id, 1), name: 'Newsletter sign-up', status: 'active' },
      { id: sandboxId('leadForm', page.id, 2), name: 'Presale registration', status: 'active' },
      { id: sandboxId('leadForm', page.id, 3), name: 'Last season’s raffle', status: 'archived' },
    ];
  }
  const conversions: SandboxWorld['conversions'] = {};
  const audiences: SandboxWorld['audiences'] = {};
  adAccounts.forEach((a, i) => {
    const pixelId = pixels[i]!.id;
    conversions[a.id] = [
      { id: sandboxId('conversion', a.id, 1), name: 'Ticket purchase', type: 'custom_event', customEventType: 'PURCHASE', pixelId },
      { id: sandboxId('conversion', a.id, 2), name: 'Newsletter lead', type: 'custom_event', customEventType: 'LEAD', pixelId },
      { id: sandboxId('conversion', a.id, 3), name: 'Thank-you page visit', type: 'other', customEventType: 'OTHER', pixelId },
    ];
    audiences[a.id] = [
      { id: sandboxId('audience', a.id, 1), name: 'Past ticket buyers', subtype: 'CUSTOM', approximateSize: 1000 * (20 + (fnv32(`${a.id}:1`) % 80)) },
      { id: sandboxId('audience', a.id, 2), name: 'Newsletter subscribers', subtype: 'CUSTOM', approximateSize: 1000 * (5 + (fnv32(`${a.id}:2`) % 30)) },
      { id: sandboxId('audience', a.id, 3), name: 'Website visitors, 30 days', subtype: 'WEBSITE', approximateSize: null },
      { id: sandboxId('audience', a.id, 4), name: 'Lookalike of past buyers (1%)', subtype: 'LOOKALIKE', approximateSize: 1000 * (200 + (fnv32(`${a.id}:4`) % 300)) },
    ];
  });
  return { user, pages, instagramAccounts, adAccounts, pixels, leadForms, conversions, audiences };
}
