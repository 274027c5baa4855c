// The pending sign-in challenge between /login and /setpassword, /mfa, /setup-mfa (spec 1 §2.4).
// Kept in sessionStorage (this tab only, gone when it closes): username, the challenge session id
// and which challenge; never the password. Visiting /login resets it (spec 1 §4.1).
import type { Challenge, MfaSettings } from '../lib/contracts/auth';

export const CHALLENGE_KEY = 'encore.challenge';

export interface PendingChallenge {
  username: string;
  session: string | null;
  challenge: Challenge;
  /** The MFA settings returned with the challenge (which methods the user has). */
  mfa?: Pick<MfaSettings, 'softwareTokenMfa' | 'emailTotp' | 'preferred_mfa'> | null;
  /** Where to go after sign-in (the ?next= of /login). */
  next?: string | null;
}

export function readChallenge(): PendingChallenge | null {
  try {
    const raw = sessionStorage.getItem(CHALLENGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingChallenge>;
    if (typeof value.username !== 'string' || typeof value.challenge !== 'string') return null;
    return value as PendingChallenge;
  } catch {
    return null;
  }
}

export function saveChallenge(value: PendingChallenge): void {
  try {
    sessionStorage.setItem(CHALLENGE_KEY, JSON.stringify(value));
  } catch {
    // storage unavailable: the next screen asks to sign in again
  }
}

export function clearChallenge(): void {
  try {
    sessionStorage.removeItem(CHALLENGE_KEY);
  } catch {
    // storage unavailable
  }
}
