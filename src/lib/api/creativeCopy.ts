// spec 2 §7 generate_creatives: AI copy for one creative field (contract: ../contracts/creative-copy).
// Cancellable: the autofill's loading dialog and the co-create card abort with their signal.
import type { CopyField, GenerateCreativesResponse } from '../contracts/creative-copy';
import { CREATIVE_LANGUAGES, type CreativeLanguage } from '../campaigns/setup-constants';
import { call, mainApi } from './client';

export interface GenerateCreativesParams {
  eventId: string;
  tc: number;
  tcRunId: number;
  field: CopyField;
  language: CreativeLanguage;
  /** spec 2 §9: 3 by default. */
  count?: number;
}

export const generateCreatives = (p: GenerateCreativesParams, signal?: AbortSignal) =>
  call<GenerateCreativesResponse>(mainApi, '/integrations/openai/gpt-4.1/generate_creatives', {
    searchParams: {
      event_id: p.eventId,
      tc: String(p.tc),
      tc_run_id: String(p.tcRunId),
      creatives_type: p.field,
      required_number_of_creatives: String(p.count ?? 3),
      // The spec's wire value is the full name ("German").
      language: CREATIVE_LANGUAGES[p.language],
    },
    signal,
    // An LLM may take longer than the console's usual calls but not forever.
    timeout: 45_000,
  });
