// The connect calls (spec 2 §7 "Assets and lookups", spec 1 §7 anonymous auth and partner tokens).
// A shared-link page or a partner page sends its stored token as X-Auth-Code / X-Partner-Token
// instead of the session (spec 1 §7: bearer, else partner token, else auth code).
import type { AccessTokenAnswer, AnonymousLink, AssetList, ConnectStatus, ExchangeResult, MetaAsset, TokenStatus, TokenType } from '../contracts/meta-connect';
import type { TaskResponse } from '../contracts/tasks';
import { AUTH_CODE_HEADER, PARTNER_TOKEN_HEADER } from '../constants';
import { call, mainApi } from './client';

/** Who the browser is: the signed-in user (cookie), or a token kept in session storage. */
export type ConnectIdentity = { kind: 'user' } | { kind: 'anonymous'; token: string } | { kind: 'partner'; token: string };

const C = '/integrations/connect/facebook';

function headersOf(id: ConnectIdentity): Record<string, string> {
  if (id.kind === 'anonymous') return { [AUTH_CODE_HEADER]: id.token };
  if (id.kind === 'partner') return { [PARTNER_TOKEN_HEADER]: id.token };
  return {};
}

export function metaConnectApi(id: ConnectIdentity) {
  const h = headersOf(id);
  return {
    status: () => call<ConnectStatus>(mainApi, `${C}/status`, { headers: h }),
    assets: () => call<AssetList>(mainApi, `${C}/assets`, { headers: h }),
    refresh: () => call<AssetList>(mainApi, `${C}/assets`, { method: 'post', json: {}, headers: h }),
    toggle: (id: string, enabled: boolean) => call<MetaAsset>(mainApi, `${C}/assets/${encodeURIComponent(id)}`, { method: 'put', json: { enabled }, headers: h }),
    // spec 2 §7: no timeout for the connect calls that talk to Meta.
    authorize: (body: { code: string; redirect_uri: string; state: string }) => call<{ task_id: string }>(mainApi, `${C}/authorize`, { method: 'post', json: body, headers: h, timeout: false }),
    systemToken: (accessToken: string) => call<ExchangeResult>(mainApi, `${C}/token`, { method: 'post', json: { access_token: accessToken }, headers: h, timeout: false }),
    /** Sandbox only: the partner's sandbox system user instead of a pasted token. */
    sandboxSystemUser: () => call<ExchangeResult>(mainApi, `${C}/token`, { method: 'post', json: { sandbox_system_user: true }, headers: h, timeout: false }),
    tokenStatus: (connectionId: string) => call<TokenStatus>(mainApi, `${C}/token-status/${encodeURIComponent(connectionId)}`, { headers: h }),
    disconnect: (tokenType: TokenType, platformUserId: string) => call<void>(mainApi, `${C}/token`, { method: 'delete', json: { token_type: tokenType, platform_user_id: platformUserId }, headers: h }),
    task: (taskId: string, signal?: AbortSignal) => call<TaskResponse>(mainApi, `/tasks/${encodeURIComponent(taskId)}`, { headers: h, signal }),
  };
}
export type MetaConnectApi = ReturnType<typeof metaConnectApi>;

export const createShareLink = () => call<AnonymousLink>(mainApi, '/auth/anonymous/authorize', { method: 'post', json: {} });
export const redeemAnonymousCode = (code: string) => call<AccessTokenAnswer>(mainApi, `/auth/anonymous/token?${new URLSearchParams({ code })}`, { method: 'post' });
export const redeemVendorCode = (code: string, redirectUri: string) =>
  call<AccessTokenAnswer>(mainApi, `/vendor/partners/tokens?${new URLSearchParams({ code, redirect_uri: redirectUri })}`, { method: 'post' });
