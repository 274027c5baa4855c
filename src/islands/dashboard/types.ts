import type { CampaignStats, EventList } from '../../lib/contracts/events';
import type { IslandI18n } from '../../lib/i18n/namespaces';

export interface DashboardProps {
  i18n: IslandI18n;
  /** lookout: the two event cards; without it they show the permission empty state. */
  canEvents: boolean;
  /** wave: the campaign statistics (the call is refused without it: empty state). */
  canCampaigns: boolean;
  /** First page of upcoming events (since today, until one year ahead), read by the server. */
  upcoming: EventList | null;
  flagged: EventList | null;
  /** null: not allowed or failed; the card shows its empty state (spec 1 §8). */
  stats: CampaignStats | null;
  /** YYYY-MM-DD of the server's today, so the first client fetch asks for the same window. */
  today: string;
}
