// Issue 20: a campaign was published for an event. Every island that shows the event's campaign
// state (the /campaigns list row, the recommendations' header badge and campaign list) reads the
// event again, so none keeps the state from before until a reload.
import { atom } from 'nanostores';

export const $campaignChange = atom<{ eventId: string; seq: number } | null>(null);

let seq = 0;
export function campaignsChanged(eventId: string): void {
  $campaignChange.set({ eventId, seq: ++seq });
}
