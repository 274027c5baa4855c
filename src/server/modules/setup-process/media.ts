// The media of a saved setup (spec 2 §3 Media item): an item names a completed media upload of
// the partner, and what the setup keeps of it (type, size, width, height, duration, url) is what
// the server found in the stored bytes, never what the browser claims.
import type { Db } from '../../db/client';
import { storedMedia } from '../storage/media';
import type { Creative, MediaItem } from '../../../lib/contracts/setup-process';

type Facts = Pick<MediaItem, 'type' | 'size' | 'width' | 'height' | 'duration' | 'url'>;

const factsOf = (m: MediaItem): Facts => ({ type: m.type, size: m.size, width: m.width, height: m.height, url: m.url, ...(m.duration !== undefined ? { duration: m.duration } : {}) });

/**
 * The creatives with each media item's facts from the server. Ids the stored setup already holds
 * keep the facts checked when they were added (the autosave sends every list each time, and
 * reading the bytes again would cost every keystroke); a new id must be a completed, checked
 * upload of this partner — another partner's or an invented id is 404 error.media.notFound, a
 * file breaking the media rules 422 error.media.rejected.
 */
export async function withServerMediaFacts(db: Db, partnerId: number, creatives: readonly Creative[], stored: readonly Creative[]): Promise<Creative[]> {
  const facts = new Map<string, Facts>(stored.flatMap((c) => c.media.map((m) => [m.id, factsOf(m)] as const)));
  for (const id of new Set(creatives.flatMap((c) => c.media.map((m) => m.id)))) {
    if (facts.has(id)) continue;
    const s = await storedMedia(db, partnerId, id);
    facts.set(id, { type: s.type, size: s.size, width: s.width, height: s.height, duration: s.duration ?? null, url: s.url });
  }
  return creatives.map((c) => (c.media.length ? { ...c, media: c.media.map((m) => ({ ...m, ...facts.get(m.id)! })) } : c));
}
