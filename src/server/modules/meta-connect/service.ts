// The connect calls of spec 2 §7 "Assets and lookups" (contracts: src/lib/contracts/meta-connect.ts)
// for the three identities of spec 1 §7. Meta tokens are opened right before a call and never
// leave this module; an expired or revoked token answers error.connect.facebook.invalid_token
// (the owner logs in again: Meta has no refresh token).
import type { Db } from '../../db/client';
import { now as clockNow } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { encryptSecret } from '../../lib/crypto';
import { enqueueTask } from '../tasks/repo';
import { adPlatform, isSandbox, isTokenExpired, MetaError, openMetaToken, sealMetaToken, type MetaToken } from '../../adapters/meta';
import {
  REQUIRED_ASSET_KEY,
  type AssetList,
  type ConnectStatus,
  type EnrichedAsset,
  type ExchangeResult,
  type MetaAsset,
  type MetaConnection,
  type PartnerConnectionType,
  type TokenStatus,
  type TokenType,
} from '../../../lib/contracts/meta-connect';
import { sandboxToken } from '../../adapters/meta/sandbox';
import { assetRowsOf, keyOf, wireClassOf } from './asset-rows';
import { callbackUri, type ConnectCtx } from './ctx';
import { createOAuthState, invalidState, readOAuthState } from './oauth-state';
import * as repo from './repo';

export const EXCHANGE_TASK = 'meta-connect.exchange';

export interface ExchangePayload {
  sealedCode: string;
  redirectUri: string;
  actor: string;
}

export const codeContext = (partnerId: number, actor: string) => `meta-code:${partnerId}:${actor}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function isLive(c: repo.ConnectionRow, now: Date): boolean {
  return c.status === 'active' && !isTokenExpired(c.expiresAt, now);
}

export function connectionView(c: repo.ConnectionRow, ctx: Pick<ConnectCtx, 'actor'>, now: Date): MetaConnection {
  return {
    id: c.id,
    token_type: c.tokenType,
    platform_user_id: c.platformUserId,
    expires_at: iso(c.expiresAt),
    username: c.platformUserName,
    status: isLive(c, now) ? 'valid' : 'expired',
    owned: c.ownerActor === ctx.actor,
  };
}

function connectionType(rows: repo.ConnectionRow[]): PartnerConnectionType {
  const user = rows.some((r) => r.tokenType === 'USER');
  const system = rows.some((r) => r.tokenType === 'SYSTEM');
  return user && system ? 'USER_AND_SYSTEM' : user ? 'USER' : system ? 'SYSTEM' : 'NONE';
}

export async function connectStatus(db: Db, ctx: ConnectCtx): Promise<ConnectStatus> {
  const now = clockNow();
  const rows = await repo.listConnections(db, ctx.partnerId);
  const state = createOAuthState(ctx.partnerId, ctx.actor, now);
  const redirectUri = callbackUri(ctx);
  return {
    partner_connection_type: connectionType(rows),
    sandbox: isSandbox(),
    connections: rows.map((r) => connectionView(r, ctx, now)),
    login: { url: adPlatform().loginUrl({ state, redirectUri }), state, redirect_uri: redirectUri },
    identity: ctx.identity,
  };
}

/** Opens a connection's token for a call, or answers invalid_token when the owner must log in again. */
function tokenOf(c: repo.ConnectionRow, now: Date): string {
  if (!isLive(c, now)) throw new MetaError('invalid_token');
  return openMetaToken(c.sealedToken, { partnerId: String(c.partnerId), platformUserId: c.platformUserId });
}

/**
 * The token a partner's own calls to Meta (geo lookups, later the campaigns) are made with: a
 * live system token first (it does not depend on one person), else the newest live user token;
 * null when the partner has none, so the caller decides what "not connected" means.
 */
export async function partnerToken(db: Db, partnerId: number, now: Date): Promise<string | null> {
  const live = (await repo.listConnections(db, partnerId)).filter((c) => isLive(c, now));
  live.sort((a, b) => (a.tokenType === b.tokenType ? b.updatedAt.getTime() - a.updatedAt.getTime() : a.tokenType === 'SYSTEM' ? -1 : 1));
  return live[0] ? tokenOf(live[0], now) : null;
}

/** A Meta refusal of the token itself marks the connection, so every screen shows "log in again". */
export async function withToken<T>(db: Db, c: repo.ConnectionRow, now: Date, call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await call(tokenOf(c, now));
  } catch (err) {
    if (err instanceof MetaError && err.reason === 'invalid_token' && c.status === 'active') await repo.markConnectionInvalid(db, c.partnerId, c.id);
    throw err;
  }
}

function assetView(a: repo.AssetWithUsers, ctx: ConnectCtx): MetaAsset {
  return {
    id: a.id,
    asset_id: a.assetId,
    key: a.key,
    asset_label: a.label,
    ...wireClassOf(a.key),
    is_enabled: a.isEnabled,
    is_active: a.users.length > 0,
    valid: a.users.length > 0 && a.users.every((u) => u.permitted),
    currency: a.currency,
    connected_assets: a.connectedAssets,
    date_created: a.createdAt.toISOString(),
    usernames: [...new Set(a.users.map((u) => u.platformUserName))],
    asset_users: a.users.map((u) => ({ token_type: u.tokenType, platform_user_id: u.platformUserId })),
    owned: a.users.some((u) => u.ownerActor === ctx.actor),
  };
}

const KEY_ORDER = ['facebook.profile', 'instagram.profile', 'facebook.ad_account', 'facebook.pixel'];

/** spec 1 §4.5: owners see all of their assets, others only the enabled ones. */
export async function listAssets(db: Db, ctx: ConnectCtx, q: { is_enabled?: 'true' | 'false'; platform_user_ids?: string | string[] }): Promise<AssetList> {
  const userIds = q.platform_user_ids === undefined ? null : (Array.isArray(q.platform_user_ids) ? q.platform_user_ids : [q.platform_user_ids]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
  const items = (await repo.listAssets(db, ctx.partnerId))
    .map((a) => assetView(a, ctx))
    .filter((a) => a.owned || a.is_enabled)
    .filter((a) => q.is_enabled === undefined || a.is_enabled === (q.is_enabled === 'true'))
    .filter((a) => !userIds || a.asset_users.some((u) => userIds.includes(u.platform_user_id)))
    .sort((x, y) => KEY_ORDER.indexOf(x.key) - KEY_ORDER.indexOf(y.key));
  return { items };
}

/** Stores a token and what it reaches; the caller becomes the connection's owner. */
export async function storeToken(db: Db, ctx: Pick<ConnectCtx, 'partnerId' | 'actor'>, token: MetaToken): Promise<ExchangeResult> {
  const meta = adPlatform();
  const now = clockNow();
  const assets = await meta.assets(token.accessToken);
  const owner = { partnerId: String(ctx.partnerId), platformUserId: assets.user.id };
  const row = await repo.upsertConnection(db, {
    partnerId: ctx.partnerId,
    tokenType: token.tokenType,
    platformUserId: assets.user.id,
    platformUserName: assets.user.name,
    sealedToken: sealMetaToken(token.accessToken, owner),
    expiresAt: token.expiresAt,
    ownerActor: ctx.actor,
    now,
  });
  const rows = assetRowsOf(assets);
  await repo.syncConnectionAssets(db, ctx.partnerId, row.id, rows, now);
  return { connection: connectionView(row, ctx, now), assets: rows.length };
}

/** POST /authorize: checks the login's state and queues the code exchange (spec 1 §4.5). */
export async function startAuthorization(db: Db, ctx: ConnectCtx, body: { code: string; redirect_uri: string; state: string }): Promise<{ task_id: string }> {
  const state = readOAuthState(body.state, clockNow());
  if (!state || state.partnerId !== ctx.partnerId || state.actor !== ctx.actor) throw invalidState();
  if (body.redirect_uri !== callbackUri(ctx)) throw new MetaError('invalid_request', 'The login did not return to this console.');
  const payload: ExchangePayload = { sealedCode: encryptSecret(body.code, codeContext(ctx.partnerId, ctx.actor)), redirectUri: body.redirect_uri, actor: ctx.actor };
  // One attempt: Meta's codes are single-use, a retry could only fail.
  const task = await enqueueTask(db, { kind: EXCHANGE_TASK, payload, partnerId: ctx.partnerId, userId: ctx.userId, maxAttempts: 1 });
  return { task_id: task.id };
}

/** POST /token: a system user's token (Business Manager), checked against Meta before it is kept. */
export async function storeSystemToken(db: Db, ctx: ConnectCtx, accessToken: string): Promise<ExchangeResult> {
  await adPlatform().me(accessToken);
  return storeToken(db, ctx, { accessToken, expiresAt: null, tokenType: 'SYSTEM' });
}

/**
 * POST /token {sandbox_system_user: true}: connects the partner's sandbox system user, so the
 * system-token card can be tried without Meta. Outside the sandbox there is no such user.
 */
export async function useSandboxSystemUser(db: Db, ctx: ConnectCtx): Promise<ExchangeResult> {
  if (!isSandbox()) throw new MetaError('invalid_request', 'The sandbox system user exists only in the sandbox.');
  return storeSystemToken(db, ctx, sandboxToken(String(ctx.partnerId), clockNow(), 'system'));
}

/** POST /assets: asks Meta again what the connections reach (new pages, lost permissions). */
export async function refreshAssets(db: Db, ctx: ConnectCtx, platformUserIds?: string[]): Promise<AssetList> {
  const now = clockNow();
  const rows = (await repo.listConnections(db, ctx.partnerId)).filter((c) => !platformUserIds || platformUserIds.includes(c.platformUserId));
  if (platformUserIds && !rows.length) throw notFound('Connection');
  for (const c of rows) {
    const assets = await withToken(db, c, now, (t) => adPlatform().assets(t));
    await repo.syncConnectionAssets(db, ctx.partnerId, c.id, assetRowsOf(assets), now);
  }
  return listAssets(db, ctx, {});
}

export const pageRequired = () => new AppError(422, 'error.connect.facebook.page_required', 'At least one page is required.');
export const notOwner = () =>
  new AppError(403, 'error.connect.facebook.not_owner', 'Only the person whose Meta login connected this asset can switch it. Log in to Meta with that account first.');

/** PUT /assets/{id}: only owners toggle; the last enabled page stays on; an asset without permission cannot be switched on. */
export async function toggleAsset(db: Db, ctx: ConnectCtx, id: string, enabled: boolean): Promise<MetaAsset> {
  const now = clockNow();
  const [found] = await repo.listAssets(db, ctx.partnerId, [id]);
  if (!found) throw notFound('Asset');
  const view = assetView(found, ctx);
  if (!view.owned) throw view.is_enabled ? notOwner() : notFound('Asset');
  if (enabled) {
    if (!view.valid) throw new MetaError('missing_permissions');
    await repo.setAssetEnabled(db, ctx.partnerId, id, true, now);
  } else if (!(await repo.disableUnlessLastRequired(db, ctx.partnerId, id, REQUIRED_ASSET_KEY, now))) {
    throw pageRequired();
  }
  const [after] = await repo.listAssets(db, ctx.partnerId, [id]);
  return assetView(after!, ctx);
}

/** POST /assets/enrich: whether each asset is usable now, asked of Meta with a token that reaches it. */
export async function enrichAssets(db: Db, ctx: ConnectCtx, assets: { id?: string; asset_id: string; asset_class: 'profile' | 'ad_account' | 'pixel'; platform: 'facebook' | 'instagram' }[]): Promise<{ items: EnrichedAsset[] }> {
  const now = clockNow();
  const known = await repo.listAssets(db, ctx.partnerId);
  const connections = new Map((await repo.listConnections(db, ctx.partnerId)).map((c) => [c.id, c]));
  const items: EnrichedAsset[] = [];
  for (const a of assets) {
    const key = keyOf(a.asset_class, a.platform);
    const row = known.find((k) => k.key === key && k.assetId === a.asset_id && (!a.id || k.id === a.id));
    const base = { id: row?.id ?? null, asset_id: a.asset_id, asset_class: a.asset_class, platform: a.platform };
    const reaching = row?.users.map((u) => connections.get(u.connectionId)).filter((c): c is repo.ConnectionRow => !!c) ?? [];
    if (!row || !reaching.length) {
      items.push({ ...base, valid: false, asset_label: row?.label ?? null, currency: row?.currency ?? null, error_code: key === 'facebook.ad_account' ? 'error.connect.facebook.ad_account_not_found' : key === 'facebook.profile' ? 'error.connect.facebook.page_not_found' : 'error.connect.facebook.not_found' });
      continue;
    }
    const live = reaching.find((c) => isLive(c, now));
    if (!live) {
      items.push({ ...base, valid: false, asset_label: row.label, currency: row.currency, error_code: 'error.connect.facebook.invalid_token' });
      continue;
    }
    const check = await withToken(db, live, now, (t) => adPlatform().checkAsset(t, { assetClass: key, id: a.asset_id }));
    items.push(
      check.ok
        ? { ...base, valid: true, asset_label: check.asset.name, currency: check.asset.assetClass === 'facebook.ad_account' ? check.asset.currency : row.currency, error_code: null }
        : { ...base, valid: false, asset_label: row.label, currency: row.currency, error_code: check.code },
    );
  }
  return { items };
}

/** GET /token-status/{id}: checked with Meta on load (spec 1 §4.5 "token validity is checked on load"). */
export async function tokenStatus(db: Db, ctx: ConnectCtx, id: string): Promise<TokenStatus> {
  const now = clockNow();
  const c = await repo.findConnection(db, ctx.partnerId, id);
  if (!c) throw notFound('Connection');
  const base = { id: c.id, token_type: c.tokenType, platform_user_id: c.platformUserId, username: c.platformUserName, expires_at: iso(c.expiresAt) };
  try {
    await withToken(db, c, now, (t) => adPlatform().me(t));
    return { ...base, valid: true, error_code: null };
  } catch (err) {
    if (err instanceof MetaError && err.reason === 'invalid_token') return { ...base, valid: false, error_code: err.code };
    throw err;
  }
}

/** DELETE /token: forgets the token; its assets stay listed as inactive until a login reaches them again. */
export async function disconnect(db: Db, ctx: ConnectCtx, tokenType: TokenType, platformUserId: string): Promise<void> {
  if (!(await repo.deleteConnection(db, ctx.partnerId, tokenType, platformUserId))) throw notFound('Connection');
}
