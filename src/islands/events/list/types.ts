import type { Language } from '../../../lib/constants';
import type { EventList } from '../../../lib/contracts/events';
import type { IslandI18n } from '../../../lib/i18n/namespaces';

export interface EventsScreenProps {
  i18n: IslandI18n;
  /** Translations handed to the drawer's event detail. */
  detailI18n: IslandI18n;
  /** The page URL's query string, so the server renders the same filters the browser will. */
  search: string;
  /** Today (UTC day) of the server render; the date filters are relative to it. */
  today: string;
  /** The first page the server already fetched for these filters (key from listKey), if any. */
  initial: { key: string; list: EventList } | null;
  canSimulation: boolean;
  /** The /simulation page's rule (simulation and the event.simulation flag): the add menu offers "one event". */
  canCreateEvent?: boolean;
  /** The /add-multi-events page's rule (the events.bulk-upload flag): the add menu offers "several events". */
  canBulkUpload?: boolean;
  canSales: boolean;
  canCampaigns: boolean;
  /** spec 1 §2.9: the simple user type sees no source filter and no sales import/export. */
  simpleUser: boolean;
  /** spec 1 §2.9: the trend indicator is not shown on /campaigns. */
  showTrend: boolean;
  currency: string;
  language: Language;
}
