// The two request identities besides the signed-in user (spec 1 §7): an anonymous shared-link
// session (X-Auth-Code) and a partner token (X-Partner-Token). Both are scoped tokens made from a
// one-time code (modules/meta-connect/access-grants.ts) and may call nothing but the connect
// routes of their partner; every other route answers 403 error.auth.tokenScope. A bearer token
// wins over both (the browser sends only one); either header wins over a session cookie, so a
// shared link opened in a signed-in browser acts as the link, not as that browser's user.
import { createMiddleware } from 'hono/factory';
import { AUTH_CODE_HEADER, PARTNER_TOKEN_HEADER } from '../../lib/constants';
import { now } from '../lib/clock';
import { AppError } from '../lib/errors';
import { config } from '../config';
import { bearerToken } from '../modules/auth/resolve';
import { invalidAuthToken, resolveGrantToken } from '../modules/meta-connect/access-grants';
import type { ConnectCtx } from '../modules/meta-connect/ctx';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';

export interface ConnectIdentity {
  kind: 'anonymous' | 'partner';
  partnerId: number;
  grantId: string;
}

const CONNECT = '/api/v3/integrations/connect/facebook';
/** What an anonymous owner does: log in to Meta, watch the exchange, choose assets. */
const ANONYMOUS_SCOPE: RegExp[] = [
  /^GET \/api\/v3\/integrations\/connect\/facebook\/status$/,
  /^GET \/api\/v3\/integrations\/connect\/facebook\/assets$/,
  /^PUT \/api\/v3\/integrations\/connect\/facebook\/assets\/[^/]+$/,
  /^POST \/api\/v3\/integrations\/connect\/facebook\/assets\/enrich$/,
  /^POST \/api\/v3\/integrations\/connect\/facebook\/authorize$/,
  /^GET \/api\/v3\/integrations\/connect\/facebook\/token-status\/[^/]+$/,
  /^GET \/api\/v3\/tasks\/[^/]+$/,
];
/** A partner system also refreshes assets, stores a system token and disconnects (the settings card). */
const PARTNER_SCOPE: RegExp[] = [
  ...ANONYMOUS_SCOPE,
  /^POST \/api\/v3\/integrations\/connect\/facebook\/assets$/,
  /^POST \/api\/v3\/integrations\/connect\/facebook\/token$/,
  /^DELETE \/api\/v3\/integrations\/connect\/facebook\/token$/,
];

export function inScope(kind: ConnectIdentity['kind'], method: string, path: string): boolean {
  const line = `${method.toUpperCase()} ${path.replace(/\/+$/, '')}`;
  return (kind === 'anonymous' ? ANONYMOUS_SCOPE : PARTNER_SCOPE).some((re) => re.test(line));
}

export const tokenScope = () => new AppError(403, 'error.auth.tokenScope', 'This link may only connect Meta assets.');

export const identifyConnect = createMiddleware<Env>(async (c, next) => {
  c.set('connectIdentity', null);
  if (bearerToken(c.req.header('authorization'))) return next();
  const partnerToken = c.req.header(PARTNER_TOKEN_HEADER);
  const authCode = partnerToken ? undefined : c.req.header(AUTH_CODE_HEADER);
  if (!partnerToken && !authCode) return next();
  const kind = partnerToken ? 'partner' : 'anonymous';
  const grant = await resolveGrantToken(c.var.db, (partnerToken ?? authCode)!, kind === 'partner' ? 'partner_token' : 'anonymous_token', now());
  if (!grant) throw invalidAuthToken();
  c.set('viewer', null);
  c.set('connectIdentity', { kind, partnerId: grant.partnerId, grantId: grant.grantId });
  if (!inScope(kind, c.req.method, c.req.path)) throw tokenScope();
  return next();
});

function originOf(url: string): string {
  return config.publicUrl ? new URL(config.publicUrl).origin : new URL(url).origin;
}

/** The Ctx of a connect call, whichever of the three identities asks. */
export function connectCtxOf(c: { var: Env['Variables']; req: { url: string } }): ConnectCtx {
  const id = c.var.connectIdentity;
  if (id) return { partnerId: id.partnerId, identity: id.kind, actor: `${id.kind}:${id.grantId}`, userId: null, origin: originOf(c.req.url) };
  const viewer = partnerViewerOf(c);
  return { partnerId: viewer.partner.id, identity: 'user', actor: `user:${viewer.userId}`, userId: viewer.userId, origin: originOf(c.req.url) };
}

export { CONNECT as CONNECT_BASE };
