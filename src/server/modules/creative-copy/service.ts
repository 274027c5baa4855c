// generate_creatives (spec 2 §7): facts → copywriter → texts. A failing writer is an answer, not an
// error: `{success: false}` (spec 2 §8 "Generate-creatives failure returns success false"), so the
// browser's retry dialog opens; bad input and a foreign event or cluster stay errors (400, 404).
import type { Db } from '../../db/client';
import { copyWriter, type CopyWriter } from '../../adapters/llm';
import type { CopyField, GenerateCreativesResponse } from '../../../lib/contracts/creative-copy';
import type { CreativeLanguage } from '../../../lib/contracts/setup-process';
import { AppError } from '../../lib/errors';
import { hit, type Limit } from '../auth/rate-limit';
import { copyFacts } from './facts';

/**
 * Calls to a real LLM cost money per token: a person gets this many per window (the wizard needs
 * about five per cluster, retries included). The sandbox costs nothing and is not counted.
 */
export const LLM_CALLS_PER_USER: Limit = { max: 120, windowSec: 600 };

export interface GenerateInput {
  eventId: string;
  tc: number;
  tcRunId: number;
  field: CopyField;
  count: number;
  language: CreativeLanguage;
}

export async function generateCreatives(
  db: Db,
  who: { partnerId: number; userId: string },
  input: GenerateInput,
  signal?: AbortSignal,
  writer: CopyWriter = copyWriter(),
): Promise<GenerateCreativesResponse> {
  const { partnerId } = who;
  const facts = await copyFacts(db, { partnerId, eventId: input.eventId, tc: input.tc, tcRunId: input.tcRunId, language: input.language });
  const sandbox = writer.kind === 'sandbox';
  // 429 error.auth.rateLimited with Retry-After, like every other limit of the console.
  if (!sandbox) await hit(db, `llm:user:${who.userId}`, LLM_CALLS_PER_USER);
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
