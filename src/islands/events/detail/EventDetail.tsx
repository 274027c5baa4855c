// TEMPORARY STUB so the events list compiles before the real EventDetail lands (dropped at merge).
import type { FrontendStatus } from '../../../lib/contracts/events';
import type { IslandI18n } from '../../../lib/i18n/namespaces';

export function EventDetail(props: {
  eventId: string;
  variant: 'drawer' | 'page';
  i18n: IslandI18n;
  canSales: boolean;
  canSimulation: boolean;
  canCampaigns: boolean;
  onClose?: () => void;
  onStatusChange?: (status: FrontendStatus) => void;
}) {
  return (
    <div data-testid="event-detail-stub">
      <h2>Event {props.eventId}</h2>
      <button type="button" onClick={() => props.onStatusChange?.('FLAGGED')}>Flag (stub)</button>
    </div>
  );
}
