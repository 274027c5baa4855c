// The development mailbox's key (security review, finding 8). The mailbox shows every mail the
// demo kept, password-reset codes included, so it opens only with this token — random per
// process and printed at start, like a notebook server's — or, for a signed-in user, with their
// own mails. ENCORE_DEV_MAILBOX_TOKEN fixes the token for the browser journeys only.
import { newToken, safeEqual } from './crypto';

export const DEV_MAILBOX_TOKEN_ENV = 'ENCORE_DEV_MAILBOX_TOKEN';
const MIN_FIXED_LENGTH = 16;

// One token per process: `npm start` loads the server code twice (its own modules and the built
// bundle), so the token lives on globalThis, not in a module variable.
const KEY = Symbol.for('encore.devMailboxToken');
type Holder = { [KEY]?: string };

export function devMailboxToken(): string {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const fixed = process.env[DEV_MAILBOX_TOKEN_ENV]?.trim();
    if (fixed && fixed.length < MIN_FIXED_LENGTH) throw new Error(`${DEV_MAILBOX_TOKEN_ENV} must be at least ${MIN_FIXED_LENGTH} characters`);
    holder[KEY] = fixed || newToken(24);
  }
  return holder[KEY];
}

/** Constant-time check of a presented token. */
export function isDevMailboxToken(candidate: string | null | undefined): boolean {
  return typeof candidate === 'string' && candidate.length > 0 && safeEqual(candidate, devMailboxToken());
}

/** The page's address with the token, for the start banner and the log. */
export function devMailboxPath(): string {
  return `/dev/mailbox?token=${encodeURIComponent(devMailboxToken())}`;
}
