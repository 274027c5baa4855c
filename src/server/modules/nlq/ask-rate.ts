// Issue 21 §1: every question a user asks is parsed at once, and a refused one answers 400
// before any task exists — so the limit of MAX_RUNNING_PER_USER running questions never counted
// refusals, and a script could keep the parser busy with question after question. Every ask
// (a new question or "ask again") counts here, refused or not, per user, in the shared
// rate_limits table (every server process sees the same count; ../auth/rate-limit.ts).
// The parser's own cost per question is bounded (src/server/engines/nlq, INPUT_BOUNDS); this
// bounds how often one user can make it pay that cost.
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { NLQ_ERROR_CODES } from '../../../lib/contracts/nlq';
import { hit, type Limit } from '../auth/rate-limit';
import type { Who } from './repo';

/**
 * Questions one user may ask in ten minutes: one every five seconds on average, more than anyone
 * types and reads answers (the journeys and API tests ask well under this per user), while a
 * flood of refused questions stops after 120 parses.
 */
export const ASK_LIMIT: Limit = { max: 120, windowSec: 600 };

export const askKey = (who: Who) => `nlq:ask:user:${who.userId}`;

/** Counts one ask of the user; over the limit → 429 error.nlq.too_many_questions with Retry-After. */
export async function countAsk(db: Db, who: Who): Promise<void> {
  try {
    await hit(db, askKey(who), ASK_LIMIT);
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 429) throw err;
    const retryAfter = err.headers?.['Retry-After'] ?? '60';
    throw new AppError(
      429,
      NLQ_ERROR_CODES.tooManyQuestions,
      `You asked more than ${ASK_LIMIT.max} questions in ${ASK_LIMIT.windowSec / 60} minutes. Please wait ${retryAfter} seconds before asking again.`,
      undefined,
      { 'Retry-After': retryAfter },
      undefined,
      { retry_after: Number(retryAfter) },
    );
  }
}
