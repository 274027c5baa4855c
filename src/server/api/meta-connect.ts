// Connecting Meta (issue 13; spec 2 §7 "Assets and lookups", spec 1 §7 anonymous auth and partner
// tokens). The connect routes need the settings permission (API_RULES /api/v3/integrations/*) or a
// shared-link session / partner token of the partner (connect-identity.ts, which also fixes what
// those may call). Contracts: src/lib/contracts/meta-connect.ts.
import { Hono } from 'hono';
import {
  AnonymousAuthorizeBody,
  AnonymousTokenQuery,
  AssetIdParam,
  AssetsQuery,
  AuthorizeBody,
  ConnectionIdParam,
  DeleteTokenBody,
  EnrichBody,
  RefreshAssetsBody,
  SystemTokenBody,
  ToggleAssetBody,
  VendorTokenQuery,
  type AccessTokenAnswer,
  type AnonymousLink,
} from '../../lib/contracts/meta-connect';
import { now } from '../lib/clock';
import * as connect from '../modules/meta-connect';
import { connectCtxOf } from './connect-identity';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

export const connectRouter = new Hono<Env>()
  .get('/status', async (c) => c.json(await connect.connectStatus(c.var.db, connectCtxOf(c))))
  .get('/assets', validate('query', AssetsQuery), async (c) => c.json(await connect.listAssets(c.var.db, connectCtxOf(c), c.req.valid('query'))))
  .post('/assets', validate('json', RefreshAssetsBody), async (c) => c.json(await connect.refreshAssets(c.var.db, connectCtxOf(c), c.req.valid('json').platform_user_ids)))
  .post('/assets/enrich', validate('json', EnrichBody), async (c) => c.json(await connect.enrichAssets(c.var.db, connectCtxOf(c), c.req.valid('json').assets)))
  .put('/assets/:id', validate('param', AssetIdParam), validate('json', ToggleAssetBody), async (c) =>
    c.json(await connect.toggleAsset(c.var.db, connectCtxOf(c), c.req.valid('param').id, c.req.valid('json').enabled)),
  )
  .post('/authorize', validate('json', AuthorizeBody), async (c) => c.json(await connect.startAuthorization(c.var.db, connectCtxOf(c), c.req.valid('json')), 202))
  .post('/token', validate('json', SystemTokenBody), async (c) => {
    const body = c.req.valid('json');
    const ctx = connectCtxOf(c);
    return c.json('access_token' in body ? await connect.storeSystemToken(c.var.db, ctx, body.access_token) : await connect.useSandboxSystemUser(c.var.db, ctx));
  })
  .get('/token-status/:id', validate('param', ConnectionIdParam), async (c) => c.json(await connect.tokenStatus(c.var.db, connectCtxOf(c), c.req.valid('param').id)))
  .delete('/token', validate('json', DeleteTokenBody), async (c) => {
    const body = c.req.valid('json');
    await connect.disconnect(c.var.db, connectCtxOf(c), body.token_type, body.platform_user_id);
    return c.body(null, 204);
  });

const languageOf = (lng: string) => (lng === 'de' ? 'de' : 'en');

/** /api/v3/auth/anonymous: the shared link (settings permission by API_RULES) and its redemption (public). */
export const anonymousAuthRouter = new Hono<Env>()
  .post('/authorize', validate('json', AnonymousAuthorizeBody), async (c) => {
    const viewer = partnerViewerOf(c);
    const body = c.req.valid('json') ?? {};
    const kind = body.kind ?? 'anonymous';
    const { code, expiresAt } = await connect.createGrantCode(c.var.db, { partnerId: viewer.partner.id, userId: viewer.userId, kind, redirectUri: body.redirect_uri, now: now() });
    const lng = languageOf(viewer.language);
    const q = new URLSearchParams(kind === 'vendor' ? { code, redirect_uri: body.redirect_uri! } : { code });
    const answer: AnonymousLink = { code, expires_at: expiresAt.toISOString(), url: `/${lng}/${kind === 'vendor' ? 'meta' : 'meta-anonymous'}?${q}` };
    return c.json(answer, 201);
  })
  .post('/token', validate('query', AnonymousTokenQuery), async (c) => {
    const t = await connect.redeemGrantCode(c.var.db, { code: c.req.valid('query').code, kind: 'anonymous', now: now() });
    const answer: AccessTokenAnswer = { access_token: t.token, expires_at: t.expiresAt.toISOString(), partner_id: t.partnerId };
    return c.json(answer);
  });

/** /api/v3/vendor/partners: a partner system's code → the partner token (/{language}/meta). */
export const vendorRouter = new Hono<Env>().post('/tokens', validate('query', VendorTokenQuery), async (c) => {
  const q = c.req.valid('query');
  const t = await connect.redeemGrantCode(c.var.db, { code: q.code, kind: 'vendor', redirectUri: q.redirect_uri, now: now() });
  const answer: AccessTokenAnswer = { access_token: t.token, expires_at: t.expiresAt.toISOString(), partner_id: t.partnerId };
  return c.json(answer);
});
