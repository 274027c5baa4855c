// Failures of the copywriter. The endpoint answers them as `{success: false}` (spec 2 §7, §8), so
// the code is for the server log and tests; the message never carries the key or the LLM's answer.
import { AppError } from '../../lib/errors';

export type CopyErrorReason = 'timeout' | 'cancelled' | 'network' | 'http' | 'rate_limit' | 'auth' | 'malformed' | 'empty';

const STATUS = { timeout: 504, cancelled: 503, network: 502, http: 502, rate_limit: 429, auth: 502, malformed: 502, empty: 502 } as const;

export class CopyError extends AppError {
  constructor(
    readonly reason: CopyErrorReason,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(STATUS[reason], `error.llm.${reason}`, message);
    this.name = 'CopyError';
  }
}
