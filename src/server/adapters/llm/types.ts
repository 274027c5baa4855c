// The copywriter behind the creative form's AI helpers (spec 2 §4 "Topic report and autofill", §7
// generate_creatives). Two implementations: a client of an OpenAI-compatible chat endpoint and a
// deterministic sandbox (the default; ARCHITECTURE §3). Both get only CopyFacts: facts about the
// event and the taste cluster's label and keywords — never a customer, an order or a transaction.
import type { CopyField } from '../../../lib/contracts/creative-copy';
import type { CreativeLanguage } from '../../../lib/contracts/setup-process';

/** What the copy may be written from: the event's own published data and the cluster's description. */
export interface CopyFacts {
  title: string;
  /** A spec category code (`opera`, `rock_pop`, …). */
  category: string;
  /** The start as an ISO date-time (UTC) and the zone the event is in (null: UTC). */
  start: string;
  timezone: string | null;
  venue: string | null;
  hall: string | null;
  city: string | null;
  /** Performers of the lineup, in lineup order (at most a handful). */
  artists: string[];
  /** The event's own description, shortened (it is published text, but can be long). */
  descriptionExcerpt: string;
  cluster: { label: string; keywords: string[] };
}

export interface CopyRequest {
  field: CopyField;
  count: number;
  language: CreativeLanguage;
  facts: CopyFacts;
}

export interface CopyWriter {
  readonly kind: 'sandbox' | 'openai-compatible';
  /** `count` distinct texts, each within CREATIVE_TEXT[field].max; throws CopyError on failure. */
  generate(req: CopyRequest, signal?: AbortSignal): Promise<string[]>;
}
