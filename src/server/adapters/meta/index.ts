// Picks the ad platform: the Graph Marketing API when META_APP_ID and META_APP_SECRET are set,
// the deterministic sandbox otherwise (ARCHITECTURE §3: sandbox by default, with a visible
// "Sandbox" badge on every screen it feeds — test `isSandbox()`).
import { config } from '../../config';
import { now as clockNow } from '../../lib/clock';
import { GraphAdPlatform } from './graph-client';
import { SandboxAdPlatform } from './sandbox';
import type { AdPlatform } from './types';

export type * from './types';
export { adSetPublishRequest, DSA_COUNTRIES, MAX_PREVIEW_VARIATIONS, META_SCOPES, PREVIEW_PLACEMENTS, targetedCountries, targetsEu } from './types';
export { MetaError, type MetaErrorReason } from './errors';
export { GRAPH_API_VERSION } from './graph-http';
export { SANDBOX_CONSENT_PATH, sandboxAuthorizationCode } from './sandbox';
export { isTokenExpired, openMetaToken, sealMetaToken, tokenExpiry, type TokenOwner } from './tokens';

let shared: AdPlatform | undefined;

export function createAdPlatform(meta: typeof config.meta = config.meta): AdPlatform {
  if (meta.appId && meta.appSecret) {
    return new GraphAdPlatform({ appId: meta.appId, appSecret: meta.appSecret, baseUrl: meta.graphUrl, dialogUrl: meta.dialogUrl, timeoutMs: meta.timeoutMs }, clockNow);
  }
  return new SandboxAdPlatform(clockNow);
}

/** The configured ad platform (one per process). */
export function adPlatform(): AdPlatform {
  shared ??= createAdPlatform();
  return shared;
}

/** True when the screens must show the "Sandbox" badge. */
export function isSandbox(): boolean {
  return adPlatform().kind === 'sandbox';
}

/** Tests only: use another platform (undefined restores the configured one). */
export function setAdPlatform(p?: AdPlatform): void {
  shared = p;
}
