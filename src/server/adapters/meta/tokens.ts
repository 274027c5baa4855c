// Meta access tokens are secrets (issue 13): sealed with the same AES-256-GCM helper as TOTP
// secrets (ARCHITECTURE §3), bound to the connection they belong to so a sealed token cannot be
// moved to another row, and never sent to the browser. Meta has no refresh token: an expired
// token means the owner logs in again.
import { decryptSecret, encryptSecret } from '../../lib/crypto';

/** Where a sealed token may be opened: the partner and the platform user it was issued to. */
export interface TokenOwner {
  partnerId: string;
  platformUserId: string;
}

const context = (o: TokenOwner) => `meta-token:${o.partnerId}:${o.platformUserId}`;

export const sealMetaToken = (token: string, owner: TokenOwner): string => encryptSecret(token, context(owner));
export const openMetaToken = (sealed: string, owner: TokenOwner): string => decryptSecret(sealed, context(owner));

/**
 * Expiry of a token from Meta's `expires_in` (seconds from now). Meta omits it for tokens that do
 * not expire (system users); 0 or a negative value means "already expired".
 */
export function tokenExpiry(expiresIn: number | null | undefined, now: Date): Date | null {
  if (expiresIn === null || expiresIn === undefined || !Number.isFinite(expiresIn)) return null;
  return new Date(now.getTime() + Math.max(0, Math.floor(expiresIn)) * 1000);
}

/** A token counts as expired a little early, so a call never starts with one about to die. */
export const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

export function isTokenExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() - EXPIRY_MARGIN_MS <= now.getTime();
}
