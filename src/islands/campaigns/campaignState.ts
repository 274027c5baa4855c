// Issue 20: one source of truth for an event's campaign state. The header's badge and the event
// list's tag read the event's has_campaign / has_active_campaigns (every campaign of the event);
// the campaign lists (recommendations, the event's campaigns tab) show the taste-cluster campaigns
// and, when there are none, must not say "none set up" while the event has a campaign.
import type { EventItem } from '../../lib/contracts/events';

/** The empty campaign list's message: 'none set up' only when the event has no campaign at all. */
export function emptyListKey(event: Pick<EventItem, 'has_campaign' | 'has_active_campaigns'>): string {
  if (!event.has_campaign) return 'campaigns.list.empty';
  return event.has_active_campaigns ? 'campaigns.list.otherActive' : 'campaigns.list.otherInactive';
}
