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

/** spec 1 §2.4: the challenge returned with the credentials decides the next screen. */
export const CHALLENGE_ROUTES = {
  NEW_PASSWORD_REQUIRED: '/setpassword',
  SOFTWARE_TOKEN_MFA: '/mfa',
  EMAIL_OTP: '/mfa',
  MFA_SETUP: '/setup-mfa',
} as const;
