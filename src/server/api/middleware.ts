// Request middleware of the API: who is asking, for which partner, and may they.
import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import type { PermissionName, FeatureName } from '../../lib/constants';
import { PARTNER_HEADER, SESSION_COOKIE } from '../../lib/constants';
import { forbidden, unauthenticated, AppError } from '../lib/errors';
import { resolveViewer } from '../modules/auth/resolve';
import type { Viewer } from '../modules/auth/viewer';
import type { Env } from './env';
import { PRE_MFA_API } from '../modules/auth/mfa-policy';
import { apiRulesFor, missingAccess } from '../../lib/routes';

/** Resolves the viewer when credentials are present; routes decide whether one is required. */
export const identify = createMiddleware<Env>(async (c, next) => {
  c.set(
    'viewer',
    await resolveViewer(c.var.db, {
      cookieToken: getCookie(c, SESSION_COOKIE),
      authorization: c.req.header('authorization'),
      partnerHeader: c.req.header(PARTNER_HEADER),
    }),
  );
  await next();
});

export function viewerOf(c: { var: Env['Variables'] }): Viewer {
  const viewer = c.var.viewer;
  if (!viewer) throw unauthenticated();
  return viewer;
}

/** A viewer acting for a chosen partner: the Ctx every partner-owned call needs. */
export function partnerViewerOf(c: { var: Env['Variables'] }): Viewer & { partner: NonNullable<Viewer['partner']> } {
  const viewer = viewerOf(c);
  if (!viewer.partner) throw new AppError(409, 'error.partner.notChosen', 'Choose a partner first');
  return viewer as Viewer & { partner: NonNullable<Viewer['partner']> };
}

export const requireViewer = createMiddleware<Env>(async (c, next) => {
  viewerOf(c);
  await next();
});

/** spec 1 §6: the API enforces the same module permissions as the route guard. */
export function requirePermission(permission: PermissionName, feature?: FeatureName) {
  return createMiddleware<Env>(async (c, next) => {
    const viewer = partnerViewerOf(c);
    if (!viewer.permissions[permission]) throw forbidden(permission);
    if (feature && !viewer.features[feature]) throw forbidden(feature);
    await next();
  });
}

/**
 * spec 1 §6 on the API, from the one table pages share (src/lib/routes.ts API_RULES): a call
 * covered by a rule needs a viewer acting for a partner who holds every rule's permission and
 * flags; the first thing missing is the 403's error_subcode. Calls no rule covers pass.
 */
export const requireAccess = createMiddleware<Env>(async (c, next) => {
  // A shared-link session or partner token has its own, narrower scope (connect-identity.ts).
  if (c.var.connectIdentity) return next();
  const rules = apiRulesFor(c.req.method, c.req.path);
  if (rules.length) {
    const viewer = partnerViewerOf(c);
    for (const rule of rules) {
      const missing = missingAccess(rule, viewer);
      if (missing) throw forbidden(missing);
    }
  }
  await next();
});

/**
 * spec 1 §2.2 on the API: a restricted pre-MFA session (MFA_SETUP) reaches only the MFA setup
 * calls (mfa-policy.ts PRE_MFA_API); anything else is 403 error.auth.mfaSetupRequired.
 */
export const preMfaGuard = createMiddleware<Env>(async (c, next) => {
  const viewer = c.var.viewer;
  if (viewer?.mfaSetupRequired) {
    const path = c.req.path.replace(/^\/api\/v3/, '').replace(/\/+$/, '') || '/';
    if (!PRE_MFA_API.some((re) => re.test(`${c.req.method} ${path}`))) {
      throw new AppError(403, 'error.auth.mfaSetupRequired', 'Set up multi-factor authentication first.');
    }
  }
  await next();
});
