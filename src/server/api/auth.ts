// spec 1 §7 Authentication (issue 3): sign-in and its challenges, tokens, MFA, sessions, partner
// choice, sign-out, and the account flows (forgot password, registration, update details).
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  ConfirmForgotPasswordRequest,
  ConfirmRegistrationRequest,
  InitiateForgotPasswordRequest,
  LoginRequest,
  MfaEmailResendRequest,
  MfaSettingsUpdateRequest,
  MfaTokenChallengeRequest,
  NewPasswordChallengeRequest,
  PartnerIdParam,
  RefreshTokenRequest,
  RegisterRequest,
  RemoveTotpRequest,
  SelectPartnerRequest,
  SessionIdParam,
  TotpVerifyRequest,
  UpdateUsersRequest,
  type RefreshTokenResponse,
  type SessionInfoResponse,
  type SessionList,
} from '../../lib/contracts/auth';
import { answerMfaToken, answerNewPassword, choosePartner, resendEmailOtp, signIn, signOut, tokensBody, type SignInResult } from '../modules/auth/service';
import { authCookies, CLEARED_COOKIES, DEVICE_COOKIE, deviceCookie, parseDeviceCookie, REFRESH_COOKIE } from '../modules/auth/cookie';
import { endOtherSessions, endUserSession, getSession, listSessions, refreshInvalid, rotateRefresh, sessionEndsAt, type IssuedSession } from '../modules/auth/sessions';
import { confirmTotp, getMfaSettings, offerTotp, removeTotp, updateMfaSettings } from '../modules/auth/mfa-settings';
import { confirmForgotPassword, initiateForgotPassword } from '../modules/auth/recovery';
import { confirmRegistration, register, updateUserDetails } from '../modules/auth/registration';
import { users } from '../db/schema';
import { eq } from 'drizzle-orm';
import type { Env } from './env';
import { viewerOf } from './middleware';
import { validate } from './validate';
import { clientMeta } from './client-meta';
import { unauthenticated } from '../lib/errors';
import { nowMs } from '../lib/clock';

function setSessionCookies(c: Context<Env>, issued: IssuedSession | null): void {
  if (!issued) return;
  const https = new URL(c.req.url).protocol === 'https:';
  for (const k of authCookies(issued, https)) {
    setCookie(c, k.name, k.value, { ...k.options, sameSite: k.options.sameSite === 'strict' ? 'Strict' : 'Lax' });
  }
}

function clearSessionCookies(c: Context<Env>): void {
  for (const k of CLEARED_COOKIES) deleteCookie(c, k.name, { path: k.path });
}

function answer(c: Context<Env>, result: SignInResult) {
  setSessionCookies(c, result.issued);
  const { DeviceKey, DeviceGroupKey } = result.body;
  if (DeviceKey && DeviceGroupKey) {
    const k = deviceCookie({ deviceKey: DeviceKey, deviceGroupKey: DeviceGroupKey }, new URL(c.req.url).protocol === 'https:');
    setCookie(c, k.name, k.value, { ...k.options, sameSite: 'Lax' });
  }
  return c.json(result.body);
}

/** The sign-in input, with the remembered device of the cookie when the body names none. */
function withDevice(c: Context<Env>, input: LoginRequest): LoginRequest {
  if (input.device_key && input.device_group_key) return input;
  return { ...input, ...(parseDeviceCookie(getCookie(c, DEVICE_COOKIE)) ?? {}) };
}

const ok = { success: true } as const;

export const authRouter = new Hono<Env>()
  .post('/', validate('json', LoginRequest), async (c) => answer(c, await signIn(c.var.db, withDevice(c, c.req.valid('json')), clientMeta(c))))
  .put('/challenge/new-password', validate('json', NewPasswordChallengeRequest), async (c) => answer(c, await answerNewPassword(c.var.db, c.req.valid('json'), clientMeta(c))))
  .put('/challenge/mfa-token', validate('json', MfaTokenChallengeRequest), async (c) => answer(c, await answerMfaToken(c.var.db, c.req.valid('json'), clientMeta(c))))
  .post('/mfa/email/resend', validate('json', MfaEmailResendRequest), async (c) => {
    await resendEmailOtp(c.var.db, c.req.valid('json'));
    return c.json(ok);
  })
  .post('/refresh_token', validate('json', RefreshTokenRequest.default({})), async (c) => {
    // Body token for bearer clients; the HttpOnly cookie (path-scoped to this call) for the browser.
    const token = c.req.valid('json').token || getCookie(c, REFRESH_COOKIE);
    if (!token) throw refreshInvalid();
    try {
      const issued = await rotateRefresh(c.var.db, token, clientMeta(c));
      const [user] = await c.var.db.select().from(users).where(eq(users.id, issued.session.userId)).limit(1);
      if (!user || user.status !== 'active') throw refreshInvalid();
      setSessionCookies(c, issued);
      const full = await tokensBody(c.var.db, user, issued);
      const body: RefreshTokenResponse = { AccessToken: full.AccessToken!, TokenType: 'Bearer', IdToken: full.IdToken!, RefreshToken: full.RefreshToken!, ExpiresIn: full.ExpiresIn!, session_ends_at: sessionEndsAt(issued.session).toISOString() };
      return c.json(body);
    } catch (err) {
      clearSessionCookies(c);
      throw err;
    }
  })
  .get('/session', async (c) => {
    const viewer = viewerOf(c);
    const s = await getSession(c.var.db, viewer.sessionId);
    if (!s) throw unauthenticated();
    const body: SessionInfoResponse = {
      expires_at: s.expiresAt.toISOString(),
      expires_in: Math.max(0, Math.round((s.expiresAt.getTime() - nowMs()) / 1000)),
      refresh_expires_at: s.refreshExpiresAt?.toISOString() ?? null,
      session_ends_at: sessionEndsAt(s).toISOString(),
      mfa_setup_required: viewer.mfaSetupRequired,
    };
    return c.json(body);
  })
  .get('/sessions', async (c) => {
    const viewer = viewerOf(c);
    const current = await getSession(c.var.db, viewer.sessionId);
    const rows = await listSessions(c.var.db, viewer.userId);
    const body: SessionList = rows.map((s) => ({
      id: s.id,
      created_at: s.createdAt.toISOString(),
      signed_in_at: s.signedInAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      user_agent: s.userAgent,
      ip: s.ip,
      current: s.familyId === current?.familyId,
    }));
    return c.json(body);
  })
  .delete('/sessions', async (c) => {
    const viewer = viewerOf(c);
    await endOtherSessions(c.var.db, viewer.userId, viewer.sessionId);
    return c.body(null, 204);
  })
  .delete('/sessions/:id', validate('param', SessionIdParam), async (c) => {
    const viewer = viewerOf(c);
    await endUserSession(c.var.db, viewer.userId, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .get('/mfa/settings', async (c) => c.json(await getMfaSettings(c.var.db, viewerOf(c))))
  .put('/mfa/settings', validate('json', MfaSettingsUpdateRequest), async (c) => {
    const r = await updateMfaSettings(c.var.db, viewerOf(c), c.req.valid('json'), clientMeta(c));
    setSessionCookies(c, r.issued);
    return c.json(r.body);
  })
  .get('/mfa/configure/totp', async (c) => c.json(await offerTotp(c.var.db, viewerOf(c))))
  .put('/mfa/configure/totp', validate('json', TotpVerifyRequest), async (c) => {
    const r = await confirmTotp(c.var.db, viewerOf(c), c.req.valid('json').mfa_token, clientMeta(c));
    setSessionCookies(c, r.issued);
    return c.json(r.body);
  })
  .delete('/mfa/totp', validate('json', RemoveTotpRequest), async (c) => {
    const r = await removeTotp(c.var.db, viewerOf(c), c.req.valid('json').password, clientMeta(c));
    setSessionCookies(c, r.issued);
    return c.json(r.body);
  })
  .post('/initiate_forgot_password', validate('json', InitiateForgotPasswordRequest), async (c) => {
    await initiateForgotPassword(c.var.db, c.req.valid('json').email, clientMeta(c));
    return c.json(ok);
  })
  .post('/confirm_forgot_password', validate('json', ConfirmForgotPasswordRequest), async (c) => {
    const b = c.req.valid('json');
    await confirmForgotPassword(c.var.db, b.email, b.conf_code, b.new_password, clientMeta(c));
    return c.json(ok);
  })
  .post('/partners/users/confirm', validate('json', ConfirmRegistrationRequest), async (c) => {
    const b = c.req.valid('json');
    await confirmRegistration(c.var.db, b.email, b.conf_code, clientMeta(c));
    return c.json(ok);
  })
  .post('/partners/:partner_id/users', validate('param', PartnerIdParam), validate('json', RegisterRequest), async (c) => {
    await register(c.var.db, c.req.valid('param').partner_id, c.req.valid('json'), clientMeta(c));
    return c.json(ok);
  })
  .post('/partners/:partner_id/update_users', validate('param', PartnerIdParam), validate('json', UpdateUsersRequest), async (c) => {
    const issued = await updateUserDetails(c.var.db, viewerOf(c), c.req.valid('param').partner_id, c.req.valid('json'), clientMeta(c));
    setSessionCookies(c, issued);
    return c.json(ok);
  })
  .post('/partner', validate('json', SelectPartnerRequest), async (c) => {
    const viewer = viewerOf(c);
    setSessionCookies(c, await choosePartner(c.var.db, viewer, c.req.valid('json').partner_id, clientMeta(c)));
    return c.body(null, 204);
  })
  .post('/logout', async (c) => {
    const viewer = c.var.viewer;
    if (viewer) await signOut(c.var.db, viewer.sessionId);
    clearSessionCookies(c);
    return c.body(null, 204);
  });
