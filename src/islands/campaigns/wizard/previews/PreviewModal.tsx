// Interface placeholder (issue 14 scaffolding): the ad preview modal (spec 2 §2 Ad preview modal).
// Replaced by its real implementation (lazy-loaded by the wizard); the props are the agreed interface.
import type { Creative } from '../../../../lib/contracts/setup-process';

export interface PreviewAssets {
  /** Our asset row ids (spec 2 §3 Integration asset). */
  pageAssetId: string;
  instagramAssetId: string | null;
  adAccountAssetId: string;
}

export interface PreviewModalProps {
  open: boolean;
  onClose(): void;
  eventId: string;
  creatives: Creative[];
  /** Cluster names for the tabs/headings. */
  aliases: Record<number, string>;
  assets: PreviewAssets;
  /** 'setup' shows the enable/disable overlay per variation. */
  mode: 'setup' | 'view';
  /** Taste cluster → disabled variation codes. */
  disabledVariations: Record<string, string[]>;
  onToggleVariation?(tc: number, code: string, enabled: boolean): void;
  /** Called once the previews were shown (spec 2 §4: step 4 needs the preview-viewed flag). */
  onViewed?(): void;
}

export default function PreviewModal(_: PreviewModalProps) {
  return null;
}
