// Connecting Meta (issue 13; spec 1 §2.5 #meta, §3 Meta session, §4.5, §7; spec 2 §3 Integration
// asset, §4 Meta authorization, §7 "Assets and lookups"). Field names are the spec's. Meta tokens
// never appear here: the browser learns a connection's status, expiry and user name only.
import { z } from 'zod';
import { text } from './common';

/** Asset classes in the spec's display order; pages are the required class. */
export const ASSET_KEYS = ['facebook.profile', 'instagram.profile', 'facebook.ad_account', 'facebook.pixel'] as const;
export type AssetKey = (typeof ASSET_KEYS)[number];
export const REQUIRED_ASSET_KEY: AssetKey = 'facebook.profile';

export const TOKEN_TYPES = ['USER', 'SYSTEM'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/** Meta's ids are numeric strings; the sandbox's too. */
const platformId = text().regex(/^\d{1,32}$/, 'A Meta id is a number');

export const ConnectionIdParam = z.object({ id: z.uuid() });
export const AssetIdParam = z.object({ id: z.uuid() });

export const AssetsQuery = z.object({
  is_enabled: z.enum(['true', 'false']).optional(),
  /** Comma-separated or repeated Meta user ids: only assets reachable by these users. */
  platform_user_ids: z.union([text().max(1000), z.array(text().max(40)).max(50)]).optional(),
});

export const RefreshAssetsBody = z.object({ platform_user_ids: z.array(platformId).max(50).optional() }).strict();
export const ToggleAssetBody = z.object({ enabled: z.boolean() }).strict();

export const EnrichBody = z
  .object({
    assets: z
      .array(
        z
          .object({
            id: z.uuid().optional(),
            asset_id: platformId,
            asset_class: z.enum(['profile', 'ad_account', 'pixel']),
            platform: z.enum(['facebook', 'instagram']),
          })
          .strict(),
      )
      .min(1)
      .max(50),
  })
  .strict();

export const AuthorizeBody = z
  .object({
    code: text().min(1).max(2000),
    redirect_uri: text().url().max(500),
    state: text().min(1).max(500),
  })
  .strict();

/** A system user's token, or — in the sandbox only — the partner's sandbox system user (docs/SANDBOX-META.md). */
export const SystemTokenBody = z.union([z.object({ access_token: text().trim().min(8).max(1000) }).strict(), z.object({ sandbox_system_user: z.literal(true) }).strict()]);

export const DeleteTokenBody = z.object({ token_type: z.enum(TOKEN_TYPES), platform_user_id: platformId }).strict();

export const AnonymousAuthorizeBody = z
  .object({
    /** `vendor`: a code for a partner system that returns to `redirect_uri` (/{language}/meta). */
    kind: z.enum(['anonymous', 'vendor']).optional(),
    redirect_uri: text().url().max(500).optional(),
  })
  .strict()
  .refine((b) => b.kind !== 'vendor' || !!b.redirect_uri, { message: 'A vendor code needs redirect_uri', path: ['redirect_uri'] })
  .optional();

export const AnonymousTokenQuery = z.object({ code: text().min(1).max(200) });
export const VendorTokenQuery = z.object({ code: text().min(1).max(200), redirect_uri: text().url().max(500) });

// ---------------------------------------------------------------------------------------------
// Answers

export interface MetaConnection {
  id: string;
  token_type: TokenType;
  platform_user_id: string;
  /** ISO 8601; null for tokens that do not expire (system users). */
  expires_at: string | null;
  username: string;
  /** 'expired': the owner must log in again (Meta has no refresh token). */
  status: 'valid' | 'expired';
  /** Whether the caller's own Meta login made this connection (spec 1 §4.5 owners). */
  owned: boolean;
}

export type PartnerConnectionType = 'NONE' | 'USER' | 'SYSTEM' | 'USER_AND_SYSTEM';

export interface ConnectStatus {
  partner_connection_type: PartnerConnectionType;
  sandbox: boolean;
  connections: MetaConnection[];
  /** Where the login popup goes, with the state /fb-callback must receive back. */
  login: { url: string; state: string; redirect_uri: string };
  /** Who is asking: a signed-in user, an anonymous shared-link session or a partner token. */
  identity: 'user' | 'anonymous' | 'partner';
}

export interface MetaAsset {
  id: string;
  asset_id: string;
  key: AssetKey;
  asset_label: string;
  platform: 'facebook' | 'instagram';
  asset_class: 'profile' | 'ad_account' | 'pixel';
  is_enabled: boolean;
  /** Reachable by at least one connected token. */
  is_active: boolean;
  /** Every reaching token may use it for ads (false: the reconnect warning). */
  valid: boolean;
  currency: string | null;
  connected_assets: string[];
  date_created: string;
  usernames: string[];
  asset_users: { token_type: TokenType; platform_user_id: string }[];
  /** The caller may toggle it (its own Meta login reaches it). */
  owned: boolean;
}

export interface AssetList {
  items: MetaAsset[];
}

export interface EnrichedAsset {
  id: string | null;
  asset_id: string;
  asset_class: 'profile' | 'ad_account' | 'pixel';
  platform: 'facebook' | 'instagram';
  valid: boolean;
  asset_label: string | null;
  currency: string | null;
  error_code: string | null;
}

export interface TokenStatus {
  id: string;
  token_type: TokenType;
  platform_user_id: string;
  username: string;
  expires_at: string | null;
  valid: boolean;
  error_code: string | null;
}

export interface ExchangeResult {
  connection: MetaConnection;
  assets: number;
}

export interface AnonymousLink {
  code: string;
  expires_at: string;
  /** Path of the page that uses the code (/{language}/meta-anonymous?code=… or /{language}/meta?…). */
  url: string;
}

export interface AccessTokenAnswer {
  access_token: string;
  expires_at: string;
  partner_id: number;
}
