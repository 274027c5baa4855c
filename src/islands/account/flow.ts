// What every account screen does after the server answers (spec 1 §2.4, §4.1): route a challenge,
// or finish the sign-in (partner chooser when several partners, otherwise splash then home), and
// turn failures into i18n keys.
import { ApiError } from '../../lib/api/client';
import { getMyGroups } from '../../lib/api/auth';
import type { LoginResponse } from '../../lib/contracts/auth';
import type { TinyT } from '../../lib/i18n/tiny';
import { clearChallenge, readChallenge, saveChallenge } from '../../stores/challenge';
import { CHALLENGE_ROUTES, safeNextPath } from '../auth/nextPath';

export type Outcome = { kind: 'route'; to: string } | { kind: 'chooser'; to: string } | { kind: 'splash'; to: string };

/**
 * After a LoginResponse: a following challenge goes to its screen (its session saved for it);
 * tokens mean signed in — several partners go to the chooser of /login, one to the splash.
 */
export async function afterLogin(res: LoginResponse, username: string): Promise<Outcome> {
  const previous = readChallenge();
  const next = safeNextPath(previous?.next ?? null);
  if (res.Challenge) {
    saveChallenge({
      username,
      session: res.ChallengeSession,
      challenge: res.Challenge,
      mfa: res.mfa_settings,
      next,
    });
    return { kind: 'route', to: CHALLENGE_ROUTES[res.Challenge] };
  }
  clearChallenge();
  const groups = await getMyGroups().catch(() => []);
  const chooserUrl = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  // /login renders the partner chooser for a signed-in user who has not chosen (spec 1 §2.4).
  if (groups.length > 1) return { kind: 'chooser', to: chooserUrl };
  return { kind: 'splash', to: next ?? '/' };
}

/** Codes of a wrong or unusable MFA code (the server names them; see docs/auth-error-codes.md). */
const WRONG_TOKEN = new Set(['error.mfa.wrongToken', 'error.code.invalid']);
/** Codes meaning the challenge session is gone: sign in again. */
const EXPIRED = new Set(['error.auth.challengeExpired']);
/** The password rules the server names in error_subcode of error.password.policy (spec 1 §5). */
const POLICY_RULES = new Set(['tooShort', 'missingUpperCase', 'missingLowerCase', 'missingNumber', 'missingSpecial']);

export interface Failure {
  cancelled: boolean;
  code: string | null;
  status: number | null;
  key: string;
}

export function describeError(err: unknown, context?: 'mfa'): Failure {
  if (err instanceof ApiError) {
    let key = err.i18nKey;
    // spec 1 §8: a code that is not accepted gives auth.mfa.wrong_token.
    if (context === 'mfa' && WRONG_TOKEN.has(err.code)) key = 'auth.mfa.wrong_token';
    if (EXPIRED.has(err.code)) key = 'auth.expiredChallenge';
    // A refused password names the failing rule: show that rule's text.
    if (err.code === 'error.password.policy' && err.subcode && POLICY_RULES.has(err.subcode)) key = `password.${err.subcode}`;
    return { cancelled: err.cancelled, code: err.code, status: err.status, key };
  }
  return { cancelled: false, code: null, status: null, key: 'common.errors.inServerResponse' };
}

export function isExpiredChallenge(f: Failure): boolean {
  return f.key === 'auth.expiredChallenge';
}

/** Translates an error key, falling back to the generic message for a server code without text. */
export function errorText(t: TinyT, key: string): string {
  const text = t(key);
  return text === key ? t('common.errors.inServerResponse') : text;
}
