// Interface placeholder (issue 14 scaffolding): the creative form of one taste cluster in the
// wizard's Ads step (spec 2 §2 Campaign creative form, §5 Creative). Replaced by its real
// implementation; the props are the agreed interface with the wizard (../AdsStep).
import type { Creative } from '../../../../lib/contracts/setup-process';
import type { CampaignGoal, TopicKeyword } from '../../../../lib/contracts/taste-clusters';

export interface CreativeCluster {
  tc: number;
  tc_run_id: number;
  alias: string;
  keywords: TopicKeyword[];
}

export interface CreativeFormProps {
  eventId: string;
  setupId: string;
  creative: Creative;
  cluster: CreativeCluster;
  /** Our asset row id of the chosen ad account (audiences lookup); null before step 2 chose one. */
  adAccountAssetId: string | null;
  /** For the call-to-action lookup (spec 2 §7 call_to_action). */
  goal: CampaignGoal;
  hasPixel: boolean;
  leadFormId: string | null;
  /** The first cluster's URLs, for clusters with destination_url_inherited. */
  inheritedUrls?: string[];
  onChange(next: Creative): void;
  /** Media still uploading (the wizard blocks Next while any cluster reports true). */
  onPendingChange?(pending: boolean): void;
  disabled?: boolean;
}

export function CreativeForm(_: CreativeFormProps) {
  return null;
}
