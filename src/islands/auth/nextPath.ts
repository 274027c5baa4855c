// The `next` query parameter of /login (spec 1 §2.4 redirect after sign-in): only a path on this
// site is followed, never another origin ('//evil.example', '/\\evil', 'https://…').
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/[\u0000-\u001f]/.test(raw)) return null;
  try {
    const url = new URL(raw, 'http://encore.invalid');
    if (url.origin !== 'http://encore.invalid') return null;
    if (url.pathname === '/login' || url.pathname === '/logout') return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

// A fragment the address may carry: the characters RFC 3986 allows in one, bounded in length.
const FRAGMENT = /^#[\w\-.~!$&'()*+,;=:@/?%]{1,200}$/;

/**
 * The page to go to after sign-in with the fragment of a deep link (issue 20 §4: /settings#meta).
 * A fragment never reaches the server: the guard's redirect to /login?next=/settings keeps it in
 * the browser's address (/login?next=…#meta), so the login page's script adds it here. Only with
 * a `next` (the deep link) and only when `next` has no fragment of its own.
 */
export function nextWithHash(next: string | null, hash: string | null | undefined): string | null {
  if (!next || next.includes('#') || !hash || !FRAGMENT.test(hash)) return next;
  return safeNextPath(next + hash) ?? next;
}

/** spec 1 §2.4: the challenge returned with the credentials decides the next screen. */
export const CHALLENGE_ROUTES = {
  NEW_PASSWORD_REQUIRED: '/setpassword',
  SOFTWARE_TOKEN_MFA: '/mfa',
  EMAIL_OTP: '/mfa',
  MFA_SETUP: '/setup-mfa',
} as const;
