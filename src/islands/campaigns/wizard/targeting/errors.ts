// How the geo dialogs read a failed lookup.
import { ApiError, toApiError } from '../../../../lib/api/client';

/** The ApiError of a rejected lookup: `call()` rejects with one already (a cancellation included). */
export const apiErrorOf = async (err: unknown): Promise<ApiError> => (err instanceof ApiError ? err : toApiError(err));

/**
 * Server error codes become texts through common.serverErrors; a code the locales have no wording
 * for would show as its raw key, so the dialogs fall back to their own message instead.
 */
export function knownText(t: (key: string) => string, key: string | null, fallback: string): string {
  const text = key ? t(key) : null;
  return text && text !== key ? text : t(fallback);
}
