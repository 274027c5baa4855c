// TOTP of issue 3 §2 (RFC 6238 as authenticator apps speak it): SHA1, 6 digits, 30 s steps, ±1
// step of drift. A code is accepted once: the caller stores the accepted step and passes it back
// as lastStep, and any code of that step or an earlier one is refused (no replay).
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { nowMs } from '../../lib/clock';
import { safeEqual } from '../../lib/crypto';

export const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30, window: 1 } as const;
const ISSUER = 'Encore';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = 'user'): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: TOTP_PARAMS.algorithm, digits: TOTP_PARAMS.digits, period: TOTP_PARAMS.period, secret: Secret.fromBase32(secretBase32) });
}

export function otpauthUri(secretBase32: string, email: string): string {
  return totp(secretBase32, email).toString();
}

export function qrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** The code of a secret at a time (tests, bench, seed checks). */
export function totpCode(secretBase32: string, atMs = nowMs()): string {
  return totp(secretBase32).generate({ timestamp: atMs });
}

/**
 * Verifies `code` against the secret at the current clock. Returns the time-step it matched, or
 * null when it matches no step of the window or only steps at or before `lastStep` (replay).
 */
export function verifyTotp(secretBase32: string, code: string, lastStep: number | null, atMs = nowMs()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const t = totp(secretBase32);
  const current = Math.floor(atMs / 1000 / TOTP_PARAMS.period);
  let matched: number | null = null;
  // Compare every candidate in constant time rather than stopping at the first match.
  for (let d = -TOTP_PARAMS.window; d <= TOTP_PARAMS.window; d++) {
    const step = current + d;
    const expected = t.generate({ timestamp: step * TOTP_PARAMS.period * 1000 });
    if (safeEqual(expected, code) && (lastStep === null || step > lastStep) && matched === null) matched = step;
  }
  return matched;
}
