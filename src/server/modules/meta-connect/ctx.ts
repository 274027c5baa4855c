// Who a connect call acts for. The three request identities of spec 1 §7 all end up here: a
// signed-in user (settings permission), an anonymous shared-link session and a partner token.
export type ConnectIdentityKind = 'user' | 'anonymous' | 'partner';

export interface ConnectCtx {
  partnerId: number;
  identity: ConnectIdentityKind;
  /**
   * The actor string stored as a connection's owner: `user:<user id>`, `anonymous:<grant id>`,
   * `partner:<grant id>`. Owners see all assets of their connections and may toggle them.
   */
  actor: string;
  userId: string | null;
  /** Origin of the console (PUBLIC_URL or the request's), for the OAuth redirect URI. */
  origin: string;
}

export const FB_CALLBACK_PATH = '/fb-callback';
export const callbackUri = (ctx: Pick<ConnectCtx, 'origin'>) => `${ctx.origin}${FB_CALLBACK_PATH}`;
