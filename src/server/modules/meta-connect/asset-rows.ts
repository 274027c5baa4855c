// Meta's asset lists (adapters/meta TokenAssets) as the rows the partner's asset table keeps.
import type { AssetKey } from '../../../lib/contracts/meta-connect';
import type { TokenAssets } from '../../adapters/meta';

export interface AssetRowInput {
  key: AssetKey;
  assetId: string;
  label: string;
  currency: string | null;
  connectedAssets: string[];
  permitted: boolean;
}

export function assetRowsOf(a: TokenAssets): AssetRowInput[] {
  return [
    ...a.pages.map((p) => ({ key: 'facebook.profile' as const, assetId: p.id, label: p.name, currency: null, connectedAssets: p.instagramAccountId ? [p.instagramAccountId] : [], permitted: p.permitted })),
    ...a.instagramAccounts.map((i) => ({ key: 'instagram.profile' as const, assetId: i.id, label: i.name, currency: null, connectedAssets: i.pageId ? [i.pageId] : [], permitted: i.permitted })),
    ...a.adAccounts.map((x) => ({ key: 'facebook.ad_account' as const, assetId: x.id, label: x.name, currency: x.currency, connectedAssets: [], permitted: x.permitted && x.status === 'active' })),
    ...a.pixels.map((p) => ({ key: 'facebook.pixel' as const, assetId: p.id, label: p.name, currency: null, connectedAssets: [p.adAccountId], permitted: p.permitted })),
  ];
}

/** spec 2 §3: asset_class and platform on the wire, the dotted key (category) in the table. */
export function wireClassOf(key: AssetKey): { asset_class: 'profile' | 'ad_account' | 'pixel'; platform: 'facebook' | 'instagram' } {
  switch (key) {
    case 'facebook.profile':
      return { asset_class: 'profile', platform: 'facebook' };
    case 'instagram.profile':
      return { asset_class: 'profile', platform: 'instagram' };
    case 'facebook.ad_account':
      return { asset_class: 'ad_account', platform: 'facebook' };
    case 'facebook.pixel':
      return { asset_class: 'pixel', platform: 'facebook' };
  }
}

export function keyOf(assetClass: 'profile' | 'ad_account' | 'pixel', platform: 'facebook' | 'instagram'): AssetKey {
  if (assetClass === 'profile') return platform === 'instagram' ? 'instagram.profile' : 'facebook.profile';
  return assetClass === 'ad_account' ? 'facebook.ad_account' : 'facebook.pixel';
}
