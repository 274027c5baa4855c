// What the copywriter may know (spec 2 issue 14: "No customer data is ever sent to an LLM"): the
// event's published details and the taste cluster's label and keywords. The queries name their
// columns one by one so a new customer-facing column can never slip in through a `select *`.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, halls, tasteClusterRuns, tasteClusters, venues } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { CopyFacts } from '../../adapters/llm';
import { fitTo } from '../../adapters/llm/fit';
import type { CreativeLanguage } from '../../../lib/contracts/setup-process';

const MAX_ARTISTS = 5;
const DESCRIPTION_EXCERPT = 400;

export interface FactsKey {
  partnerId: number;
  eventId: string;
  tc: number;
  tcRunId: number;
  language: CreativeLanguage;
}

/** The facts of one event and one of its clusters; 404 when either is not the partner's. */
export async function copyFacts(db: Db, key: FactsKey): Promise<CopyFacts> {
  const [event] = await db
    .select({
      title: events.title,
      category: events.category,
      start: events.startDateTime,
      timezone: events.timezone,
      description: events.description,
      lineups: events.lineups,
      hall: halls.name,
      venue: venues.name,
      city: venues.city,
    })
    .from(events)
    .leftJoin(halls, and(eq(halls.id, events.hallId), eq(halls.partnerId, key.partnerId)))
    .leftJoin(venues, and(eq(venues.id, halls.venueId), eq(venues.partnerId, key.partnerId)))
    .where(and(eq(events.partnerId, key.partnerId), eq(events.id, key.eventId)));
  if (!event) throw notFound('Event');
  // The cluster must come from a run of this event (the run id alone could be another event's).
  const [cluster] = await db
    .select({ labelEn: tasteClusters.labelEn, labelDe: tasteClusters.labelDe, keywordsEn: tasteClusters.keywordsEn, keywordsDe: tasteClusters.keywordsDe })
    .from(tasteClusters)
    .innerJoin(tasteClusterRuns, and(eq(tasteClusterRuns.id, tasteClusters.runId), eq(tasteClusterRuns.partnerId, key.partnerId)))
    .where(and(eq(tasteClusters.partnerId, key.partnerId), eq(tasteClusters.runId, key.tcRunId), eq(tasteClusters.tc, key.tc), eq(tasteClusterRuns.eventId, key.eventId)));
  if (!cluster) throw notFound('Taste cluster');
  // Labels and keywords exist in English and German; every other language gets the English ones.
  const de = key.language === 'de';
  return {
    title: event.title,
    category: event.category,
    start: event.start.toISOString(),
    timezone: event.timezone,
    venue: event.venue,
    hall: event.hall,
    city: event.city,
    artists: event.lineups.map((l) => l.artist_name.trim()).filter(Boolean).slice(0, MAX_ARTISTS),
    descriptionExcerpt: fitTo(event.description.replace(/\s+/g, ' ').trim(), DESCRIPTION_EXCERPT),
    cluster: { label: de ? cluster.labelDe : cluster.labelEn, keywords: de ? cluster.keywordsDe : cluster.keywordsEn },
  };
}
