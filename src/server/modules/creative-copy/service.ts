// generate_creatives (spec 2 §7): facts → copywriter → texts. A failing writer is an answer, not an
// error: `{success: false}` (spec 2 §8 "Generate-creatives failure returns success false"), so the
// browser's retry dialog opens; bad input and a foreign event or cluster stay errors (400, 404).
import type { Db } from '../../db/client';
import { copyWriter, type CopyWriter } from '../../adapters/llm';
import type { CopyField, GenerateCreativesResponse } from '../../../lib/contracts/creative-copy';
import type { CreativeLanguage } from '../../../lib/contracts/setup-process';
import { AppError } from '../../lib/errors';
import { copyFacts } from './facts';

export interface GenerateInput {
  eventId: string;
  tc: number;
  tcRunId: number;
  field: CopyField;
  count: number;
  language: CreativeLanguage;
}

export async function generateCreatives(db: Db, partnerId: number, input: GenerateInput, signal?: AbortSignal, writer: CopyWriter = copyWriter()): Promise<GenerateCreativesResponse> {
  const facts = await copyFacts(db, { partnerId, eventId: input.eventId, tc: input.tc, tcRunId: input.tcRunId, language: input.language });
  const sandbox = writer.kind === 'sandbox';
  try {
    const results = await writer.generate({ field: input.field, count: input.count, language: input.language, facts }, signal);
    return { success: results.length > 0, results, sandbox };
  } catch (err) {
    // Only the code and reason: the LLM's answer and the request stay out of the log.
    const code = err instanceof AppError ? err.code : 'an unexpected error';
    console.warn(`generate_creatives failed for partner ${partnerId}: ${code}`);
    return { success: false, results: [], sandbox };
  }
}
